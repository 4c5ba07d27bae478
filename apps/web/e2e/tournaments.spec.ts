import type { Page } from '@playwright/test';
import { expect, fromMenu, hydrated, isPhone, seriousViolations, test } from './fixtures';
import { depositByCard, gameSession, playRound } from './game-money';

// Issue 27: tournaments. A guest finds Månedens turnering from the campaigns, logs in from its
// board and comes back to "Tilmeld dig"; once in, a round on a tournament title moves the player's
// place on the leaderboard without a reload, on the campaign page and under the menu's
// "Turneringer" (/min-konto/gamification), beside the Thursday draw with the player's rounds toward a ticket. The rounds are played through the games contract as
// the studio plays them (game-money.ts), with their wins stated, so the points are known.
//
// The players are this spec's own, one per project (apps/sims/src/mitid-people.ts): Tina and
// Tobias Turnering.

const PLAYERS = { phone: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f51', desktop: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f52' };
const CAMPAIGN = '/kampagner/maanedens-turnering';

/** The cookie banner and the popups a login brings, answered whenever they come up, as a player does. */
async function answerPopups(page: Page) {
  await page.addLocatorHandler(page.getByTestId('cookie-banner'), async (banner) => {
    await banner.getByRole('button', { name: 'Kun nødvendige' }).click();
  });
  await page.addLocatorHandler(page.getByTestId('welcome-popup'), async (popup) => {
    await popup.getByRole('button', { name: 'Luk' }).click();
  });
  await page.addLocatorHandler(page.getByTestId('marketing-popup'), async (popup) => {
    await popup.getByTestId('marketing-decline').click();
  });
}

/** The player's own row on the board, and their place in words. */
const boardOf = (page: Page) => page.locator('[data-testid="tournament"][data-slug="maanedens-turnering"]');
const myRow = (page: Page) => boardOf(page).locator('[data-testid="tournament-row"][data-me="true"]');

test('a player joins Månedens turnering from its campaign page and sees the leaderboard move after each round', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  await answerPopups(page);
  const identity = PLAYERS[isPhone(page) ? 'phone' : 'desktop'];

  // A guest: from the menu's campaigns to the tournament's page, its rule, prizes and board, and log in or register.
  await page.goto('/');
  await hydrated(page);
  await fromMenu(page, 'Kampagner');
  await expect(page).toHaveURL(/\/kampagner$/);
  await page
    .getByTestId('campaign-list')
    .getByRole('link', { name: /Månedens turnering/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${CAMPAIGN}$`));
  await hydrated(page);
  const board = boardOf(page);
  await expect(board.getByRole('heading', { level: 2 })).toContainText('Månedens turnering ·');
  await expect(board).toContainText('mindst 1 kr. pr. spin');
  await expect(board).toContainText('Mosekonens Bryg');
  await expect(board).toContainText('vinder den, der først nåede pointtallet');
  await expect(board).toContainText('Præmier for i alt 10.500 kr. til 100 spillere');
  await expect(board.getByTestId('tournament-join')).toHaveCount(0);
  await expect(board.getByRole('link', { name: 'Opret konto' })).toHaveAttribute('href', '/registrer');
  expect(await seriousViolations(page)).toEqual([]);
  await board.getByTestId('tournament-login').click();
  await expect(page).toHaveURL(/\/log-ind\?redirect=%2Fkampagner%2Fmaanedens-turnering$/);
  await hydrated(page);
  await page.getByTestId('login-mitid').click();
  await page.getByTestId(`identity-${identity}`).click();
  await page.waitForURL((url) => url.pathname === CAMPAIGN, { timeout: 15_000 });
  await hydrated(page);

  // Logged in: "Tilmeld dig", then since when the player is in, and no points yet.
  const join = board.getByTestId('tournament-join');
  await expect(join).toHaveText('Tilmeld dig');
  await join.click();
  await expect(board.getByTestId('tournament-joined')).toContainText('Du er tilmeldt siden');
  await expect(board.getByTestId('tournament-standing')).toHaveText(
    'Du har ingen point endnu. Et spin med gevinst på et af turneringsspillene bringer dig på listen.',
  );
  await expect(join).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A round of 1 kr. that wins 42 kr. on Mosekonens Bryg: 42 point, shown without a reload.
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'krone_session')!.value;
  await depositByCard(request, token, 10_000);
  const tag = `${isPhone(page) ? 'tm' : 'td'}${Date.now().toString(36)}`;
  const session = await gameSession(request, token, 'mosekonens-bryg');
  await playRound(request, session, `${tag}-1`, 100, 4_200);
  await expect(myRow(page).getByTestId('tournament-row-points')).toHaveText('42', { timeout: 30_000 });
  await expect(myRow(page)).toContainText(`${isPhone(page) ? 'Tina' : 'Tobias'} T. (dig)`);
  await expect(board.getByTestId('tournament-standing')).toHaveText(/^Din placering: \d+\. plads med 42 point\.$/);

  // "Min konto → Turneringer" from the terms (a campaign page has no header; the menu's entry is
  // walked by links.spec.ts): the same board, the player in it; a better round moves it to 120 point.
  await page.getByRole('link', { name: 'Min konto → Turneringer' }).first().click();
  await expect(page).toHaveURL(/\/min-konto\/gamification$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Turneringer');
  await expect(board.getByTestId('tournament-joined')).toContainText('Du er tilmeldt siden');
  // The weekly live-blackjack championship beside it, open to join.
  await expect(
    page.locator('[data-testid="tournament"][data-slug="live-blackjack-mesterskabet"]').getByTestId('tournament-join'),
  ).toHaveText('Tilmeld dig');
  // The Thursday draw beside them: nothing to join, the player's rounds toward a ticket (none at the live roulette).
  const draw = page.locator('[data-testid="tournament"][data-slug="torsdagsroulette"]');
  await expect(draw.getByRole('heading', { level: 2 })).toHaveText(/^Torsdagsroulette · torsdag \d+\. \w+ \d{4}$/);
  await expect(draw.getByTestId('tournament-progress')).toHaveText('Du har spillet 0 af de 10 runder, der giver et lod.');
  await expect(draw.getByTestId('tournament-join')).toHaveCount(0);
  await expect(myRow(page).getByTestId('tournament-row-points')).toHaveText('42');
  await expect(page.getByTestId('tournament-prizes')).toContainText('Du har ikke vundet præmier i turneringer endnu.');
  // A round lost counts nothing; one won 12 × the stake is the new best.
  await playRound(request, session, `${tag}-2`, 300, 0);
  await playRound(request, session, `${tag}-3`, 100, 12_000);
  await expect(myRow(page).getByTestId('tournament-row-points')).toHaveText('120', { timeout: 30_000 });
  await expect(board.getByTestId('tournament-standing')).toHaveText(/^Din placering: \d+\. plads med 120 point\.$/);
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
