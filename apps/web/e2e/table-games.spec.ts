import { formatKr, parseKrToOre } from '@krone/domain';
import type { APIRequestContext, Locator, Page, Response } from '@playwright/test';
import { expect, hydrated, isPhone, logInByMitId, seriousViolations, test } from './fixtures';
import { depositByCard } from './game-money';
import { platformUrl, storefrontHeaders } from './platform';

/*
 * The table games' screens (issue 24), played for money at both widths: a logged-in player reaches
 * each game by clicking from the menu (Bordspil → its category → its tile, which plays for money
 * for a logged-in player), plays a round by clicking, and the balance moves by exactly the round's
 * net (what came back less everything staked, a double included); the round is in the game
 * history. Then one round of each game's other title by keyboard alone.
 *
 * One demo account per width, its rounds one after another: the studio's pace (3 s between a
 * player's rounds, across games) and "one hand open per game" are the player's, so these tests
 * share nothing with the other specs' players and run in order.
 */
const TABLE_PLAYER = { phone: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f01', desktop: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f02' };
test.describe.configure({ mode: 'serial' });

interface TableView {
  kind: string;
  phase?: string;
  pocket?: number;
  handClass?: string;
  pay?: number;
  actions?: string[];
}
interface Round {
  roundId: string;
  stakeOre: number;
  winOre: number | null;
  status: string;
  table: TableView | null;
}

/** "4.998 kr." or "Saldo 2 kr." → øre. */
async function oreOf(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  const amount = /-?[\d.]+(?:,\d{1,2})? kr\./.exec(text)?.[0];
  const ore = amount ? parseKrToOre(amount.replace(/^-/, '')) : null;
  if (ore === null) throw new Error(`no amount in "${text}"`);
  return amount!.startsWith('-') ? -ore : ore;
}

/** The console's errors but a resource that failed to load (a tile's picture on the lists is the lists' test). */
const gameErrors = (errors: string[]) => errors.filter((error) => !/Failed to load resource/.test(error));

const sessionOf = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'krone_session')!.value;

/** The player's balance at the platform. */
async function platformBalance(page: Page, request: APIRequestContext): Promise<number> {
  const summary = await request.get(`${platformUrl}/GATMaven/users/${await sessionOf(page)}/account-summary`, {
    headers: storefrontHeaders,
  });
  return ((await summary.json()) as { data: { TotalBalance: number } }).data.TotalBalance;
}

/** The demo account of this width, logged in, with at least 500 kr. to play with. */
async function logIn(page: Page, request: APIRequestContext) {
  const token = await logInByMitId(page, '/min-konto/oversigt', TABLE_PLAYER[isPhone(page) ? 'phone' : 'desktop']);
  if ((await platformBalance(page, request)) < 50_000) await depositByCard(request, token, 50_000);
  // The welcome popup may come back on a later page; it never covers the game.
  await page.addLocatorHandler(page.getByTestId('welcome-popup'), async (popup) => {
    await popup.getByRole('button', { name: 'Luk' }).click();
  });
}

/** Bordspil in the menu, the category's "see all", the title's tile: the table for money. */
async function openFromMenu(page: Page, category: { id: string; name: string }, gameId: string) {
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('menu-panel').getByRole('link', { name: 'Bordspil', exact: true }).click();
  await expect(page).toHaveURL(/\/bordspil$/);
  await hydrated(page);
  await page
    .getByTestId(`game-row-table-${category.id}`)
    .getByRole('link', { name: `Se alle: ${category.name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/bordspil/${category.id}$`));
  await hydrated(page);
  await page.getByTestId('game-grid').locator(`[data-game-id="${gameId}"]`).getByTestId('game-tile-link').click();
  await expect(page).toHaveURL(new RegExp(`/bordspil/spil-for-penge/${gameId}$`));
  await gameReady(page, gameId);
}

/** The table's screen with its session open (the balance shown), for money, the header rules of a game route kept. */
async function gameReady(page: Page, gameId: string) {
  await hydrated(page);
  const screen = page.getByTestId('game-screen');
  await expect(screen).toHaveAttribute('data-game', gameId);
  await expect(screen).toHaveAttribute('data-mode', 'real');
  await expect(page.getByTestId('game-balance')).toHaveText(/kr\.$/, { timeout: 15_000 });
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByTestId('game-clock').getByTestId('header-clock')).toHaveText(/^\d{2}:\d{2}$/);
  const necessaryOnly = page.getByRole('button', { name: 'Kun nødvendige' }).first();
  if (await necessaryOnly.isVisible()) await necessaryOnly.click();
}

/** The next answer of the game's round calls (a deal or spin, or a decision). */
function roundAnswer(page: Page, call: 'rounds' | 'actions'): Promise<Response> {
  const path = call === 'rounds' ? /\/api\/spil\/sessions\/[^/]+\/rounds$/ : /\/api\/spil\/sessions\/[^/]+\/rounds\/[^/]+\/actions$/;
  return page.waitForResponse((response) => path.test(new URL(response.url()).pathname) && response.request().method() === 'POST');
}

async function roundOf(response: Promise<Response>): Promise<Round> {
  const answer = (await (await response).json()) as { result: number; data: { round: Round } };
  expect(answer.result, JSON.stringify(answer)).toBe(1);
  return answer.data.round;
}

/** The round's words carry it once shown: its id and status, what it staked and paid. */
async function expectShown(page: Page, round: Round) {
  const words = page.getByTestId('game-round');
  await expect(words).toHaveAttribute('data-round', round.roundId, { timeout: 10_000 });
  await expect(words).toHaveAttribute('data-status', 'settled');
  await expect(words).toHaveAttribute('data-stake-ore', String(round.stakeOre));
  await expect(words).toHaveAttribute('data-win-ore', String(round.winOre));
}

/** The balance after a settled round: exactly the one before, less all it staked, plus what it paid. */
async function expectNet(page: Page, request: APIRequestContext, before: number, round: Round) {
  expect(round.status).toBe('settled');
  const after = before - round.stakeOre + (round.winOre ?? 0);
  await expect.poll(() => oreOf(page.getByTestId('game-balance'))).toBe(after);
  expect(await platformBalance(page, request)).toBe(after);
}

/** The round is the newest of the game history, with its game and stake. */
async function expectInHistory(page: Page, gameName: string, round: Round) {
  await page.goto('/min-konto/spilhistorik');
  await hydrated(page);
  const row = page.getByTestId('game-round-row').first();
  await expect(row).toContainText(gameName);
  await expect(row).toContainText(formatKr(round.stakeOre));
}

/** A blackjack or video-poker hand this player left open (an earlier run): played to its end first. */
async function finishOpenHand(page: Page) {
  for (let moves = 0; moves < 12; moves++) {
    const move = page
      .getByTestId('blackjack-insurance-no')
      .or(page.getByTestId('blackjack-stand'))
      .or(page.getByTestId('video-poker-draw'))
      .first();
    if (!(await move.isVisible())) return;
    await expect(move).toBeEnabled();
    const answered = roundAnswer(page, 'actions');
    await move.click();
    await answered;
  }
}

test('roulette for money by clicking: chips on a number and on red, spin, the pocket and the words; the balance moves by the spin’s net', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await logIn(page, request);
  await openFromMenu(page, { id: 'roulette', name: 'Roulette' }, 'europaeisk-roulette');

  // A 5 kr. chip on 17, on the split 17/20 and two on red (the outside boxes take 5 kr. and more).
  await page.getByTestId('roulette-chip').and(page.locator('[data-ore="500"]')).click();
  const spot = (key: string) => page.locator(`[data-testid="roulette-spot"][data-key="${key}"]`);
  for (const key of ['straight:17', 'split:17-20', 'red-black:red']) await spot(key).click();
  await spot('red-black:red').click();
  await expect(spot('red-black:red')).toHaveAttribute('data-stake-ore', '1000');
  await expect(spot('straight:17')).toHaveAttribute('aria-label', '17 sort, din indsats 5 kr.');
  await expect(page.getByTestId('roulette-total')).toHaveText('20 kr.');
  // Undo takes the last chip back; double doubles what is on the layout.
  await page.getByTestId('roulette-undo').click();
  await expect(page.getByTestId('roulette-total')).toHaveText('15 kr.');
  await expect(spot('red-black:red')).toHaveAttribute('data-stake-ore', '500');
  await page.getByTestId('roulette-double').click();
  await expect(page.getByTestId('roulette-total')).toHaveText('30 kr.');

  const before = await oreOf(page.getByTestId('game-balance'));
  const answered = roundAnswer(page, 'rounds');
  await page.getByTestId('roulette-spin').click();
  const round = await roundOf(answered);
  expect(round.stakeOre).toBe(3_000);
  await expectShown(page, round);
  const pocket = round.table!.pocket!;
  await expect(page.getByTestId('roulette-wheel')).toHaveAttribute('data-pocket', String(pocket));
  await expect(page.getByTestId('roulette-pocket')).toContainText(new RegExp(`^${pocket} (rød|sort|grøn)$`));
  await expect(page.getByTestId('roulette-last-results').locator('li').first()).toHaveText(String(pocket));
  await expect(page.getByTestId('game-round').getByRole('listitem').first()).toHaveText(new RegExp(`^Kuglen landede på ${pocket} `));
  if ((round.winOre ?? 0) > 0) await expect(page.locator('[data-testid="roulette-spot"][data-won="true"]').first()).toBeVisible();
  await expectNet(page, request, before, round);
  // The table is cleared for the next spin; "repeat" puts the last spin's chips back.
  await expect(page.getByTestId('roulette-total')).toHaveText('0 kr.');
  await page.getByTestId('roulette-repeat').click();
  await expect(page.getByTestId('roulette-total')).toHaveText('30 kr.');

  // The rules: every bet type's payout and return, the table's limits.
  await page.getByTestId('game-rules').locator('summary').click();
  await expect(page.getByTestId('rules-rtp')).toHaveText('97,30 %');
  await expect(page.getByTestId('rules-bet-kinds').locator('tbody tr')).toHaveCount(10);
  expect(await seriousViolations(page)).toEqual([]);
  expect(gameErrors(consoleErrors)).toEqual([]);

  await expectInHistory(page, 'Europæisk Roulette', round);
});

test('blackjack for money by clicking: deal, then the moves offered until the hand is over; the balance moves by the hand’s net', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await logIn(page, request);
  await openFromMenu(page, { id: 'blackjack', name: 'Blackjack' }, 'blackjack-vegas');
  await finishOpenHand(page);

  // The smallest stake (10 kr.), so a double or a split stays small.
  const down = page.getByTestId('stake-down');
  while (await down.isEnabled()) await down.click();
  await expect(page.getByTestId('game-stake')).toContainText('10 kr.');

  await expect(page.getByTestId('blackjack-deal')).toBeEnabled({ timeout: 10_000 });
  const before = await oreOf(page.getByTestId('game-balance'));
  const dealt = roundAnswer(page, 'rounds');
  await page.getByTestId('blackjack-deal').click();
  let round = await roundOf(dealt);
  // The dealer's second card lies face down while the player decides (peek: it is there, not sent).
  if (round.status === 'playing')
    await expect(page.getByTestId('blackjack-dealer').getByRole('img', { name: 'Kort med bagsiden opad' })).toBeVisible();

  // Each move the studio offers is a button (and no other); hit once on a low total, then stand.
  for (let moves = 0; round.status === 'playing' && moves < 12; moves++) {
    const offered = round.table!.phase === 'insurance' ? ['insurance-yes', 'insurance-no'] : round.table!.actions!;
    const buttons = page.getByTestId('blackjack-controls').getByRole('button');
    await expect(buttons).toHaveCount(offered.length);
    for (const action of offered) await expect(page.getByTestId(`blackjack-${action}`)).toBeEnabled();
    const total = Number(
      await page
        .getByTestId('blackjack-hand-total')
        .last()
        .textContent()
        .then((text) => text?.split('/').at(-1)),
    );
    const move =
      round.table!.phase === 'insurance' ? 'insurance-no' : moves === 0 && total < 12 && offered.includes('hit') ? 'hit' : 'stand';
    const answered = roundAnswer(page, 'actions');
    await page.getByTestId(`blackjack-${move}`).click();
    round = await roundOf(answered);
  }
  await expectShown(page, round);
  await expect(page.getByTestId('blackjack-hand').first()).toHaveAttribute('data-outcome', /^(blackjack|win|push|lose|bust|surrender)$/);
  await expect(page.getByTestId('game-round').getByRole('listitem').first()).toHaveText(/^(Dealeren|Hånden blev)/);
  await expect(page.getByTestId('blackjack-deal')).toBeVisible();
  await expectNet(page, request, before, round);

  await page.getByTestId('game-rules').locator('summary').click();
  await expect(page.getByTestId('rules-rtp')).toHaveText(/^op til 99,\d\d %$/);
  await expect(page.getByTestId('rules-blackjack')).toContainText('Dealeren trækker på blød 17');
  await expect(page.getByTestId('rules-strategy')).toContainText('grundstrategi');
  expect(await seriousViolations(page)).toEqual([]);
  expect(gameErrors(consoleErrors)).toEqual([]);

  await expectInHistory(page, 'Blackjack Vegas', round);
});

test('video poker for money by clicking: deal, hold two cards, draw; the paytable marks the hand; the balance moves by the hand’s net', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await logIn(page, request);
  await openFromMenu(page, { id: 'video-poker', name: 'Videopoker' }, 'jacks-or-better');
  await finishOpenHand(page);

  await expect(page.getByTestId('video-poker-deal')).toBeEnabled({ timeout: 10_000 });
  const before = await oreOf(page.getByTestId('game-balance'));
  const stake = await oreOf(page.getByTestId('game-stake'));
  const dealt = roundAnswer(page, 'rounds');
  await page.getByTestId('video-poker-deal').click();
  const deal = await roundOf(dealt);
  expect(deal.stakeOre).toBe(stake);
  // While holding, the paytable marks what the dealt hand already pays (nothing marked when it pays nothing).
  const marked = page.locator('[data-testid="video-poker-pay-row"][data-highlight="true"]');
  if (deal.table!.pay! > 0) await expect(marked).toHaveAttribute('data-classes', new RegExp(deal.table!.handClass!));
  else await expect(marked).toHaveCount(0);

  const cards = page.getByTestId('video-poker-card');
  await expect(cards).toHaveCount(5);
  await cards.nth(0).click();
  await cards.nth(2).click();
  await expect(cards.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.nth(0)).toContainText('HOLD');
  await expect(cards.nth(1)).toHaveAttribute('aria-pressed', 'false');
  await cards.nth(2).click();
  await expect(cards.nth(2)).toHaveAttribute('aria-pressed', 'false');
  await cards.nth(1).click();

  const drawn = roundAnswer(page, 'actions');
  await page.getByTestId('video-poker-draw').click();
  const round = await roundOf(drawn);
  expect((await (await drawn).request().postDataJSON()) as unknown).toEqual({ action: 'draw', holds: [true, true, false, false, false] });
  await expectShown(page, round);
  if (round.table!.pay! > 0) await expect(marked).toHaveAttribute('data-classes', new RegExp(round.table!.handClass!));
  else await expect(marked).toHaveCount(0);
  await expect(page.getByTestId('game-round').getByRole('listitem').nth(1)).toHaveText(/^Slutbånd: /);
  await expectNet(page, request, before, round);

  await page.getByTestId('game-rules').locator('summary').click();
  await expect(page.getByTestId('rules-rtp')).toHaveText('op til 99,54 %');
  await expect(page.getByTestId('rules-video-poker').getByTestId('video-poker-pay-row')).toHaveCount(9);
  expect(await seriousViolations(page)).toEqual([]);
  expect(gameErrors(consoleErrors)).toEqual([]);

  await expectInHistory(page, 'Jacks or Better', round);
});

/** Focus on no control (the game's name): the screen's own keys (Enter, Space) belong to it. */
async function focusOnGame(page: Page) {
  await page.getByRole('heading', { level: 1 }).click();
}

test('one round of each game by keyboard alone: roulette’s layout by arrow keys, blackjack’s moves by letters, video poker’s holds by 1–5', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  // The results at once (the device's reduced motion): no wheel turns, no card slides in.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logIn(page, request);

  // Roulette (La Partage): the chips by arrow keys, the layout by Tab and arrow keys, Enter places, Enter spins.
  await page.goto('/bordspil/spil-for-penge/fransk-roulette');
  await gameReady(page, 'fransk-roulette');
  await expect(page.getByTestId('game-motion')).toBeDisabled();
  const chosen = page.locator('[data-testid="roulette-chip"] input:checked');
  await chosen.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-testid="roulette-chip"][data-ore="2500"] input')).toBeChecked();
  // Back from the chips to the layout: one stop for Tab, on 17.
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('[data-testid="roulette-spot"][data-key="straight:17"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press(isPhone(page) ? 'ArrowDown' : 'ArrowRight');
  await expect(page.locator('[data-testid="roulette-spot"][data-key="split:17-20"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('roulette-total')).toHaveText('50 kr.');
  let before = await oreOf(page.getByTestId('game-balance'));
  await focusOnGame(page);
  let answered = roundAnswer(page, 'rounds');
  await page.keyboard.press('Enter');
  let round = await roundOf(answered);
  await expectShown(page, round);
  await expectNet(page, request, before, round);

  // Blackjack (European: no hole card): Enter deals, N declines insurance, S stands.
  await page.goto('/bordspil/spil-for-penge/europaeisk-blackjack');
  await gameReady(page, 'europaeisk-blackjack');
  await finishOpenHand(page);
  await expect(page.getByTestId('blackjack-deal')).toBeEnabled({ timeout: 10_000 });
  before = await oreOf(page.getByTestId('game-balance'));
  await focusOnGame(page);
  answered = roundAnswer(page, 'rounds');
  await page.keyboard.press('Enter');
  round = await roundOf(answered);
  for (let moves = 0; round.status === 'playing' && moves < 8; moves++) {
    const key = round.table!.phase === 'insurance' ? 'n' : 's';
    await expect(page.locator(`[data-testid="blackjack-controls"] [aria-keyshortcuts="${key.toUpperCase()}"]`)).toBeEnabled();
    const next = roundAnswer(page, 'actions');
    await page.keyboard.press(key);
    round = await roundOf(next);
  }
  await expectShown(page, round);
  await expectNet(page, request, before, round);
  // The focus is back on "Giv kort" for the next hand.
  await expect(page.getByTestId('blackjack-deal')).toBeFocused();

  // Video poker (Bonus Poker): Enter deals, 1 and 3 hold, Enter draws.
  await page.goto('/bordspil/spil-for-penge/bonus-poker');
  await gameReady(page, 'bonus-poker');
  await finishOpenHand(page);
  await expect(page.getByTestId('video-poker-deal')).toBeEnabled({ timeout: 10_000 });
  before = await oreOf(page.getByTestId('game-balance'));
  await focusOnGame(page);
  answered = roundAnswer(page, 'rounds');
  await page.keyboard.press('Enter');
  await roundOf(answered);
  // The cards can be held once the dealt hand is on the table (a key before it is nobody's).
  await expect(page.getByTestId('video-poker-draw')).toBeEnabled();
  await page.keyboard.press('1');
  await page.keyboard.press('3');
  const cards = page.getByTestId('video-poker-card');
  await expect(cards.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.nth(2)).toHaveAttribute('aria-pressed', 'true');
  answered = roundAnswer(page, 'actions');
  await page.keyboard.press('Enter');
  round = await roundOf(answered);
  expect((await answered).request().postDataJSON()).toEqual({ action: 'draw', holds: [true, false, true, false, false] });
  await expectShown(page, round);
  await expectNet(page, request, before, round);
  expect(await seriousViolations(page)).toEqual([]);
  expect(gameErrors(consoleErrors)).toEqual([]);
});

test('a video-poker hand left open is on the table again after a reload, and is played on from there', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logIn(page, request);
  await page.goto('/bordspil/spil-for-penge/jacks-or-better');
  await gameReady(page, 'jacks-or-better');
  await finishOpenHand(page);
  await expect(page.getByTestId('video-poker-deal')).toBeEnabled({ timeout: 10_000 });
  const before = await oreOf(page.getByTestId('game-balance'));
  const dealt = roundAnswer(page, 'rounds');
  await page.getByTestId('video-poker-deal').click();
  const deal = await roundOf(dealt);
  const names = await page
    .getByTestId('video-poker-card')
    .getByRole('img')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));

  await page.reload();
  await gameReady(page, 'jacks-or-better');
  await expect(page.getByTestId('game-round-resumed')).toBeVisible();
  await expect(page.getByTestId('game-round')).toHaveAttribute('data-round', deal.roundId);
  expect(
    await page
      .getByTestId('video-poker-card')
      .getByRole('img')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label'))),
  ).toEqual(names);
  const drawn = roundAnswer(page, 'actions');
  await page.getByTestId('video-poker-draw').click();
  const round = await roundOf(drawn);
  expect(round.roundId).toBe(deal.roundId);
  await expectShown(page, round);
  await expectNet(page, request, before, round);
});
