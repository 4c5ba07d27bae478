import { RED_NUMBERS } from '@krone/games-math';
import type { APIRequestContext, Browser, FrameLocator, Page } from '@playwright/test';
import { expect, hydrated, isPhone, logInByMitId, seriousViolations, test } from './fixtures';
import { depositByCard } from './game-money';
import { platformUrl, storefrontHeaders } from './platform';

/*
 * The live casino (issue 25), at both widths: two players, each in their own browser, open the same
 * live table by clicking from the menu (Live casino → the table's tile, for money), bet in the same
 * round, see the same result fixed by the same commitment, and each balance moves by exactly that
 * round's net once the studio has settled. A bet after the close of betting is refused, in the game
 * client and at the studio. The round is in the game history with its table.
 *
 * The live studio stand-in (Lysmester Live) runs its rounds on its own clock: in the browser tests at
 * half pace (LYSMESTER_PACE 0.5, scripts/dev-env.mjs), 7.5 s of betting, so a round fits a test.
 */
const LIVE_PLAYERS = {
  phone: ['7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f11', '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f12'],
  desktop: ['7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f13', '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f14'],
};
const ROULETTE = 'Krone Roulette Live';
const liveUrl = `http://127.0.0.1:${process.env.E2E_LIVE_PORT ?? 4360}`;
test.describe.configure({ mode: 'serial' });

const sessionOf = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'krone_session')!.value;

/** The player's balance at the platform. */
async function platformBalance(page: Page, request: APIRequestContext): Promise<number> {
  const summary = await request.get(`${platformUrl}/GATMaven/users/${await sessionOf(page)}/account-summary`, {
    headers: storefrontHeaders,
  });
  return ((await summary.json()) as { data: { TotalBalance: number } }).data.TotalBalance;
}

/** A demo account logged in, with at least 100 kr. to play with. */
async function logIn(page: Page, request: APIRequestContext, identity: string) {
  const token = await logInByMitId(page, '/min-konto/oversigt', identity);
  if ((await platformBalance(page, request)) < 10_000) await depositByCard(request, token, 20_000);
  await page.addLocatorHandler(page.getByTestId('welcome-popup'), async (popup) => {
    await popup.getByRole('button', { name: 'Luk' }).click();
  });
}

/** Live casino in the menu, the table's tile: the table for money, its game client embedded. */
async function openFromMenu(page: Page, table: string): Promise<FrameLocator> {
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('menu-panel').getByRole('link', { name: 'Live casino', exact: true }).click();
  await expect(page).toHaveURL(/\/live-casino$/);
  await hydrated(page);
  // The lobby shows the table's live state before anything is clicked.
  const tile = page.getByRole('link', { name: table }).first();
  await expect(tile).toBeVisible();
  await tile.click();
  await expect(page).toHaveURL(/\/live-casino\/spil-for-penge\/[^/]+$/);
  await hydrated(page);
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByTestId('game-clock').getByTestId('header-clock')).toHaveText(/^\d{2}:\d{2}$/);
  const frame = page.frameLocator(`iframe[title="Live-bord: ${table}"]`);
  await expect(frame.getByTestId('live-standin-notice')).toBeVisible({ timeout: 15_000 });
  return frame;
}

/** Waits for a round open for bets with at least 4 s left (a later one if this one is about to close); its commitment. */
async function openRound(frame: FrameLocator): Promise<string> {
  const state = frame.getByTestId('live-state');
  for (let tries = 0; tries < 3; tries++) {
    await expect(state).toHaveAttribute('data-state', 'betting', { timeout: 20_000 });
    const left = Number(/(\d+) s/.exec((await state.textContent()) ?? '')?.[1] ?? 0);
    if (left >= 4) return ((await frame.getByTestId('live-proof').textContent()) ?? '').replace(/^.*: /, '');
    await expect(state).not.toHaveAttribute('data-state', 'betting', { timeout: 10_000 });
  }
  throw new Error('no round open long enough to bet in');
}

/** A second player in a browser of their own, with this project's screen. */
async function secondPlayer(browser: Browser) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, locale, timezoneId });
  return context.newPage();
}

test('two players at one live roulette table: the same round and result, each balance moved by exactly the round’s net', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const [first, second] = LIVE_PLAYERS[isPhone(page) ? 'phone' : 'desktop'];
  const other = await secondPlayer(browser);
  try {
    await logIn(page, request, first!);
    await logIn(other, request, second!);
    const frames = [await openFromMenu(page, ROULETTE), await openFromMenu(other, ROULETTE)];
    const commitment = await openRound(frames[0]!);
    const before = [await platformBalance(page, request), await platformBalance(other, request)];

    // One bets on red with the 1 kr. chip, the other on black with 5 kr.: one of them wins (or both lose on 0).
    await frames[0]!.getByTestId('live-spot-red').click();
    await expect(frames[0]!.getByTestId('live-message')).toHaveText('Bet modtaget.');
    await frames[1]!.getByTestId('live-chip-500').click();
    await frames[1]!.getByTestId('live-spot-black').click();
    await expect(frames[1]!.getByTestId('live-message')).toHaveText('Bet modtaget.');
    await expect(frames[1]!.getByTestId('live-my-bets')).toHaveText('Dine bets: 5 kr.');
    // Both are in the round whose commitment the first saw when betting opened.
    await expect(frames[1]!.getByTestId('live-proof')).toContainText(commitment.slice(0, 16));

    // Each client's pocket and proof, read while that client shows the result (the result is shown
    // for 5 s, then the next round opens and both lines are replaced): the result is the one the
    // studio committed to before the bets closed, checked in each client.
    const shown: string[] = [];
    for (const frame of frames) {
      const result = frame.getByTestId('live-result');
      await expect(result).toHaveText(/^\d{1,2}$/, { timeout: 20_000 });
      shown.push(((await result.textContent()) ?? '').trim());
      await expect(frame.getByTestId('live-proof')).toContainText(
        `Resultatet matcher studiets forpligtelse fra rundens start (${commitment.slice(0, 16)}`,
      );
    }
    expect(shown[1]).toBe(shown[0]);

    const pocket = Number(shown[0]);
    const red = RED_NUMBERS.includes(pocket);
    const black = pocket !== 0 && !red;
    const nets = [red ? 100 : -100, black ? 500 : -500];
    await expect.poll(() => platformBalance(page, request), { timeout: 15_000 }).toBe(before[0]! + nets[0]!);
    await expect.poll(() => platformBalance(other, request), { timeout: 15_000 }).toBe(before[1]! + nets[1]!);
    // The game bar's balance follows without a reload.
    await expect
      .poll(async () => (await page.getByTestId('game-balance').textContent()) ?? '', { timeout: 15_000 })
      .toContain(
        `${((before[0]! + nets[0]!) / 100).toLocaleString('da-DK', { minimumFractionDigits: (before[0]! + nets[0]!) % 100 ? 2 : 0 })} kr.`,
      );
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await other.context().close();
  }
});

test('a bet after the close of betting is refused, in the game client and at the studio, and nothing moves', async ({ page, request }) => {
  test.setTimeout(90_000);
  await logIn(page, request, LIVE_PLAYERS[isPhone(page) ? 'phone' : 'desktop'][0]!);
  const frame = await openFromMenu(page, ROULETTE);
  await openRound(frame);
  const launch = new URL((await page.locator(`iframe[title="Live-bord: ${ROULETTE}"]`).getAttribute('src'))!).searchParams.get('launch')!;
  const { round } = (await (await request.get(`${liveUrl}/client/api/state?launch=${launch}`)).json()) as { round: { roundId: string } };
  await expect(frame.getByTestId('live-state')).toHaveAttribute('data-state', 'closed', { timeout: 20_000 });
  const before = await platformBalance(page, request);
  await frame.getByTestId('live-spot-red').click();
  await expect(frame.getByTestId('live-message')).toHaveText('Der er lukket for bets i denne runde.');
  // The studio itself refuses a bet on the closed round, whatever a client sends.
  const late = await request.post(`${liveUrl}/client/api/bets`, {
    data: { launch, roundId: round.roundId, bets: [{ kind: 'red-black', selector: 'red', stakeOre: 100 }] },
  });
  expect(late.status()).toBe(409);
  expect(await late.json()).toEqual({ status: 'BETTING_CLOSED' });
  expect(await platformBalance(page, request)).toBe(before);
});

test('a live round is in the game history with its table', async ({ page, request }) => {
  test.setTimeout(90_000);
  await logIn(page, request, LIVE_PLAYERS[isPhone(page) ? 'phone' : 'desktop'][1]!);
  await page.goto('/min-konto/spilhistorik');
  await hydrated(page);
  const row = page.getByTestId('game-round-row').filter({ hasText: ROULETTE }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(/kr\./);
});
