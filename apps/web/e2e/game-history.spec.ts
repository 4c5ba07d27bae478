import { addIsoDays, copenhagenIsoDate, formatKr } from '@krone/domain';
import type { Page } from '@playwright/test';
import { expect, hydrated, isPhone, logInByMitId, seriousViolations, test } from './fixtures';
import { depositByCard, gameSession, playRound } from './game-money';

/** Demo accounts that read the game history, one per screen width so the two runs never share rounds. */
const HISTORY_PLAYER = { phone: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ee1', desktop: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ee2' };

async function logIn(page: Page) {
  return logInByMitId(page, '/min-konto/spilhistorik', HISTORY_PLAYER[isPhone(page) ? 'phone' : 'desktop']);
}

test('game history: every round with its time, game, stake, win and balance after, by period and game; the transactions name the game; the lobby shows it recently played', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const token = await logIn(page);
  await depositByCard(request, token, 50_000);
  // Each run its own round ids: a platform kept between runs holds earlier ones.
  const tag = `${isPhone(page) ? 'm' : 'd'}${Date.now().toString(36)}`;
  const viking = await gameSession(request, token, 'vikingernes-guld');
  await playRound(request, viking, `${tag}-v1`, 200, 0);
  await playRound(request, viking, `${tag}-v2`, 400, 1_250);
  const forest = await gameSession(request, token, 'nordlys-skoven');
  const last = await playRound(request, forest, `${tag}-n1`, 100, 0);

  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Spilhistorik' })).toBeVisible();
  const rows = page.getByTestId('game-round-row');
  // Newest first: the forest round, then the two viking rounds.
  await expect(rows.first()).toContainText('Nordlysskoven');
  await expect(rows.first().locator('time')).toHaveText(/^\d{1,2}\. \w+ \d{4} kl\. \d{2}:\d{2}$/);
  await expect(rows.first()).toContainText(formatKr(100));
  await expect(rows.first().locator('td').last()).toHaveText(formatKr(last.balanceOre as number));
  const won = rows.filter({ hasText: '12,50 kr.' }).first();
  await expect(won).toContainText('Vikingernes Guld');
  await expect(won).toContainText(formatKr(400));
  await expect(page.getByTestId('game-history-count')).toContainText(/^\d+ spilrunder i perioden$/);
  expect(await seriousViolations(page)).toEqual([]);

  // One game: only its rounds.
  await page.getByLabel('Spil', { exact: true }).selectOption({ label: 'Vikingernes Guld' });
  await page.getByRole('button', { name: 'Vis' }).click();
  await expect(page).toHaveURL(/spil=vikingernes-guld/);
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Vikingernes Guld');

  // Periods: the last 24 hours have them; two days two months ago none; past 90 days is refused next to the field.
  await page.getByLabel('Periode').selectOption('24t');
  await page.getByRole('button', { name: 'Vis' }).click();
  await expect(page).toHaveURL(/periode=24t/);
  await expect(rows.first()).toContainText('Vikingernes Guld');
  const today = copenhagenIsoDate(new Date());
  await page.getByLabel('Periode').selectOption('valgt');
  await page.getByLabel('Fra dato').fill(addIsoDays(today, -60));
  await page.getByLabel('Til dato').fill(addIsoDays(today, -59));
  await page.getByRole('button', { name: 'Vis' }).click();
  await expect(page.getByTestId('game-history-empty')).toHaveText('Der er ingen spilrunder i den valgte periode.');
  await page.goto(`/min-konto/spilhistorik?periode=valgt&fra=${addIsoDays(today, -120)}&til=${today}`);
  await expect(page.locator('#history-from-error')).toHaveText('Du kan se transaktioner op til 90 dage tilbage. Vælg en senere fra-dato.');

  // The transactions page's games column names the game of each bet and win.
  await page.goto('/min-konto/transaktioner?type=spil');
  await hydrated(page);
  const bet = page.getByTestId('transaction-row').first();
  await expect(bet.locator('td[data-label="Spil"]')).toHaveText('Nordlysskoven');
  await expect(page.getByTestId('transaction-row').filter({ hasText: '12,50 kr.' }).first().locator('td[data-label="Spil"]')).toHaveText(
    'Vikingernes Guld',
  );

  // The lobby shows what the player played lately, the last played first, leading to play for money.
  await page.goto('/spilleautomater');
  await hydrated(page);
  const recent = page.getByTestId('game-row-recently-played');
  await expect(recent.getByRole('heading', { name: 'Senest spillet' })).toBeVisible();
  await expect(recent.getByTestId('game-tile').first()).toContainText('Nordlysskoven');
  await expect(recent.locator('[data-game-id="vikingernes-guld"]')).toHaveCount(1);
  await expect(recent.getByTestId('game-tile-link').first()).toHaveAttribute('href', '/spilleautomater/spil-for-penge/nordlys-skoven');

  // The account menu and the overview lead here.
  await page.getByTestId('menu-toggle').click();
  // Under "Min konto", folded until opened: present in the menu, whether shown or not.
  await expect(page.getByTestId('menu-panel').locator('a[href="/min-konto/spilhistorik"]').first()).toHaveText('Spilhistorik');
  await page.keyboard.press('Escape');
  await page.goto('/min-konto/oversigt');
  await page.getByRole('link', { name: 'Se spilhistorik' }).click();
  await expect(page).toHaveURL(/\/min-konto\/spilhistorik$/);
  expect(consoleErrors).toEqual([]);
});
