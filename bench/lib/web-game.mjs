// bench:web's game-screen figures (issue 23): one cold load of a slot's fun game screen in headless
// Chromium under Lighthouse's mobile profile, timed inside the page, and the scripts it loaded.
// What each figure means: bench/README.md ("The game screen").
/* global performance, MutationObserver, Element, requestAnimationFrame */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Lighthouse's mobile screen (its constants' `screenEmulationMetrics.mobile`, a Moto G Power) and its user agent. */
export const MOBILE_SCREEN = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

/**
 * Lighthouse's "slow 4G" as it simulates it (`throttling.mobileSlow4G`: rttMs 150, throughputKbps
 * 1.6 × 1024, upload 750) and its 4× CPU slowdown. Lighthouse itself, when it applies throttling in
 * the browser (`--throttling-method=devtools`), multiplies the latency by 3.75 and the throughputs
 * by 0.9, since a per-request latency is milder than a round trip per packet; the environment
 * variables of the bench set those harsher values (bench/README.md).
 */
export const SLOW_4G = { rttMs: 150, downKbps: 1.6 * 1024, upKbps: 750, cpuSlowdown: 4 };

/**
 * Runs in the page before any of its own scripts: records, in ms since navigation start
 * (performance.now()), when the spin button is enabled, when the canvas is drawn, when the spin
 * button is pressed and when the round has landed. It presses the button itself, as a task queued
 * the moment the button is enabled and the canvas drawn (or `canvasWaitMs` after the button without
 * a canvas), so that the bench's own round trips to a throttled page do not count as the player's.
 */
function recordMarks({ canvasWaitMs }) {
  const marks = {};
  Object.defineProperty(window, '__benchGame', { value: marks });
  const now = () => Math.round(performance.now());
  let pressQueued = false;
  const check = () => {
    const spin = document.querySelector('[data-testid="game-spin"]');
    if (marks.spinEnabled === undefined && spin && !spin.disabled) {
      marks.spinEnabled = now();
      setTimeout(check, canvasWaitMs);
    }
    const stage = document.querySelector('[data-testid="game-stage"]');
    if (marks.canvas === undefined && stage?.hasAttribute('data-renderer')) {
      marks.canvas = now();
      marks.renderer = stage.getAttribute('data-renderer');
    }
    const waitedEnough = marks.spinEnabled !== undefined && now() - marks.spinEnabled >= canvasWaitMs - 50;
    if (!pressQueued && spin && !spin.disabled && (marks.canvas !== undefined || waitedEnough)) {
      pressQueued = true;
      setTimeout(() => spin.click(), 0);
    }
    const error = document.querySelector('[data-testid="game-error"], [data-testid="game-launch-error"]');
    if (error && marks.error === undefined) marks.error = error.textContent?.trim() || 'error shown';
    if (marks.click === undefined) return;
    const phase = stage?.getAttribute('data-phase');
    if (phase === 'spinning') marks.sawSpinning = true;
    const round = document.querySelector('[data-testid="game-window"]')?.getAttribute('data-round');
    if (marks.landed === undefined && round && phase !== 'spinning') {
      marks.landed = now();
      marks.roundId = round;
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled', 'data-renderer', 'data-round', 'data-phase'],
  });
  // Capture phase: before React's own listener starts the round.
  document.addEventListener(
    'click',
    (event) => {
      if (marks.click === undefined && event.target instanceof Element && event.target.closest('[data-testid="game-spin"]')) {
        marks.click = now();
        // The frames the page draws while the round plays, until it has landed.
        marks.frames = 0;
        const frame = () => {
          if (marks.landed !== undefined) return;
          marks.frames++;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
        check();
      }
    },
    true,
  );
}

/** Every script response of a page, its body gzipped at level 9 (what a CDN would send) and its size as served. */
async function scriptRows(responses, origin) {
  const rows = [];
  for (const response of responses) {
    const url = new URL(response.url());
    const body = await response.body().catch(() => undefined);
    const sizes = await response
      .request()
      .sizes()
      .catch(() => undefined);
    rows.push({
      name: url.origin === origin ? url.pathname + url.search : url.href,
      status: response.status(),
      raw: body?.length,
      gzip: body ? gzipSync(body, { level: 9 }).length : undefined,
      served: sizes?.responseBodySize,
      mentionsPixi: body ? /PixiJS|pixi\.js/.test(body.toString('latin1')) : false,
    });
  }
  return rows;
}

/** A fresh browser profile (a first visit: nothing cached), the screen and the throttling applied; closed by `done`. */
async function openBrowser({ chromium, chromePath, chromeArgs, throttle }) {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'krone-game-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromePath,
    headless: true,
    args: chromeArgs,
    ...MOBILE_SCREEN,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  if (throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // CDP takes bytes per second (-1: no limit); Lighthouse's kbps are 1024 bits.
    const bytesPerSecond = (kbps) => (kbps > 0 ? (kbps * 1024) / 8 : -1);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttle.rttMs,
      downloadThroughput: bytesPerSecond(throttle.downKbps),
      uploadThroughput: bytesPerSecond(throttle.upKbps),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpuSlowdown });
  }
  const done = async () => {
    await context.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  return { page, done };
}

/**
 * The scripts a page loads unthrottled, kept open `openMs` after its load event and then until the
 * network is idle: the lobby, to subtract from the game screen's. Long enough for what loads late on
 * every page (the consent banner, 10 s after load) to count on both sides.
 */
export async function pageScripts({ chromium, chromePath, chromeArgs, url, openMs = 12_000 }) {
  const { page, done } = await openBrowser({ chromium, chromePath, chromeArgs });
  try {
    const responses = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(openMs);
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    return await scriptRows(responses, new URL(url).origin);
  } finally {
    await done();
  }
}

/**
 * One cold load of the game screen under the throttling: the spin button is pressed as soon as it
 * is enabled and the canvas is drawn (or `canvasWaitMs` passed without it), and the run ends when
 * the round has landed (or `timeoutMs`). Times are the page's own, from navigation start. Also the
 * scripts it loaded and the chunks its HTML names (the rest it loaded on demand: the renderer).
 */
export async function gameScreenRun({ chromium, chromePath, chromeArgs, url, throttle, canvasWaitMs = 15_000, timeoutMs = 60_000 }) {
  const { page, done } = await openBrowser({ chromium, chromePath, chromeArgs, throttle });
  const problems = [];
  try {
    const responses = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.addInitScript(recordMarks, { canvasWaitMs });
    const document = await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    await page
      .waitForFunction(() => window.__benchGame?.landed !== undefined || window.__benchGame?.error !== undefined, null, {
        timeout: timeoutMs,
        polling: 100,
      })
      .catch(() => problems.push(`no round landed within ${timeoutMs / 1000} s`));
    // Chunks fetched while the round plays out belong to the game screen too.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const recorded = await page.evaluate(() => ({ ...window.__benchGame }));
    if (recorded.error) problems.push(`the screen showed an error: ${recorded.error}`);
    if (recorded.click !== undefined && recorded.canvas === undefined)
      problems.push(`no canvas within ${canvasWaitMs / 1000} s of the spin button: the round played on the grid`);
    const html = (await document?.text().catch(() => '')) ?? '';
    const scripts = (await scriptRows(responses, new URL(url).origin)).map((row) => ({
      ...row,
      inHtml: html.includes(row.name.split('?')[0].split('/').pop()),
    }));
    return { ...recorded, onCanvas: Boolean(recorded.sawSpinning), scripts, problems };
  } finally {
    await done();
  }
}
