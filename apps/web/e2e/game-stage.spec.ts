import type { Page, Route } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';
import { expect, hydrated, test } from './fixtures';

// The stage's own tests run with WebGL, as a phone draws (the other specs turn it off to save CPU:
// playwright.config.ts); the 2D canvas fallback is what the other game specs play on.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS } });

/*
 * The slot's canvas (PixiJS): it draws only what the studio sent. The canvas keeps on its box what
 * it shows (data-shown: the symbols its reels rest on, read back from the reels) and what its band
 * says (data-message); the page's grid and the round's words are the same result in text.
 */

interface Win {
  kind: string;
  line?: number | null;
  symbol: number;
  count: number;
  winOre: number;
  positions?: [number, number][];
}
interface Answer {
  data: { round: { roundId: string; stakeOre: number; winOre: number; outcome: { window: number[][]; wins: Win[]; freeSpins?: unknown } } };
}

/** A lobby tile's game, opened by its tile as a guest plays it (for fun), its canvas drawn. */
async function openFromLobby(page: Page) {
  await page.goto('/spilleautomater');
  await hydrated(page);
  await page.getByTestId('game-tile-link').first().click();
  await expect(page).toHaveURL(/\/spilleautomater\/spil-for-sjov\/[a-z0-9-]+$/);
  await expect(page.getByTestId('game-balance')).toHaveText(/kr\.$/, { timeout: 15_000 });
  const stage = page.getByTestId('game-stage');
  await expect(stage).toHaveAttribute('data-renderer', /^(webgl|canvas)$/, { timeout: 15_000 });
  const necessaryOnly = page.getByRole('button', { name: 'Kun nødvendige' }).first();
  if (await necessaryOnly.isVisible()) await necessaryOnly.click();
  return stage;
}

/** Every data-phase the stage passes through from now on. */
async function recordPhases(page: Page) {
  await page.getByTestId('game-stage').evaluate((element) => {
    const seen: string[] = [element.getAttribute('data-phase') ?? ''];
    (window as unknown as { phases: string[] }).phases = seen;
    new MutationObserver(() => seen.push(element.getAttribute('data-phase') ?? '')).observe(element, {
      attributes: true,
      attributeFilter: ['data-phase'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { phases: string[] }).phases);
}

/** The symbols of the page's grid (the accessible window), reel by reel. */
async function gridSymbols(page: Page): Promise<number[][]> {
  return page
    .getByTestId('game-reel')
    .evaluateAll((reels) =>
      reels.map((reel) => [...reel.querySelectorAll('[data-testid="game-cell"]')].map((cell) => Number(cell.getAttribute('data-symbol')))),
    );
}

/** Rewrites the studio's round on its way to the page (the studio has no hook to force an outcome). */
async function rewriteRounds(page: Page, change: (answer: Answer) => void) {
  await page.route('**/api/spil/sessions/*/rounds', async (route: Route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as Answer;
    change(answer);
    await route.fulfill({ response, json: answer });
  });
}

test("a spin turns the reels and stops them on the studio's window; the grid and the words say what the canvas shows", async ({
  page,
  consoleErrors,
}) => {
  const stage = await openFromLobby(page);
  const phases = await recordPhases(page);
  const canvas = stage.locator('canvas');
  const before = await canvas.screenshot();
  const answered = page.waitForResponse(
    (response) => /\/api\/spil\/sessions\/[^/]+\/rounds$/.test(response.url()) && response.request().method() === 'POST',
  );
  await page.getByTestId('game-spin').click();
  // The spin starts. A busy machine may draw a whole spin in one long frame, over before a look at
  // the attribute: the recorded phases keep it.
  await expect.poll(phases).toContain('spinning');
  // In motion: two pictures of the canvas a moment apart differ, and differ from the still one.
  const during = await canvas.screenshot();
  await page.waitForTimeout(120);
  const later = await canvas.screenshot();
  expect(during.equals(before) && later.equals(during)).toBe(false);

  const answer = (await (await answered).json()) as Answer;
  const { window } = answer.data.round.outcome;
  await expect(stage).toHaveAttribute('data-shown', JSON.stringify(window));
  await expect(stage).not.toHaveAttribute('data-phase', 'spinning');
  expect(await phases()).toContain('spinning');

  // The accessible window is the same window, each cell named; the words name every win.
  await expect(page.getByTestId('game-window')).toHaveAttribute('data-round', answer.data.round.roundId);
  expect(await gridSymbols(page)).toEqual(window);
  for (const cell of await page.getByTestId('game-cell').all()) expect(((await cell.textContent()) ?? '').trim()).not.toBe('');
  const words = page.getByTestId('game-round').getByRole('listitem');
  await expect(words).toHaveCount(answer.data.round.outcome.wins.length + (answer.data.round.outcome.wins.length > 0 ? 1 : 0) || 1);
  expect(consoleErrors).toEqual([]);
});

test('with reduced motion the result is shown at once: no reel turns, no count, no celebration', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await rewriteRounds(page, (answer) => {
    // A win of 40 × the stake: a celebration with motion, none without.
    const round = answer.data.round;
    round.outcome.wins = [{ kind: 'scatter', symbol: 0, count: 3, winOre: round.stakeOre * 40, positions: [[0, 0]] }];
    round.winOre = round.stakeOre * 40;
  });
  const stage = await openFromLobby(page);
  await expect(stage).toHaveAttribute('data-motion', 'off');
  await expect(page.getByTestId('game-motion')).toBeDisabled();
  const phases = await recordPhases(page);
  await page.getByTestId('game-spin').click();
  await expect(page.getByTestId('game-window')).not.toHaveAttribute('data-round', '');
  await expect(stage).toHaveAttribute('data-phase', 'rest');
  expect(await phases()).not.toContain('spinning');
  expect(await stage.getAttribute('data-shown')).toBe(JSON.stringify(await gridSymbols(page)));
  // The band says the whole win at once: no count from zero.
  await expect(stage).toHaveAttribute('data-message', /^Gevinst /);
  const lastWin = (await page.getByTestId('game-last-win').textContent())!;
  expect(await stage.getAttribute('data-message')).toBe(`Gevinst ${lastWin}`);
  await expect(page.getByTestId('game-skip')).toHaveCount(0);
});

test("the game's own motion setting turns the spin off and is kept for the next visit", async ({ page }) => {
  const stage = await openFromLobby(page);
  const motion = page.getByTestId('game-motion');
  await expect(motion).toHaveAttribute('aria-pressed', 'true');
  await motion.click();
  await expect(motion).toHaveAttribute('aria-pressed', 'false');
  await expect(stage).toHaveAttribute('data-motion', 'off');
  const phases = await recordPhases(page);
  await page.getByTestId('game-spin').click();
  await expect(page.getByTestId('game-window')).not.toHaveAttribute('data-round', '');
  expect(await phases()).not.toContain('spinning');
  await page.getByTestId('game-exit').click();
  await page.getByTestId('game-tile-link').first().click();
  await expect(page.getByTestId('game-motion')).toHaveAttribute('aria-pressed', 'false');
});

test('a win below the stake is counted as what it is, never more; the words say it is less than the stake', async ({ page }) => {
  await rewriteRounds(page, (answer) => {
    const round = answer.data.round;
    const window = round.outcome.window;
    round.outcome.wins = [
      { kind: 'scatter', symbol: window[0]![0]!, count: 1, winOre: Math.floor(round.stakeOre / 2), positions: [[0, 0]] },
    ];
    round.winOre = Math.floor(round.stakeOre / 2);
    delete round.outcome.freeSpins;
  });
  const stage = await openFromLobby(page);
  const messages: string[] = [];
  await page.exposeFunction('noteMessage', (text: string) => messages.push(text));
  await stage.evaluate((element) => {
    new MutationObserver(() =>
      (window as unknown as { noteMessage: (t: string) => void }).noteMessage(element.getAttribute('data-message') ?? ''),
    ).observe(element, { attributes: true, attributeFilter: ['data-message'] });
  });
  await page.getByTestId('game-spin').click();
  await expect(stage).toHaveAttribute('data-message', /mindre end indsatsen/);
  await expect(stage).toHaveAttribute('data-phase', 'rest');
  const lastWin = (await page.getByTestId('game-last-win').textContent())!;
  const stake = ((await page.getByTestId('game-stake').textContent()) ?? '').replace('Indsats', '');
  expect(await stage.getAttribute('data-message')).toBe(`Gevinst ${lastWin} – mindre end indsatsen på ${stake}`);
  // Every figure the band showed on the way is at most the win.
  const amounts = messages
    .filter((text) => text.startsWith('Gevinst'))
    .map((text) => Number(/Gevinst ([\d.,]+)/.exec(text)![1]!.replace(/\./g, '').replace(',', '.')));
  expect(amounts.length).toBeGreaterThan(0);
  const won = Number(lastWin.replace(' kr.', '').replace(/\./g, '').replace(',', '.'));
  for (const amount of amounts) expect(amount).toBeLessThanOrEqual(won);
  await expect(page.getByTestId('game-round')).toContainText('mindre end indsatsen');
});

test("free spins play through on the canvas, each on its own window, and skip ends them at the round's result", async ({ page }) => {
  // Twelve free spins, each the base window turned by one more reel, so each is told apart (and
  // more than the renderer plays through before a slow machine's click on skip lands).
  const SPINS = 12;
  let free: number[][][] = [];
  let base: number[][] = [];
  await rewriteRounds(page, (answer) => {
    const round = answer.data.round;
    base = round.outcome.window;
    free = Array.from({ length: SPINS }, (_, index) => base.map((_, reel) => base[(reel + index + 1) % base.length]!));
    round.outcome.freeSpins = { spins: SPINS, winOre: 0, rounds: free.map((window) => ({ window, wins: [] })) };
  });
  const stage = await openFromLobby(page);
  await page.getByTestId('game-spin').click();
  await expect(stage).toHaveAttribute('data-phase', 'presenting');
  await expect(page.getByTestId('game-skip')).toBeVisible();
  // The first free spin lands on its own window, and the band counts the free spins.
  await expect(stage).toHaveAttribute('data-shown', JSON.stringify(free[0]), { timeout: 15_000 });
  await expect(stage).toHaveAttribute('data-message', new RegExp(`^Gratis spin \\d+ af ${SPINS}`));
  await page.getByTestId('game-skip').click();
  await expect(stage).toHaveAttribute('data-phase', 'rest');
  await expect(page.getByTestId('game-skip')).toHaveCount(0);
  // Back on the spin that won them, as the round's words tell it.
  await expect(stage).toHaveAttribute('data-shown', JSON.stringify(base));
  expect(await gridSymbols(page)).toEqual(base);
  await expect(page.getByTestId('game-spin')).toBeEnabled({ timeout: 10_000 });
});

test('the rules show every symbol with its picture and whole name, and the free spins with their numbers', async ({ page }) => {
  await openFromLobby(page);
  await page.getByTestId('game-rules').locator('summary').click();
  const rows = page.getByTestId('rules-symbol');
  expect(await rows.count()).toBeGreaterThan(3);
  for (const row of await rows.all()) {
    // The picture loaded (the same tile the reels draw) and the name is written out, not cut.
    const picture = row.locator('img');
    await expect(picture).toHaveAttribute('src', /\/api\/games\/art\/[a-z0-9-]+\/symbols\/\d+\.svg/);
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const name = row.locator('[class*="symbolArtName"]');
    expect(((await name.textContent()) ?? '').trim()).not.toBe('');
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  }
  // Every symbol the window shows has its row in the paytable (a blank has none: it pays nothing).
  const ruled = new Set(await rows.evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-symbol')))));
  const cells = await page
    .getByTestId('game-cell')
    .evaluateAll((elements) =>
      elements.map((cell) => ({ symbol: Number(cell.getAttribute('data-symbol')), drawn: cell.querySelector('img') !== null })),
    );
  for (const cell of cells) if (cell.drawn) expect(ruled.has(cell.symbol)).toBe(true);
  // A title with free spins states their numbers: how many spins for how many scatters.
  const freeSpins = page.getByTestId('rules-free-spins');
  if ((await freeSpins.count()) > 0) await expect(freeSpins.getByRole('listitem').first()).toContainText(/\d/);
});

test('a round played before the canvas has drawn is played on the grid, and the canvas then shows that round', async ({ page }) => {
  // The symbol pictures held back: the renderer waits for them, the grid plays meanwhile.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/games/art/*/symbols/*', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/spilleautomater');
  await hydrated(page);
  await page.getByTestId('game-tile-link').first().click();
  await expect(page.getByTestId('game-balance')).toHaveText(/kr\.$/, { timeout: 15_000 });
  const stage = page.getByTestId('game-stage');
  await expect(stage).not.toHaveAttribute('data-renderer');
  const necessaryOnly = page.getByRole('button', { name: 'Kun nødvendige' }).first();
  if (await necessaryOnly.isVisible()) await necessaryOnly.click();

  await page.getByTestId('game-spin').click();
  await expect(page.getByTestId('game-window')).not.toHaveAttribute('data-round', '');
  const played = await gridSymbols(page);
  release();
  await expect(stage).toHaveAttribute('data-renderer', /^(webgl|canvas)$/, { timeout: 15_000 });
  await expect(stage).toHaveAttribute('data-shown', JSON.stringify(played));
});
