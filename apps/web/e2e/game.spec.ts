import { formatClock, parseKrToOre } from '@krone/domain';
import { TEST_CARDS } from '@krone/sims/cards';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, hydrated, isPhone, seriousViolations, test } from './fixtures';
import { platformUrl, storefrontHeaders } from './platform';

const simsUrl = `http://127.0.0.1:${process.env.E2E_SIMS_PORT ?? 4310}`;
const webUrl = `http://127.0.0.1:${process.env.E2E_WEB_PORT ?? 3100}`;
const studioUrl = `http://127.0.0.1:${process.env.E2E_STUDIO_PORT ?? 4410}`;
/** The storefront's key at the studio (the studio's development default), for its test clock. */
const studioKey = process.env.STUDIO_API_KEY ?? 'krone-development-studio-key';
/** Demo accounts that log in straight away, one per screen width so the two runs never share a balance. */
const GAME_PLAYER = { phone: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ec1', desktop: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ec2' };

/** Demo accounts that pause themselves, one per screen width so the two runs never race on one. */
const PAUSED_PLAYER = { phone: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ec4', desktop: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ec3' };

/** A title of the catalogue (whichever comes first by name), as the platform lists it. */
async function anyGame(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const answer = await request.get(`${platformUrl}/Games/catalogue?pageSize=1&sort=name`, { headers: storefrontHeaders });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { items: { id: string; name: string }[] } }).data.items[0]!;
}

/** "4.998 kr." or "Indsats2 kr." → øre. */
async function oreOf(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  const amount = /-?[\d.]+(?:,\d{1,2})? kr\./.exec(text)?.[0];
  const ore = amount ? parseKrToOre(amount.replace(/^-/, '')) : null;
  if (ore === null) throw new Error(`no amount in "${text}"`);
  return amount!.startsWith('-') ? -ore : ore;
}

/** The game screen once its studio session is open (the balance is shown). */
async function openGame(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByTestId('game-balance')).toHaveText(/kr\.$/, { timeout: 15_000 });
}

/** Plays one round by the spin button or the keyboard; the round's id, stake, win and the balances around it. */
async function playRound(page: Page, by: 'button' | 'keyboard') {
  const window = page.getByTestId('game-window');
  const previous = (await window.getAttribute('data-round')) ?? '';
  const spin = page.getByTestId('game-spin');
  await expect(spin).toBeEnabled({ timeout: 10_000 });
  const before = await oreOf(page.getByTestId('game-balance'));
  const stake = await oreOf(page.getByTestId('game-stake'));
  if (by === 'button') await spin.click();
  else {
    // Focus on no control (the game's name), then Space: the screen's own shortcut.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Space');
  }
  await expect(window).not.toHaveAttribute('data-round', previous, { timeout: 15_000 });
  await expect(window).not.toHaveAttribute('aria-busy', 'true');
  const win = await oreOf(page.getByTestId('game-last-win'));
  const after = await oreOf(page.getByTestId('game-balance'));
  return { roundId: (await window.getAttribute('data-round'))!, before, stake, win, after };
}

/**
 * The popups after login never cover the game: the marketing question counts as answered on this
 * browser (its cookie, lib/marketing-rules.ts), and the welcome popup, which comes once the profile
 * has loaded on whichever page, is closed whenever it is in the way.
 */
async function keepPopupsAway(page: Page) {
  await page.context().addCookies([{ name: 'krone_mkt', value: '1', url: webUrl }]);
  await page.addLocatorHandler(page.getByTestId('welcome-popup'), async (popup) => {
    await popup.getByRole('button', { name: 'Luk' }).click();
  });
}

const sessionOf = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'krone_session')!.value;

/**
 * At least `amountOre` on the player's account: a card deposit through the platform (a token from
 * the card stand-in) when the balance is lower, as an earlier run may have left money there.
 */
async function deposit(page: Page, request: APIRequestContext, amountOre: number) {
  const token = await sessionOf(page);
  const summary = (await (
    await request.get(`${platformUrl}/GATMaven/users/${token}/account-summary`, { headers: storefrontHeaders })
  ).json()) as {
    data: { TotalBalance: number };
  };
  if (summary.data.TotalBalance >= amountOre) return;
  // The smallest deposit is 100 kr.
  const depositOre = Math.max(amountOre, 10_000);
  const tokenised = await request.post(`${simsUrl}/cards/v1/tokens`, {
    headers: { origin: webUrl },
    data: { number: TEST_CARDS.success, holder: 'Test Gevinst', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 1, cvv: '123' },
  });
  expect(tokenised.ok()).toBe(true);
  const paid = await request.post(`${platformUrl}/Payments/deposits/card/${token}`, {
    headers: storefrontHeaders,
    data: {
      token: ((await tokenised.json()) as { token: string }).token,
      amountOre: depositOre,
      returnUrl: `${webUrl}/min-konto/overfoer`,
    },
  });
  const answer = (await paid.json()) as unknown;
  expect(answer, JSON.stringify(answer)).toMatchObject({ result: 1, data: { status: 'succeeded' } });
}

/**
 * A guest on a game for fun chooses to play for money: login (the demo account of this width) and
 * back on the same game, now for money.
 */
async function logInFromGame(page: Page, gameId: string) {
  await keepPopupsAway(page);
  await openGame(page, `/spilleautomater/spil-for-sjov/${gameId}`);
  await page.getByTestId('game-play-for-money').click();
  await expect(page).toHaveURL(new RegExp(`/log-ind\\?redirect=%2Fspilleautomater%2Fspil-for-penge%2F${gameId}$`));
  await page.getByTestId('login-mitid').click();
  await page.getByTestId(`identity-${GAME_PLAYER[isPhone(page) ? 'phone' : 'desktop']}`).click();
  await page.waitForURL(new RegExp(`/spilleautomater/spil-for-penge/${gameId}$`), { timeout: 15_000 });
}

test('play for fun: the round shows and is explained, the balance moves by stake less win, at the 3 s pace, by button and keyboard', async ({
  page,
  request,
  consoleErrors,
}) => {
  // Results at once (the device's reduced motion): the pace check below has the whole 3 s, not what
  // is left of it once the reels have landed (the spin itself: game-stage.spec.ts).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const game = await anyGame(request);
  await openGame(page, `/spilleautomater/spil-for-sjov/${game.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.name);
  await expect(page.getByTestId('game-screen')).toHaveAttribute('data-mode', 'fun');
  // Spec §2: no header or wallpaper on a game route (header__use_playgames is off) …
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  // … but the clock stays, in the game's own bar, on the server's Copenhagen time.
  const clock = page.getByTestId('game-clock').getByTestId('header-clock');
  await expect(clock).toBeVisible();
  await expect(clock).toHaveText(/^\d{2}:\d{2}$/);
  const serverNow = async () => new Date(((await (await request.get('/api/time')).json()) as { data: { now: string } }).data.now);
  await expect
    .poll(async () => {
      const [before, shown, after] = [await serverNow(), await clock.textContent(), await serverNow()];
      return [formatClock(before), formatClock(after)].includes(shown ?? '');
    })
    .toBe(true);

  // The stake moves along the title's steps only, and not below the smallest.
  const stakeDown = page.getByTestId('stake-down');
  const first = await oreOf(page.getByTestId('game-stake'));
  await page.getByTestId('stake-up').click();
  expect(await oreOf(page.getByTestId('game-stake'))).toBeGreaterThan(first);
  await stakeDown.click();
  expect(await oreOf(page.getByTestId('game-stake'))).toBe(first);
  while (await stakeDown.isEnabled()) await stakeDown.click();

  const round = await playRound(page, 'button');
  expect(round.after).toBe(round.before - round.stake + round.win);
  await expect(page.getByTestId('game-round').getByRole('listitem').first()).toHaveText(/Ingen gevinst|Linje \d+:|måder|hvor som helst/);
  await expect(page.getByTestId('game-net')).toHaveText(/kr\.$/);
  expect(await oreOf(page.getByTestId('game-net'))).toBe(round.win - round.stake);

  // The pace: the button waits, counting down, and Space does nothing meanwhile.
  const spin = page.getByTestId('game-spin');
  await expect(spin).toBeDisabled();
  await expect(spin).toHaveText(/^Vent [1-3] s$/);
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('game-error')).toHaveCount(0);
  await expect(page.getByTestId('game-window')).toHaveAttribute('data-round', round.roundId);
  await expect(spin).toHaveText('Spin', { timeout: 5_000 });

  const second = await playRound(page, 'keyboard');
  expect(second.roundId).not.toBe(round.roundId);
  expect(second.before).toBe(round.after);
  expect(second.after).toBe(second.before - second.stake + second.win);

  // The rules: RTP, stake limits and the paytable, from the studio.
  await page.getByTestId('game-rules').locator('summary').click();
  await expect(page.getByTestId('rules-rtp')).toHaveText(/^9[4-7],\d\d %$/);
  await expect(page.getByTestId('rules-stake')).toHaveText(/kr\. – .*kr\.$/);
  // The cookie banner (10 s after load; runtime.spec.ts checks it) is answered first: this checks the game.
  const necessaryOnly = page.getByRole('button', { name: 'Kun nødvendige' }).first();
  if (await necessaryOnly.isVisible()) await necessaryOnly.click();
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a lobby tile opens its game, and the mobile game route plays the same screen for a guest', async ({ page }) => {
  await page.goto('/spilleautomater');
  await hydrated(page);
  const tile = page.getByTestId('game-tile-link').first();
  await tile.click();
  await expect(page).toHaveURL(/\/spilleautomater\/spil-for-sjov\/[a-z0-9-]+$/);
  await expect(page.getByTestId('game-balance')).toHaveText(/kr\.$/, { timeout: 15_000 });
  const gameId = (await page.getByTestId('game-screen').getAttribute('data-game'))!;

  await openGame(page, `/mobilspil/${gameId}`);
  await expect(page.getByTestId('game-screen')).toHaveAttribute('data-mode', 'fun');
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByTestId('game-clock').getByTestId('header-clock')).toHaveText(/^\d{2}:\d{2}$/);
  const round = await playRound(page, 'button');
  expect(round.after).toBe(round.before - round.stake + round.win);
});

/** A title with free spins whose wins are multiplied (the multiplier feature comes with free spins only). */
async function gameWithFreeSpins(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const answer = await request.get(`${platformUrl}/Games/catalogue?pageSize=1&sort=name&feature=multiplier`, {
    headers: storefrontHeaders,
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { items: { id: string; name: string }[] } }).data.items[0]!;
}

test('a round with free spins draws each free spin as a small window with its win and multiplier, scrolling sideways inside its panel', async ({
  page,
  request,
  consoleErrors,
}) => {
  // The studio draws by its cryptographic generator and has no hook to force a feature, so the
  // round's real answer gets eight free spins added on its way to the page: its own window and
  // wins as the first, the same window without wins as the other seven.
  const game = await gameWithFreeSpins(request);
  // The panel is what is tested here, not the canvas: with reduced motion the round's result is
  // shown at once rather than after eight free spins played through (long on a slow machine).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let baseWinOre = 0;
  await page.route('**/api/spil/sessions/*/rounds', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as {
      data: { round: { outcome: Record<string, unknown> & { window: number[][]; wins: { winOre: number }[] } } };
    };
    const { window, wins } = answer.data.round.outcome;
    baseWinOre = wins.reduce((sum, win) => sum + win.winOre, 0);
    answer.data.round.outcome.freeSpins = {
      spins: 8,
      winOre: baseWinOre,
      rounds: [{ window, wins }, ...Array.from({ length: 7 }, () => ({ window, wins: [] }))],
    };
    await route.fulfill({ response, json: answer });
  });
  await openGame(page, `/spilleautomater/spil-for-sjov/${game.id}`);
  await playRound(page, 'button');

  const freeSpins = page.getByTestId('game-free-spins');
  await expect(freeSpins.locator('summary')).toHaveText('Vis de 8 gratis spin');
  // Closed at first: nothing drawn until the player asks.
  await expect(page.getByTestId('free-spin')).toHaveCount(0);
  await freeSpins.locator('summary').click();
  const cards = page.getByTestId('free-spin');
  await expect(cards).toHaveCount(8);

  // Each card is the whole window: as many cells as the game's own, the first the very symbols of the round's window.
  const symbols = async (cells: Locator) =>
    cells.evaluateAll((elements) =>
      elements.map(
        (cell) => cell.getAttribute('data-symbol') ?? cell.querySelector('[data-symbol]')?.getAttribute('data-symbol') ?? 'blank',
      ),
    );
  const windowSymbols = await symbols(page.getByTestId('game-window').getByTestId('game-cell'));
  for (const card of await cards.all()) await expect(card.getByTestId('free-spin-cell')).toHaveCount(windowSymbols.length);
  expect(await symbols(cards.first().getByTestId('free-spin-cell'))).toEqual(windowSymbols);
  await expect(cards.first().getByTestId('free-spin-win')).toHaveText(baseWinOre > 0 ? /kr\.$/ : 'Ingen gevinst');
  await expect(cards.nth(1).getByTestId('free-spin-win')).toHaveText('Ingen gevinst');
  await expect(cards.first().getByTestId('free-spin-multiplier')).toHaveText(/^Gevinst × [2-9]\d*$/);
  await expect(cards.first().getByRole('group', { name: 'Symbolerne i gratis spin 1' })).toBeVisible();

  // Eight cards are wider than the panel at both widths: the list scrolls sideways, the page does not.
  const list = freeSpins.getByRole('list', { name: 'Rundens 8 gratis spin' });
  expect(await list.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const necessaryOnly = page.getByRole('button', { name: 'Kun nødvendige' }).first();
  if (await necessaryOnly.isVisible()) await necessaryOnly.click();
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

/**
 * The studio's game session the page opened last (its id and bearer from the session's cookie,
 * scoped to the session's path), other than those named.
 */
async function gameSessionOf(page: Page, ...not: { sessionId: string }[]) {
  const cookie = (await page.context().cookies()).find(
    (candidate) => candidate.name === 'krone_spil' && !not.some((session) => candidate.path.endsWith(`/${session.sessionId}`)),
  );
  expect(cookie, 'the game session cookie').toBeDefined();
  return { sessionId: cookie!.path.split('/').at(-1)!, token: cookie!.value };
}

/** When the studio says the session ended (null while it runs), asked of the studio itself. */
async function endedAt(request: APIRequestContext, session: { sessionId: string; token: string }) {
  const answer = await request.get(`${studioUrl}/sessions/${session.sessionId}`, {
    headers: { 'Krone-Studio-Key': studioKey, Authorization: `Bearer ${session.token}` },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { endedAt: string | null } }).data.endedAt;
}

test('leaving the game ends its studio session; a tab switch or a page kept for back/forward does not', async ({ page, request }) => {
  const game = await anyGame(request);
  await openGame(page, `/spilleautomater/spil-for-sjov/${game.id}`);
  const first = await gameSessionOf(page);
  expect(await endedAt(request, first)).toBeNull();

  // A tab switch, and a page put in the back/forward cache (it may come back): the game goes on.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const round = await playRound(page, 'button');
  expect(round.after).toBe(round.before - round.stake + round.win);
  expect(await endedAt(request, first)).toBeNull();

  // A link away inside the shop (play for money: login first for a guest) ends the session.
  await page.getByTestId('game-play-for-money').click();
  await expect(page).toHaveURL(/\/log-ind\?redirect=/);
  await expect.poll(() => endedAt(request, first), { timeout: 10_000 }).not.toBeNull();

  // A reload starts a new session and ends the one it left.
  await openGame(page, `/spilleautomater/spil-for-sjov/${game.id}`);
  const second = await gameSessionOf(page, first);
  await page.reload();
  await expect(page.getByTestId('game-balance')).toHaveText(/kr\.$/, { timeout: 15_000 });
  await expect.poll(() => endedAt(request, second), { timeout: 10_000 }).not.toBeNull();

  // A closed tab ends its session too.
  const third = await gameSessionOf(page, first, second);
  expect(await endedAt(request, third)).toBeNull();
  // Closed once the game is drawn: while the canvas's renderer starts (shaders compiled in software
  // on a machine without a GPU), the browser may tear the page down before its pagehide runs.
  await expect(page.getByTestId('game-stage')).toHaveAttribute('data-renderer', /./, { timeout: 15_000 });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => endedAt(request, third), { timeout: 10_000 }).not.toBeNull();
});

test('an unknown game or play type is the 404 page', async ({ request }) => {
  const game = await anyGame(request);
  for (const path of [
    '/spilleautomater/spil-for-sjov/findes-ikke-spil',
    `/spilleautomater/spil-for-alt/${game.id}`,
    '/mobilspil/findes-ikke-spil',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('<title>404</title>');
  }
});

test('a guest choosing play for money logs in, comes back to the game and plays for money: the balance moves and the round is in the game history', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const game = await anyGame(request);
  await logInFromGame(page, game.id);
  await deposit(page, request, 10_000);
  await openGame(page, `/spilleautomater/spil-for-penge/${game.id}`);
  await expect(page.getByTestId('game-screen')).toHaveAttribute('data-mode', 'real');
  await expect(page.getByTestId('game-mode-note')).toContainText('rigtige penge');
  await expect(page.getByTestId('game-login-time')).toHaveText(/^\d+ min$|^\d+ t \d{2} min$/);

  const round = await playRound(page, 'button');
  expect(round.after).toBe(round.before - round.stake + round.win);
  // The platform's balance is the game's balance.
  const summary = await (
    await request.get(`${platformUrl}/GATMaven/users/${await sessionOf(page)}/account-summary`, { headers: storefrontHeaders })
  ).json();
  expect((summary as { data: { TotalBalance: number } }).data.TotalBalance).toBe(round.after);

  // The mobile route plays for money for a logged-in player.
  await openGame(page, `/mobilspil/${game.id}`);
  await expect(page.getByTestId('game-screen')).toHaveAttribute('data-mode', 'real');
  expect(await oreOf(page.getByTestId('game-balance'))).toBe(round.after);

  await page.goto('/min-konto/spilhistorik');
  await hydrated(page);
  await expect(page.getByTestId('game-round-row').filter({ hasText: game.name }).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a guest who opens a game for money is sent to login first', async ({ page, request }) => {
  const game = await anyGame(request);
  await page.goto(`/spilleautomater/spil-for-penge/${game.id}`);
  await expect(page).toHaveURL(new RegExp(`/log-ind\\?redirect=%2Fspilleautomater%2Fspil-for-penge%2F${game.id}$`));
});

test('a paused player who opens a game for money is told so in Danish and offered play for fun', async ({ page, request }) => {
  const game = await anyGame(request);
  await keepPopupsAway(page);
  await page.goto(`/spilleautomater/spil-for-penge/${game.id}`);
  await page.getByTestId('login-mitid').click();
  await page.getByTestId(`identity-${PAUSED_PLAYER[isPhone(page) ? 'phone' : 'desktop']}`).click();
  await page.waitForURL(new RegExp(`/spilleautomater/spil-for-penge/${game.id}$`), { timeout: 15_000 });
  // A pause of 24 hours (a run before this one on the same platform may have paused already).
  const paused = await page.evaluate(async () => {
    const response = await fetch('/api/limits/pause', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"duration":"24h"}',
    });
    return response.status;
  });
  expect([200, 403, 409]).toContain(paused);
  await page.reload();
  await hydrated(page);
  const refusal = page.getByTestId('game-launch-error');
  await expect(refusal).toContainText('Din konto er på pause');
  await expect(refusal.getByRole('button', { name: 'Start spillet igen' })).toHaveCount(0);
  await expect(page.getByTestId('game-spin')).toBeDisabled();
  await refusal.getByRole('link', { name: 'Spil for sjov' }).click();
  await expect(page).toHaveURL(new RegExp(`/spilleautomater/spil-for-sjov/${game.id}$`));
  await expect(page.getByTestId('game-balance')).toHaveText(/kr\.$/, { timeout: 15_000 });
});

test('the money-played warning pauses the game on a moved clock: continue, then stop back to the lobby @studio-clock', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const moveStudioClock = async (offsetMs: number) =>
    expect((await request.put(`${studioUrl}/Test/clock`, { headers: { 'Krone-Studio-Key': studioKey }, data: { offsetMs } })).ok()).toBe(
      true,
    );
  const game = await anyGame(request);
  // The offset is absolute: a run stopped half-way may have left the clock moved.
  await moveStudioClock(0);
  try {
    await logInFromGame(page, game.id);
    await deposit(page, request, 2_000);
    await openGame(page, `/spilleautomater/spil-for-penge/${game.id}`);
    const first = await playRound(page, 'button');

    // Six minutes later by the studio's clock (the warning comes after 5): the next spin is refused and the game pauses.
    await moveStudioClock(6 * 60_000);
    await expect(page.getByTestId('game-spin')).toBeEnabled({ timeout: 10_000 });
    await page.getByTestId('game-spin').click();
    const warning = page.getByTestId('money-warning');
    await expect(warning).toBeVisible({ timeout: 10_000 });
    await expect(warning.getByRole('heading')).toHaveText(/Du har spillet i [6-9] minutter/);
    await expect(warning).toContainText(first.win - first.stake > 0 ? '+' : 'kr.');
    await expect(page.getByTestId('game-spin')).toBeDisabled();
    await expect(page.getByTestId('game-window')).toHaveAttribute('data-round', first.roundId);
    await expect(warning.getByTestId('warning-limits')).toHaveAttribute('href', '/min-konto/begraensninger');
    await expect(warning.getByTestId('warning-continue')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    await warning.getByTestId('warning-continue').click();
    await expect(warning).toBeHidden();
    const second = await playRound(page, 'button');
    expect(second.after).toBe(second.before - second.stake + second.win);

    await moveStudioClock(12 * 60_000 + 10_000);
    await expect(page.getByTestId('game-spin')).toBeEnabled({ timeout: 10_000 });
    await page.getByTestId('game-spin').click();
    await expect(warning).toBeVisible({ timeout: 10_000 });
    await warning.getByTestId('warning-stop').click();
    await expect(page).toHaveURL(/\/spilleautomater$/);
  } finally {
    await moveStudioClock(0);
  }
});
