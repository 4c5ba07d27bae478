import { createHmac } from 'node:crypto';
import { addIsoDays, contractPath, contractSigningText, copenhagenIsoDate, formatKr } from '@krone/domain';
import { loadTitles } from '@krone/games-math/titles';
import { TEST_CARDS } from '@krone/sims/cards';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, isPhone, seriousViolations, test } from './fixtures';
import { platformPublicUrl, platformUrl, storefrontHeaders } from './platform';

const simsUrl = `http://127.0.0.1:${process.env.E2E_SIMS_PORT ?? 4310}`;
const webUrl = `http://127.0.0.1:${process.env.E2E_WEB_PORT ?? 3100}`;
/** Our studio's secret for the games contract (the platform's development default). */
const studioSecret = process.env.GAME_PROVIDER_KRONE_STUDIO_SECRET ?? 'krone-development-studio-secret';
/**
 * A title of the catalogue with a 1 kr. stake step and one of 10–20 kr.: the platform refuses a
 * launch of a game it does not hold and a bet off the title's stake steps.
 */
const TITLE = loadTitles().find(
  (title) => title.stake.stepsOre.includes(100) && title.stake.stepsOre.some((s) => s >= 1_000 && s <= 2_000),
)!;
const SMALL_STAKE = 100;
const BIG_STAKE = TITLE.stake.stepsOre.find((s) => s >= 1_000 && s <= 2_000)!;
/** Demo accounts that log in straight away, one per screen width so the two runs never share rows. */
const HISTORY_PLAYER = { phone: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3eb1', desktop: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3eb2' };

async function logIn(page: Page) {
  await page.goto('/min-konto/transaktioner');
  await hydrated(page);
  await expect(page).toHaveURL(/\/log-ind\?redirect=%2Fmin-konto%2Ftransaktioner$/);
  await page.getByTestId('login-mitid').click();
  await page.getByTestId(`identity-${HISTORY_PLAYER[isPhone(page) ? 'phone' : 'desktop']}`).click();
  await page.waitForURL(/\/min-konto\/transaktioner$/, { timeout: 15_000 });
  const popup = page.getByTestId('welcome-popup');
  await expect(popup).toBeVisible({ timeout: 10_000 });
  await popup.getByRole('button', { name: 'Luk' }).click();
  // The player has not chosen offers by e-mail: the marketing popup asks 3 s after the profile loaded,
  // unless a run before this one already answered it today.
  const marketing = page.getByTestId('marketing-popup');
  const asked = await marketing.waitFor({ state: 'visible', timeout: 6_000 }).then(
    () => true,
    () => false,
  );
  if (asked) {
    await marketing.getByTestId('marketing-decline').click();
    await expect(marketing).toBeHidden();
  }
  const cookies = await page.context().cookies();
  return { token: cookies.find((c) => c.name === 'krone_session')!.value, playerId: cookies.find((c) => c.name === 'krone_uid')!.value };
}

/** A card deposit through the platform's own route, with a token from the card stand-in. */
async function depositByCard(request: APIRequestContext, token: string, amountOre: number) {
  const tokenised = await request.post(`${simsUrl}/cards/v1/tokens`, {
    headers: { origin: webUrl },
    data: { number: TEST_CARDS.success, holder: 'Test Historik', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 1, cvv: '123' },
  });
  expect(tokenised.ok()).toBe(true);
  const deposit = await request.post(`${platformUrl}/Payments/deposits/card/${token}`, {
    headers: storefrontHeaders,
    data: { token: ((await tokenised.json()) as { token: string }).token, amountOre, returnUrl: `${webUrl}/min-konto/overfoer` },
  });
  expect(await deposit.json()).toMatchObject({ result: 1, data: { status: 'succeeded' } });
}

/**
 * Money moved the way a game provider moves it: the platform's games contract, each call signed
 * with the provider's secret over the time, method, path, provider and body (apps/platform/src/games/README.md).
 */
async function contract(request: APIRequestContext, operation: string, payload: Record<string, unknown>) {
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const path = contractPath('krone-studio', operation);
  const signed = contractSigningText({ timestamp, method: 'POST', path, providerId: 'krone-studio', body });
  const response = await request.post(`${platformPublicUrl}${path}`, {
    headers: {
      'content-type': 'application/json',
      'krone-timestamp': String(timestamp),
      'krone-signature': createHmac('sha256', studioSecret).update(signed).digest('hex'),
    },
    data: body,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** A game session for money for the logged-in player, authenticated by the studio: its id. */
async function gameSession(request: APIRequestContext, token: string, gameId: string) {
  const launched = await request.post(`${platformUrl}/Games/launch/${token}`, {
    headers: storefrontHeaders,
    data: { providerId: 'krone-studio', gameId, mode: 'real' },
  });
  expect(launched.ok(), await launched.text()).toBe(true);
  const launchToken = ((await launched.json()) as { data: { token: string } }).data.token;
  return (await contract(request, 'authenticate', { token: launchToken })).sessionId as string;
}

/**
 * The row with this text, paging on while it is not on the page: rows of an earlier run on the
 * same platform may come first.
 */
async function findRow(page: Page, text: string) {
  for (let pages = 0; pages < 4; pages++) {
    const row = page.getByTestId('transaction-row').filter({ hasText: text }).first();
    if ((await row.count()) > 0) return row;
    const next = page.getByRole('navigation', { name: 'Sider med transaktioner' }).getByRole('link', { name: 'Næste side' });
    if ((await next.count()) === 0) break;
    await next.click();
    await page.waitForURL(/side=/);
  }
  throw new Error(`no transaction row with ${text}`);
}

async function accountSummary(request: APIRequestContext, token: string) {
  const response = await request.get(`${platformUrl}/GATMaven/users/${token}/account-summary`, { headers: storefrontHeaders });
  return ((await response.json()) as { data: { TotalBalance: number; WithdrawableBalance: number; BonusBalance: number } }).data;
}

test('a player with activity sees it on the overview and in the transaction list, filters by period and pages through', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const { token } = await logIn(page);
  // Each run names its own rounds: a platform kept between runs holds earlier ones.
  const tag = `${isPhone(page) ? 'm' : 'd'}${Date.now().toString(36)}`;

  await depositByCard(request, token, 12_345);
  const sessionId = await gameSession(request, token, TITLE.id);
  const bet = (round: string, amountOre: number) =>
    contract(request, 'bet', { sessionId, roundId: round, transactionId: `bet-${round}`, amountOre });
  for (let index = 1; index <= 11; index++) await bet(`${tag}-r${index}`, SMALL_STAKE);
  await contract(request, 'win', { sessionId, roundId: `${tag}-r11`, transactionId: `win-${tag}-r11`, amountOre: 2_550 });
  await bet(`${tag}-rb`, BIG_STAKE);
  await contract(request, 'rollback', {
    sessionId,
    roundId: `${tag}-rb`,
    transactionId: `rollback-${tag}-rb`,
    referenceTransactionId: `bet-${tag}-rb`,
  });

  // The list: the last 30 days, newest first, in Danish.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaktioner' })).toBeVisible();
  await expect(page.getByTestId('transaction-row')).toHaveCount(10);
  await expect(page.getByTestId('transaction-row').first().locator('time')).toHaveText(/^\d{1,2}\. \w+ \d{4} kl\. \d{2}:\d{2}$/);
  const reversed = await findRow(page, `${tag}-rb`);
  await expect(reversed).toContainText('Tilbageført');
  await expect(reversed).toContainText(formatKr(BIG_STAKE));
  // The games column: the title's Danish name from the catalogue.
  await expect(reversed).toContainText(TITLE.name);
  await expect((await findRow(page, `${tag}-r11`)).filter({ hasText: 'Gevinst' })).toContainText('25,50 kr.');
  await page.goto('/min-konto/transaktioner');
  await hydrated(page);

  // Payments: the card deposit with its amount, method and status.
  await page.getByRole('link', { name: 'Ind- og udbetalinger' }).click();
  await expect(page).toHaveURL(/type=betalinger/);
  const deposit = await findRow(page, '123,45 kr.');
  await expect(deposit).toContainText('Indbetaling');
  await expect(deposit).toContainText('Betalingskort');
  await expect(deposit).toContainText('Gennemført');

  // Games, page by page: 10 a page, the rest on page 2, with no row on both.
  await page.goto('/min-konto/transaktioner?type=spil');
  await hydrated(page);
  await expect(page.getByRole('columnheader', { name: 'Indsats' })).toBeAttached();
  const pager = page.getByRole('navigation', { name: 'Sider med transaktioner' });
  await expect(async () => {
    await page.goto('/min-konto/transaktioner?type=spil');
    await hydrated(page);
    const firstPage = await page.getByTestId('transaction-row').allInnerTexts();
    expect(firstPage).toHaveLength(10);
    await pager.getByRole('link', { name: /^Side 2 af/ }).click();
    await expect(page).toHaveURL(/type=spil&side=2/);
    await expect(pager.locator('[aria-current="page"]')).toHaveText('2');
    const secondPage = await page.getByTestId('transaction-row').allInnerTexts();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((text) => firstPage.includes(text))).toEqual([]);
  }).toPass({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);

  // A chosen period: today shows the rounds; a day two months ago has nothing.
  const today = copenhagenIsoDate(new Date());
  await page.getByLabel('Periode').selectOption('valgt');
  await page.getByLabel('Fra dato').fill(addIsoDays(today, -60));
  await page.getByLabel('Til dato').fill(addIsoDays(today, -59));
  await page.getByRole('button', { name: 'Vis' }).click();
  await expect(page).toHaveURL(/periode=valgt/);
  await expect(page.getByTestId('transactions-empty')).toHaveText('Der er ingen transaktioner i den valgte periode.');
  await page.getByLabel('Fra dato').fill(today);
  await page.getByLabel('Til dato').fill(today);
  await page.getByRole('button', { name: 'Vis' }).click();
  await expect(page).toHaveURL(new RegExp(`fra=${today}&til=${today}`));
  await expect(await findRow(page, `${tag}-r11`)).toBeVisible();
  await page.getByLabel('Periode').selectOption('24t');
  await page.getByRole('button', { name: 'Vis' }).click();
  await expect(page).toHaveURL(/periode=24t/);
  await expect(await findRow(page, `${tag}-r11`)).toBeVisible();
  // Further back than 90 days is refused next to the field.
  await page.goto(`/min-konto/transaktioner?periode=valgt&fra=${addIsoDays(today, -120)}&til=${today}`);
  await hydrated(page);
  await expect(page.locator('#transactions-from-error')).toHaveText(
    'Du kan se transaktioner op til 90 dage tilbage. Vælg en senere fra-dato.',
  );
  await expect(page.getByLabel('Fra dato')).toHaveAttribute('aria-invalid', 'true');

  // The overview: balances as the ledger has them, the 30-day play and the newest activity.
  await page.goto('/min-konto/oversigt');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Kontooversigt' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    const summary = await accountSummary(request, token);
    await expect(page.getByTestId('overview-total')).toHaveText(formatKr(summary.TotalBalance), { timeout: 1_000 });
    await expect(page.getByTestId('overview-withdrawable')).toHaveText(formatKr(summary.WithdrawableBalance), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('overview-bonus')).toHaveText(/^\d{1,3}(\.\d{3})*(,\d{2})? kr\.$/);
  await expect(page.getByTestId('overview-betwin')).toContainText('Samlet indsats');
  await expect(page.getByTestId('overview-recent').getByRole('listitem')).toHaveCount(5);
  await expect(page.getByTestId('overview-recent')).toContainText(/Gennemført|Tilbageført/);
  for (const [name, href] of [
    ['Indbetal', '/min-konto/overfoer'],
    ['Udbetal', '/min-konto/udbetal'],
    ['Skift grænser', '/min-konto/begraensninger'],
  ]) {
    await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Se alle transaktioner' }).click();
  await expect(page).toHaveURL(/\/min-konto\/transaktioner$/);
  expect(consoleErrors).toEqual([]);
});
