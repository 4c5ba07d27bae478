#!/usr/bin/env node
/* global AbortSignal */
// npm run bench:web: prints the storefront's figures (Lighthouse, script weight of `/`, request
// rates, the game screen's first round). It never fails on a figure; it exits non-zero only when a
// measurement could not be made.
// What each figure means: bench/README.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { devEnv } from '../scripts/dev-env.mjs';
import { runtimeProblem } from '../scripts/runtime.mjs';
import { gameScreenRun, MOBILE_SCREEN, pageScripts, SLOW_4G } from './lib/web-game.mjs';

// Figures belong to the runtime that made them: measure on the pinned Node.js only (npm run puts it on PATH).
if (runtimeProblem()) {
  console.error(runtimeProblem());
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const toolsDir = path.join(root, 'bench/lighthouse');
const host = '127.0.0.1';
const platformPort = Number(process.env.PLATFORM_PORT ?? 4000);
const platformApiKey = process.env.PLATFORM_API_KEY ?? 'krone-development-storefront-key'; // Krone-Storefront-Key
const webPort = Number(process.env.WEB_PORT ?? 3000);
const studioPort = Number(process.env.STUDIO_PORT ?? 4400);
const chromePath = CHROMIUM_PATH;
const chromeFlags = ['--headless=new', ...CHROMIUM_FLAGS];
// The slot lobby and the whole catalogue (issue 14) aim at Lighthouse mobile ≥ 95 like the rest.
// BENCH_PAGES=/spilleautomater,/alle-spil measures only those.
const pages = process.env.BENCH_PAGES
  ? process.env.BENCH_PAGES.split(',')
  : ['/', '/nyheder', '/kampagner', '/spilleautomater', '/alle-spil'];
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const loadConnections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 32);
const staticPath = process.env.BENCH_STATIC_PATH ?? '/favicon.ico';
// BENCH_ONLY=game (or any of lighthouse,scripts,load,game, comma-separated) runs only those parts.
const allParts = ['lighthouse', 'scripts', 'load', 'game'];
const parts = new Set(process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((part) => part.trim()) : allParts);
for (const part of parts) {
  if (allParts.includes(part)) continue;
  console.error(`BENCH_ONLY: unknown part ${part} (one or more of ${allParts.join(', ')})`);
  process.exit(2);
}
// The game screen (issue 23): a title's fun screen, cold, under Lighthouse's mobile profile.
const gameId = process.env.BENCH_GAME ?? 'vikingernes-guld';
const gameRuns = Number(process.env.BENCH_GAME_RUNS ?? 3);
const gameLobby = process.env.BENCH_GAME_LOBBY ?? '/spilleautomater';
const gameThrottle = {
  rttMs: Number(process.env.BENCH_GAME_RTT_MS ?? SLOW_4G.rttMs),
  downKbps: Number(process.env.BENCH_GAME_DOWN_KBPS ?? SLOW_4G.downKbps),
  upKbps: Number(process.env.BENCH_GAME_UP_KBPS ?? SLOW_4G.upKbps),
  cpuSlowdown: Number(process.env.BENCH_GAME_CPU_SLOWDOWN ?? SLOW_4G.cpuSlowdown),
};
// More Chromium flags for the game screen only, e.g. --disable-webgl to see the canvas renderer.
const gameChromiumFlags = (process.env.BENCH_GAME_CHROMIUM_FLAGS ?? '').split(/\s+/).filter(Boolean);
const BENCH_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
// What a browser sends; Next compresses `/` for it (and not the favicon, an image).
const browserAcceptEncoding = 'gzip, deflate, br, zstd';

const aims = { lighthouse: 95, scriptsKb: 230, ratePercent: 40, gamePlayableMs: 3000 };

const started = [];
const failures = [];
const log = (line = '') => console.log(line);
const cores = availableParallelism();
const loadLine = () => {
  const [one] = loadavg();
  return `load average ${one.toFixed(1)} on ${cores} cores${one > cores ? ' (BUSY: other work competes with the measurement; figures are pessimistic)' : ''}`;
};
const heading = (title) => {
  log(`\n== ${title} ${'='.repeat(Math.max(0, 70 - title.length))}`);
  log(loadLine());
};
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const pad = (value, width) => String(value).padEnd(width);
const lpad = (value, width) => String(value).padStart(width);
const fmt = (value, digits = 0, unit = '') => (value === undefined ? 'n/a' : `${value.toFixed(digits)}${unit}`);

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Starts a process in its own process group, so that stopping it also stops what it spawned (npx → next). */
function startProcess(name, command, args, env, cwd) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`bench: ${name} exited early (${signal ?? code})\n${stderr}`);
  });
  started.push({ name, child });
  return child;
}

let stopping = false;
function stopStarted() {
  stopping = true;
  for (const { name, child } of started.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
      log(`stopped the ${name} this run started (pid ${child.pid})`);
    } catch {
      // already gone
    }
  }
  started.length = 0;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopStarted();
    process.exit(130);
  });
}

/** Step 1: a production storefront to measure. Returns its base URL. */
async function ensureStorefront() {
  heading('storefront');
  if (process.env.BENCH_BASE_URL) {
    const base = process.env.BENCH_BASE_URL.replace(/\/+$/, '');
    log(`using BENCH_BASE_URL ${base} (nothing started)`);
    if (!(await answers(`${base}/`))) throw new Error(`${base}/ does not answer`);
    return base;
  }
  const base = `http://${host}:${webPort}`;
  if (await answers(`${base}/`)) {
    log(`reusing the storefront already running at ${base} (nothing started, nothing stopped)`);
    return base;
  }
  const platformUrl = `http://${host}:${platformPort}`;
  if (await answers(`${platformUrl}/health`)) {
    log(`reusing the platform already running at ${platformUrl}`);
  } else {
    log(`starting the platform on ${platformUrl} (in-memory database)…`);
    startProcess(
      'platform',
      process.execPath,
      ['--import', 'tsx', 'apps/platform/src/server.ts'],
      {
        KRONE_ENV: 'development',
        PLATFORM_PORT: String(platformPort),
        PLATFORM_HOST: host,
        ...{ PLATFORM_PUBLIC_PORT: String(platformPort + 1), PLATFORM_PUBLIC_HOST: host, STOREFRONT_API_KEY: platformApiKey },
        PGLITE_DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
      },
      root,
    );
    await waitFor(`${platformUrl}/health`, 120_000);
  }
  // A game screen's sessions and rounds are the studio's (fun play needs nothing else): the game
  // part needs it, and so does Lighthouse on a game screen (BENCH_PAGES).
  const studioUrl = `http://${host}:${studioPort}`;
  const wiring = devEnv('demo', { host, simsPort: 4300, platformPort, platformPublicPort: platformPort + 1, webPort, studioPort });
  if (await answers(`${studioUrl}/health`)) {
    log(`reusing the studio already running at ${studioUrl}`);
  } else {
    log(`starting the studio on ${studioUrl} (in-memory database)…`);
    startProcess(
      'studio',
      process.execPath,
      ['--import', 'tsx', 'apps/studio/src/server.ts'],
      { ...wiring.studio, STUDIO_DATABASE_URL: 'memory://', LOG_LEVEL: 'warn' },
      root,
    );
    await waitFor(`${studioUrl}/health`, 120_000);
  }
  const env = {
    KRONE_ENV: 'development',
    NEXT_TELEMETRY_DISABLED: '1',
    PLATFORM_URL: platformUrl,
    PLATFORM_API_KEY: platformApiKey,
    STUDIO_URL: studioUrl,
    STUDIO_API_KEY: wiring.web.STUDIO_API_KEY,
  };
  if (!existsSync(path.join(webDir, '.next/BUILD_ID'))) {
    log('building the storefront (no apps/web/.next/BUILD_ID)…');
    const build = spawnSync('npx', ['next', 'build'], { cwd: webDir, env: { ...process.env, ...env }, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('next build failed');
  } else {
    const buildId = readFileSync(path.join(webDir, '.next/BUILD_ID'), 'utf8').trim();
    log(`using the existing build in apps/web/.next (build id ${buildId})`);
  }
  log(`starting the storefront on ${base}…`);
  startProcess(
    'storefront',
    process.execPath,
    ['--import', 'tsx', 'server.ts'],
    { ...env, WEB_HOST: host, WEB_PORT: String(webPort), WEB_PUBLIC_URL: base },
    webDir,
  );
  await waitFor(`${base}/`, 120_000);
  log('storefront ready');
  return base;
}

/** Installs Lighthouse and autocannon into bench/lighthouse (outside the npm workspaces) on first use. */
function ensureTools() {
  // Installed, and the versions its lock pins (an older Lighthouse left by a previous lock is replaced).
  const locked = JSON.parse(readFileSync(path.join(toolsDir, 'package-lock.json'), 'utf8')).packages;
  const installed = (name) => {
    const file = path.join(toolsDir, 'node_modules', name, 'package.json');
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
  };
  if (['lighthouse', 'autocannon'].every((name) => installed(name) === locked[`node_modules/${name}`]?.version)) return;
  heading('installing bench tools');
  log('npm ci in bench/lighthouse (first use, or its lock changed)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: toolsDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm ci in bench/lighthouse failed');
}

const toolsRequire = createRequire(path.join(toolsDir, 'package.json'));
const importTool = async (name) => import(pathToFileURL(toolsRequire.resolve(name)).href);

/** Step 2: Lighthouse, mobile preset (its default), performance only, N runs per page. */
async function lighthouse(base) {
  heading(`Lighthouse: mobile, performance, ${lighthouseRuns} runs a page`);
  const { default: runLighthouse } = await importTool('lighthouse');
  const chromeLauncher = await importTool('chrome-launcher');
  const version = toolsRequire('lighthouse/package.json').version;
  log(`lighthouse ${version}, Chrome ${chromePath}`);
  // chrome-launcher throws an unhandled spawn error for a missing browser: say it plainly instead.
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
  const results = {};
  for (const page of pages) {
    const runs = [];
    for (let i = 1; i <= lighthouseRuns; i++) {
      const userDataDir = mkdtempSync(path.join(tmpdir(), 'krone-lh-'));
      let chrome;
      try {
        chrome = await chromeLauncher.launch({ chromePath, chromeFlags, userDataDir, logLevel: 'silent' });
        const result = await runLighthouse(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error('no result');
        const audit = (id) => lhr.audits[id]?.numericValue;
        const run = {
          score: lhr.categories.performance.score === null ? undefined : lhr.categories.performance.score * 100,
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          si: audit('speed-index'),
          benchmarkIndex: lhr.environment?.benchmarkIndex,
        };
        runs.push(run);
        const problems = [lhr.runtimeError?.message, ...(lhr.runWarnings ?? [])].filter(Boolean);
        log(
          `${pad(page, 11)} run ${i}: score ${lpad(fmt(run.score), 3)}  FCP ${lpad(fmt(run.fcp, 0, ' ms'), 7)}  LCP ${lpad(fmt(run.lcp, 0, ' ms'), 7)}  TBT ${lpad(fmt(run.tbt, 0, ' ms'), 6)}  CLS ${fmt(run.cls, 3)}  SI ${lpad(fmt(run.si, 0, ' ms'), 7)}  (CPU benchmark ${fmt(run.benchmarkIndex)})`,
        );
        for (const problem of problems) log(`            warning: ${problem}`);
      } catch (error) {
        log(`${pad(page, 11)} run ${i}: FAILED: ${error?.message ?? error}`);
        failures.push(`Lighthouse ${page} run ${i}: ${error?.message ?? error}`);
      } finally {
        try {
          if (chrome) await chrome.kill();
        } catch {
          // already gone
        }
        rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
      }
    }
    results[page] = {
      score: median(runs.map((r) => r.score)),
      lcp: median(runs.map((r) => r.lcp)),
      tbt: median(runs.map((r) => r.tbt)),
      cls: median(runs.map((r) => r.cls)),
      runs: runs.length,
    };
  }
  log('');
  log('median per page:');
  for (const page of pages) {
    const m = results[page];
    log(
      `  ${pad(page, 11)} score ${lpad(fmt(m.score), 3)}  LCP ${lpad(fmt(m.lcp, 0, ' ms'), 7)}  TBT ${lpad(fmt(m.tbt, 0, ' ms'), 6)}  CLS ${fmt(m.cls, 3)}  (${m.runs} of ${lighthouseRuns} runs)`,
    );
  }
  return results;
}

/** Step 3: every script `/` loads in headless Chromium, gzipped at level 9, and as served. */
async function scriptWeight(base) {
  heading('scripts loaded by / (headless Chromium)');
  const { chromium } = await import('@playwright/test');
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'krone-pw-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromePath,
    headless: true,
    args: chromeFlags.filter((flag) => !flag.startsWith('--headless')),
  });
  const scripts = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    let loaded = false;
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ response, afterLoad: loaded });
    });
    page.on('load', () => {
      loaded = true;
    });
    await page.goto(`${base}/`, { waitUntil: 'load' });
    // Scripts the page fetches right after load (lazy chunks, consent banner) belong to the load too.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const rows = [];
    for (const { response, afterLoad } of scripts) {
      const url = new URL(response.url());
      const body = await response.body().catch(() => undefined);
      if (!body) {
        log(`  (no body for ${url.pathname}, status ${response.status()})`);
        continue;
      }
      const sizes = await response
        .request()
        .sizes()
        .catch(() => undefined);
      const encoding = (await response.allHeaders())['content-encoding'] ?? 'identity';
      rows.push({
        status: response.status(),
        name: url.origin === new URL(base).origin ? url.pathname + url.search : url.href,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        served: sizes?.responseBodySize,
        encoding,
        afterLoad,
      });
    }
    rows.sort((a, b) => b.gzip - a.gzip);
    // A script that did not load (404/500, e.g. a server whose .next was rebuilt under it) is no
    // script weight: it is listed, marked, and left out of the totals.
    const failed = rows.filter((r) => r.status >= 400);
    const width = Math.max(20, ...rows.map((r) => r.name.length));
    log(`${pad('file', width)}  ${lpad('raw', 9)}  ${lpad('gzip -9', 9)}  ${lpad('as served', 9)}  encoding`);
    for (const r of rows) {
      log(
        `${pad(r.name, width)}  ${lpad(kB(r.raw), 9)}  ${lpad(kB(r.gzip), 9)}  ${lpad(r.served === undefined ? 'n/a' : kB(r.served), 9)}  ${r.encoding}${r.afterLoad ? '  (after load)' : ''}${r.status >= 400 ? `  HTTP ${r.status}: FAILED, not counted` : ''}`,
      );
    }
    const counted = rows.filter((r) => r.status < 400);
    const total = (key) => counted.reduce((sum, r) => sum + (r[key] ?? 0), 0);
    const totals = { files: counted.length, raw: total('raw'), gzip: total('gzip'), served: total('served'), failed: failed.length };
    log(
      `${pad(`total (${counted.length} files)`, width)}  ${lpad(kB(totals.raw), 9)}  ${lpad(kB(totals.gzip), 9)}  ${lpad(kB(totals.served), 9)}`,
    );
    if (failed.length) {
      log(`WARNING: ${failed.length} script request(s) of / failed (${failed.map((r) => r.status).join(', ')}); the total misses them.`);
      log('         A server still running while apps/web/.next was rebuilt answers like this: restart it and run again.');
    }
    const late = rows.filter((r) => r.afterLoad);
    if (late.length) log(`(${late.length} of them, ${kB(late.reduce((s, r) => s + r.gzip, 0))} gzip, arrived after the load event)`);
    return totals;
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** Step 4: requests per second of `/` and of a static file, same connections and duration. */
async function requestRates(base) {
  heading(`request rates: autocannon, ${loadConnections} connections, ${loadSeconds} s each`);
  const { default: autocannon } = await importTool('autocannon');
  const hit = async (urlPath, headers, seconds) => {
    // A current phone browser's User-Agent, as real traffic carries one (the storefront's proxy
    // only runs for User-Agents that may be unsupported).
    const result = await autocannon({
      url: `${base}${urlPath}`,
      connections: loadConnections,
      duration: seconds,
      headers: { 'user-agent': BENCH_USER_AGENT, ...headers },
    });
    return result;
  };
  const modes = [
    { label: `as a browser asks (Accept-Encoding: ${browserAcceptEncoding})`, headers: { 'accept-encoding': browserAcceptEncoding } },
    { label: 'without Accept-Encoding (no compression)', headers: {} },
  ];
  const out = [];
  for (const mode of modes) {
    log(`${mode.label}:`);
    const rates = {};
    for (const urlPath of ['/', staticPath]) {
      await hit(urlPath, mode.headers, 2); // warm-up, not counted
      const r = await hit(urlPath, mode.headers, loadSeconds);
      const bytesPerRequest = r.requests.total ? r.throughput.total / r.requests.total : 0;
      rates[urlPath] = r.requests.average;
      log(
        `  ${pad(urlPath, 13)} ${lpad(r.requests.average.toFixed(0), 6)} req/s  latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms  ${kB(bytesPerRequest)}/response  (${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)`,
      );
      if (r.non2xx || r.errors)
        log(`  warning: ${urlPath} answered ${r.non2xx} non-2xx and had ${r.errors} errors; its rate is not a clean figure`);
    }
    const ratio = rates[staticPath] ? (rates['/'] / rates[staticPath]) * 100 : undefined;
    log(`  / at ${fmt(ratio, 1, ' %')} of ${staticPath}'s rate`);
    out.push({ label: mode.label, page: rates['/'], static: rates[staticPath], ratio });
  }
  return out;
}

/**
 * Step 5: the game screen's first round (issue 23), BENCH_GAME_RUNS cold loads of a title's fun
 * screen under Lighthouse's mobile profile: when the spin button is enabled (the first round
 * playable), when the canvas is drawn, when the first round's reels have landed after a press; and
 * the scripts it loads beyond the lobby's, of which those its HTML does not name are the renderer
 * (the dynamic import of PixiJS and our drawing code, in several chunks).
 */
async function gameScreen(base) {
  const t = gameThrottle;
  heading(`game screen: ${gameId}, ${gameRuns} cold loads, mobile profile`);
  const url = `${base}/spilleautomater/spil-for-sjov/${gameId}`;
  log(
    `${url}: ${MOBILE_SCREEN.viewport.width}×${MOBILE_SCREEN.viewport.height} at DPR ${MOBILE_SCREEN.deviceScaleFactor}, CPU ${t.cpuSlowdown}× slower, network ${t.rttMs} ms RTT, ${t.downKbps.toFixed(0)} kbps down, ${t.upKbps.toFixed(0)} kbps up (CDP)`,
  );
  const { chromium } = await import('@playwright/test');
  const browser = {
    chromium,
    chromePath,
    chromeArgs: [...chromeFlags.filter((flag) => !flag.startsWith('--headless')), ...gameChromiumFlags],
  };
  if (gameChromiumFlags.length) log(`with the Chromium flags ${gameChromiumFlags.join(' ')}`);
  const runs = [];
  for (let i = 1; i <= gameRuns; i++) {
    try {
      const run = await gameScreenRun({ ...browser, url, throttle: t });
      runs.push(run);
      const after = run.landed !== undefined && run.click !== undefined ? run.landed - run.click : undefined;
      log(
        `run ${i}: spin enabled ${lpad(fmt(run.spinEnabled, 0, ' ms'), 8)}  canvas ${lpad(fmt(run.canvas, 0, ' ms'), 8)} (${run.renderer ?? 'none'})  pressed ${lpad(fmt(run.click, 0, ' ms'), 8)}  landed ${lpad(fmt(run.landed, 0, ' ms'), 8)} (${fmt(after, 0, ' ms')} after the press${run.onCanvas ? '' : ', on the grid'}, ${fmt(run.frames)} frames${after ? `, ${fmt((run.frames / after) * 1000, 1)} fps` : ''})  ${loadLine()}`,
      );
      for (const problem of run.problems) log(`        warning: ${problem}`);
    } catch (error) {
      log(`run ${i}: FAILED: ${error?.message ?? error}`);
      failures.push(`game screen run ${i}: ${error?.message ?? error}`);
    }
  }
  const lobby = await pageScripts({ ...browser, url: `${base}${gameLobby}` });
  const lobbyNames = new Set(lobby.filter((r) => r.status < 400).map((r) => r.name));
  // The scripts of the first run that loaded everything (a cold profile each time: the same files).
  const game = runs.find((run) => run.scripts.length)?.scripts ?? [];
  const extra = game.filter((r) => r.status < 400 && !lobbyNames.has(r.name)).sort((a, b) => (b.gzip ?? 0) - (a.gzip ?? 0));
  const sum = (rows, key) => rows.reduce((total, r) => total + (r[key] ?? 0), 0);
  log('');
  log(`scripts the game screen loads beyond ${gameLobby}'s (${extra.length} of its ${game.length}; the lobby loads ${lobby.length}):`);
  const width = Math.max(20, ...extra.map((r) => r.name.length));
  log(`  ${pad('file', width)}  ${lpad('raw', 9)}  ${lpad('gzip -9', 9)}  ${lpad('as served', 9)}`);
  for (const r of extra)
    log(
      `  ${pad(r.name, width)}  ${lpad(kB(r.raw ?? 0), 9)}  ${lpad(kB(r.gzip ?? 0), 9)}  ${lpad(r.served === undefined ? 'n/a' : kB(r.served), 9)}  ${r.inHtml ? 'named by the HTML' : 'on demand'}${r.mentionsPixi ? ', names PixiJS' : ''}`,
    );
  log(
    `  ${pad('total', width)}  ${lpad(kB(sum(extra, 'raw')), 9)}  ${lpad(kB(sum(extra, 'gzip')), 9)}  ${lpad(kB(sum(extra, 'served')), 9)}`,
  );
  const failed = game.filter((r) => r.status >= 400);
  if (failed.length)
    log(`WARNING: ${failed.length} script request(s) of the game screen failed (${failed.map((r) => r.status).join(', ')})`);
  // The canvas is one dynamic import (PixiJS and our drawing code), which the bundler splits into
  // several chunks, PixiJS's own lazy extensions among them: those the HTML does not name.
  const renderer = extra.filter((r) => !r.inHtml);
  const largest = extra[0];
  if (largest)
    log(
      `the largest chunk only the game screen loads: ${largest.name}, ${kB(largest.gzip ?? 0)} gzip -9${largest.inHtml ? " (named by the HTML: the page's code, not the renderer)" : ''}`,
    );
  log(
    `the renderer (loaded on demand): ${renderer.length} chunks, ${kB(sum(renderer, 'gzip'))} gzip -9, ${kB(sum(renderer, 'raw'))} raw; its largest ${renderer[0] ? `${kB(renderer[0].gzip ?? 0)} (${renderer[0].name})` : 'n/a'}`,
  );
  const result = {
    runs: runs.length,
    spinEnabled: median(runs.map((r) => r.spinEnabled)),
    canvas: median(runs.map((r) => r.canvas)),
    landed: median(runs.map((r) => r.landed)),
    afterPress: median(runs.map((r) => (r.landed !== undefined && r.click !== undefined ? r.landed - r.click : undefined))),
    fps: median(runs.map((r) => (r.landed !== undefined && r.click !== undefined ? (r.frames / (r.landed - r.click)) * 1000 : undefined))),
    renderers: [...new Set(runs.map((r) => r.renderer ?? 'none'))].join(', '),
    extraGzip: extra.length || game.length ? sum(extra, 'gzip') : undefined,
    rendererGzip: renderer.length ? sum(renderer, 'gzip') : undefined,
    rendererChunks: renderer.length,
    rendererLargestGzip: renderer[0]?.gzip,
  };
  log('');
  log(
    `median of ${runs.length} of ${gameRuns} runs: spin enabled ${fmt(result.spinEnabled, 0, ' ms')}, canvas ${fmt(result.canvas, 0, ' ms')} (${result.renderers}), landed ${fmt(result.landed, 0, ' ms')} from navigation start, ${fmt(result.afterPress, 0, ' ms')} after the press at ${fmt(result.fps, 1)} frames a second`,
  );
  return result;
}

async function step(name, fn) {
  try {
    return await fn();
  } catch (error) {
    log(`${name} FAILED: ${error?.stack ?? error}`);
    failures.push(`${name}: ${error?.message ?? error}`);
    return undefined;
  }
}

const mark = (ok) => (ok === undefined ? '' : ok ? 'meets the aim' : 'MISSES the aim');

try {
  log(`bench:web, Node ${process.version}, ${new Date().toISOString()}`);
  const base = await ensureStorefront();
  if (parts.has('lighthouse') || parts.has('load')) await step('bench tools install', async () => ensureTools());
  const lh = parts.has('lighthouse') ? await step('Lighthouse', () => lighthouse(base)) : undefined;
  const scripts = parts.has('scripts') ? await step('script weight', () => scriptWeight(base)) : undefined;
  const rates = parts.has('load') ? await step('request rates', () => requestRates(base)) : undefined;
  const game = parts.has('game') ? await step('game screen', () => gameScreen(base)) : undefined;

  heading('summary (figures only; nothing here fails the run)');
  log(`${pad('figure', 44)} ${pad('value', 12)} ${pad('aim', 10)}`);
  for (const page of parts.has('lighthouse') ? pages : []) {
    const score = lh?.[page]?.score;
    log(
      `${pad(`Lighthouse mobile perf ${page} (median)`, 44)} ${pad(fmt(score), 12)} ${pad(`≥ ${aims.lighthouse}`, 10)} ${mark(score === undefined ? undefined : score >= aims.lighthouse)}`,
    );
  }
  if (parts.has('scripts'))
    log(
      `${pad('scripts on / (gzip -9)', 44)} ${pad(scripts ? kB(scripts.gzip) : 'n/a', 12)} ${pad(`≤ ${aims.scriptsKb} kB`, 10)} ${mark(scripts ? scripts.gzip / 1000 <= aims.scriptsKb : undefined)}`,
    );
  if (scripts) log(`${pad('scripts on / (as served)', 44)} ${pad(kB(scripts.served), 12)}`);
  if (scripts?.failed) log(`${pad('', 44)} (${scripts.failed} script request(s) failed and are not counted: see above)`);
  const main = rates?.[0];
  if (parts.has('load'))
    log(
      `${pad('/ rate vs static (browser-like)', 44)} ${pad(fmt(main?.ratio, 1, ' %'), 12)} ${pad(`≥ ${aims.ratePercent} %`, 10)} ${mark(main?.ratio === undefined ? undefined : main.ratio >= aims.ratePercent)}`,
    );
  if (main) log(`${pad('', 44)} (${fmt(main.page)} vs ${fmt(main.static)} req/s)`);
  const identity = rates?.[1];
  if (identity)
    log(
      `${pad('/ rate vs static (no compression)', 44)} ${pad(fmt(identity.ratio, 1, ' %'), 12)} (${fmt(identity.page)} vs ${fmt(identity.static)} req/s)`,
    );
  if (parts.has('game')) {
    const playable = game?.spinEnabled;
    log(
      `${pad('game screen: first round playable (median)', 44)} ${pad(fmt(playable, 0, ' ms'), 12)} ${pad(`≤ ${aims.gamePlayableMs} ms`, 10)} ${mark(playable === undefined ? undefined : playable <= aims.gamePlayableMs)}`,
    );
    log(`${pad('game screen: canvas drawn (median)', 44)} ${pad(fmt(game?.canvas, 0, ' ms'), 12)} (${game?.renderers ?? 'n/a'})`);
    log(
      `${pad('game screen: first round landed (median)', 44)} ${pad(fmt(game?.landed, 0, ' ms'), 12)} (${fmt(game?.afterPress, 0, ' ms')} after the press, ${fmt(game?.fps, 1)} fps)`,
    );
    log(
      `${pad('game screen: scripts beyond the lobby (gzip -9)', 44)} ${pad(game?.extraGzip === undefined ? 'n/a' : kB(game.extraGzip), 12)}`,
    );
    log(
      `${pad('game screen: renderer, on demand (gzip -9)', 44)} ${pad(game?.rendererGzip === undefined ? 'n/a' : kB(game.rendererGzip), 12)} (${game?.rendererChunks ?? 0} chunks, the largest ${game?.rendererLargestGzip === undefined ? 'n/a' : kB(game.rendererLargestGzip)})`,
    );
  }
  if (failures.length) {
    log('\nmeasurements that could not be made:');
    for (const failure of failures) log(`  - ${failure}`);
  }
} catch (error) {
  console.error(`bench:web: ${error?.stack ?? error}`);
  failures.push(String(error));
} finally {
  stopStarted();
}
process.exitCode = failures.length ? 1 : 0;
