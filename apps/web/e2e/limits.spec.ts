import { MITID_IDENTITIES, type MitIdIdentity } from '@krone/sims/identities';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, isPhone, seriousViolations, test } from './fixtures';
import { platformUrl, storefrontHeaders } from './platform';

const person = (given: string) => MITID_IDENTITIES.find((identity) => identity.givenName === given)!;
const DATE_TIME = /\d{1,2}\. \p{L}+ \d{4} kl\. \d{2}:\d{2}/u;

/** Registers through the MitID stand-in; with a limit, declines the bonus and takes the limit step. */
async function register(page: Page, who: MitIdIdentity, mobileNo: string, limit?: { period: string; amount: string }) {
  await page.goto('/registrer');
  await page.getByTestId('register-mitid').click();
  await page.getByTestId(`identity-${who.uuid}`).click();
  await expect(page.getByTestId('registration-step')).toHaveText('Trin 2 af 3');
  // Typing before the form hydrates would be lost.
  await hydrated(page);
  await expect(page.getByLabel('Fornavn')).toHaveValue(who.givenName);
  await page.getByLabel('CPR-nummer').fill(who.cpr);
  await page.getByLabel('E-mail').fill(`${who.givenName.toLowerCase()}.limits@example.dk`);
  await page.getByLabel('Mobilnummer').fill(mobileNo);
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(page.getByTestId('registration-step')).toHaveText('Trin 3 af 3');
  await page.getByText(limit ? 'Nej tak, jeg vil spille uden bonus' : 'Ja tak, giv mig velkomstbonussen').click();
  await page.getByTestId('accept-terms').check();
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  if (limit) {
    await page.getByText(limit.period, { exact: true }).click();
    await page.getByText(limit.amount, { exact: true }).click();
    await page.getByRole('button', { name: 'Færdig' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
  await dismissPopups(page);
}

/** The welcome popup after a login or registration, and the marketing question after a new one. */
async function dismissPopups(page: Page, marketing = true) {
  await hydrated(page);
  const welcome = page.getByTestId('welcome-popup');
  await expect(welcome).toBeVisible({ timeout: 10_000 });
  await welcome.getByRole('button', { name: 'Luk' }).click();
  if (marketing) {
    await page.getByTestId('marketing-decline').click({ timeout: 10_000 });
    await expect(page.getByTestId('marketing-popup')).toBeHidden();
  }
}

/** A card deposit straight at the platform with the browser's session: refused before any card is charged. */
async function tryDeposit(page: Page, request: APIRequestContext) {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'krone_session')!.value;
  const response = await request.post(`${platformUrl}/Payments/deposits/card/${session}`, {
    headers: storefrontHeaders,
    data: { token: 'tok_unused', amountOre: 10_000, returnUrl: 'http://127.0.0.1/min-konto/overfoer' },
  });
  return { status: response.status(), body: (await response.json()) as { code?: string; message?: string } };
}

async function chooseLimit(page: Page, period: string, amount: string, custom?: string) {
  const form = page.getByTestId('limit-form');
  await form.getByText(period, { exact: true }).click();
  await form.getByText(amount, { exact: true }).click();
  if (custom !== undefined) await form.getByRole('textbox', { name: 'Eget beløb' }).fill(custom);
  await form.getByRole('button', { name: 'Gem grænse' }).click();
}

test('a new player sets, lowers and raises a deposit limit, sees the raise wait 24 hours, and pauses', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.slow();
  const phone = isPhone(page);
  const who = person(phone ? 'Gitte' : 'Bo');
  // The phone's player takes the bonus and so has no limit yet; the desktop's sets one at registration.
  await register(page, who, phone ? '20304061' : '20304062', phone ? undefined : { period: 'Månedsgrænse', amount: '2.500 kr.' });

  await page.goto('/min-konto/begraensninger');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Begrænsninger');
  const month = page.getByTestId('limit-month');
  const form = page.getByTestId('limit-form');
  await form.getByRole('button', { name: 'Gem grænse' }).click();
  await expect(form.getByTestId('error-period')).toHaveText('Vælg en periode.');
  if (phone) {
    await expect(month.getByTestId('limit-amount')).toHaveText('Ingen grænse');
    expect(await tryDeposit(page, request)).toMatchObject({
      status: 409,
      body: { code: 'DEPOSIT_LIMIT_REQUIRED', message: expect.stringContaining('Begrænsninger') },
    });
    await chooseLimit(page, 'Månedsgrænse', '2.500 kr.');
    await expect(page.getByTestId('limit-status')).toHaveText('Dine grænser er gemt korrekt.');
  }
  await expect(month.getByTestId('limit-amount')).toHaveText('Gældende grænse: 2.500 kr.');
  await expect(month.getByTestId('limit-remaining')).toHaveText('Tilbage i perioden: 2.500 kr.');
  await expect(page.getByTestId('limit-day').getByTestId('limit-amount')).toHaveText('Ingen grænse');

  // Errors next to their field, in Danish; what was typed stays.
  await chooseLimit(page, 'Månedsgrænse', 'Eget beløb', '12,345');
  await expect(form.getByTestId('error-amount')).toHaveText('Indtast et gyldigt beløb.');
  await expect(form.getByRole('textbox', { name: 'Eget beløb' })).toHaveValue('12,345');

  // Lower: at once.
  await form.getByRole('textbox', { name: 'Eget beløb' }).fill('1.500');
  await form.getByRole('button', { name: 'Gem grænse' }).click();
  await expect(page.getByTestId('limit-status')).toHaveText('Dine grænser er gemt korrekt.');
  await expect(month.getByTestId('limit-amount')).toHaveText('Gældende grænse: 1.500 kr.');
  await expect(month.getByTestId('limit-pending')).toHaveCount(0);

  // Raise: it waits 24 hours, and the page says until when (Copenhagen time, "kl.").
  await chooseLimit(page, 'Månedsgrænse', '5.000 kr.');
  await expect(page.getByTestId('limit-status')).toContainText('Da grænsen er hævet, træder den i kraft');
  await expect(page.getByTestId('limit-status')).toHaveText(DATE_TIME);
  await expect(month.getByTestId('limit-amount')).toHaveText('Gældende grænse: 1.500 kr.');
  await expect(month.getByTestId('limit-pending')).toHaveText(
    new RegExp(`^Din nye grænse på 5\\.000 kr\\. træder i kraft ${DATE_TIME.source}\\.$`, 'u'),
  );
  await page.reload();
  await expect(month.getByTestId('limit-pending')).toContainText('5.000 kr.');

  // A yearly limit beside them (spec §9: day, week, month, year): a new period's limit, at once.
  await chooseLimit(page, 'Årsgrænse', '5.000 kr.');
  await expect(page.getByTestId('limit-status')).toHaveText('Dine grænser er gemt korrekt.');
  await expect(page.getByTestId('limit-year').getByTestId('limit-amount')).toHaveText('Gældende grænse: 5.000 kr.');
  await expect(page.getByTestId('limit-year').getByTestId('limit-remaining')).toHaveText(/^Tilbage i perioden: [\d.]+ kr\.$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('limits.png'), fullPage: true });

  // A pause, behind a confirmation that can be cancelled.
  const pause = page.getByTestId('pause-form');
  await pause.getByText('Pause i 24 timer').click();
  await pause.getByRole('button', { name: 'Start pause' }).click();
  await expect(page.getByTestId('pause-confirm')).toContainText('kan ikke ophæves før tid');
  // The confirmation takes the focus from the button it replaced.
  await expect(page.getByTestId('pause-confirm').getByRole('button', { name: 'Bekræft' })).toBeFocused();
  await page.getByTestId('pause-confirm').getByRole('button', { name: 'Annuller' }).click();
  await expect(page.getByTestId('limits-state')).toHaveText('');
  await pause.getByRole('button', { name: 'Start pause' }).click();
  await page.getByTestId('pause-confirm').getByRole('button', { name: 'Bekræft' }).click();
  await expect(page.getByTestId('pause-status')).toHaveText(
    /^Din pause er startet\. Du kan indbetale og spille igen .+ kl\. \d{2}:\d{2}\.$/,
  );
  await expect(page.getByTestId('limits-state')).toContainText('Din konto er på pause til');

  // Paused: no deposit, but still logged in, with the pause shown.
  expect(await tryDeposit(page, request)).toMatchObject({
    status: 403,
    body: { code: 'ACCOUNT_PAUSED', message: expect.stringContaining('pause') },
  });
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('header-account')).toBeVisible();
  await expect(page.getByTestId('limits-state')).toHaveText(/Din konto er på pause til .+ kl\. \d{2}:\d{2}\./);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('limits-paused.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);
});

test('a raised limit applies 24 hours later on a moved clock @clock', async ({ page, request }) => {
  test.slow();
  const who = person('Tove');
  await register(page, who, '20304063', { period: 'Dagsgrænse', amount: '500 kr.' });
  await page.goto('/min-konto/begraensninger');
  const day = page.getByTestId('limit-day');
  await expect(day.getByTestId('limit-amount')).toHaveText('Gældende grænse: 500 kr.');
  await chooseLimit(page, 'Dagsgrænse', '1.000 kr.');
  await expect(day.getByTestId('limit-pending')).toContainText('Din nye grænse på 1.000 kr.');

  try {
    // A day and a minute later: the session has run out, so the player logs in again.
    expect(
      (await request.put(`${platformUrl}/Test/clock`, { headers: storefrontHeaders, data: { offsetMs: 24 * 3_600_000 + 60_000 } })).ok(),
    ).toBe(true);
    await page.goto('/min-konto/begraensninger');
    await expect(page).toHaveURL(/\/log-ind\?redirect=%2Fmin-konto%2Fbegraensninger$/);
    await page.getByTestId('login-mitid').click();
    await page.getByTestId(`identity-${who.uuid}`).click();
    await page.waitForURL(/\/min-konto\/begraensninger$/, { timeout: 15_000 });
    await dismissPopups(page, false);
    await expect(day.getByTestId('limit-amount')).toHaveText('Gældende grænse: 1.000 kr.');
    await expect(day.getByTestId('limit-pending')).toHaveCount(0);

    // A limit for a new period applies at once; then the day limit may go, after 24 hours.
    await chooseLimit(page, 'Ugegrænse', '2.500 kr.');
    await expect(page.getByTestId('limit-status')).toHaveText('Dine grænser er gemt korrekt.');
    await expect(page.getByTestId('limit-week').getByTestId('limit-amount')).toHaveText('Gældende grænse: 2.500 kr.');
    await day.getByRole('button', { name: 'Fjern grænse (Dagsgrænse)' }).click();
    await expect(day.getByTestId('limit-pending')).toHaveText(/^Grænsen fjernes .+ kl\. \d{2}:\d{2}\.$/);
    // The week limit is now the last one: it offers no removal.
    await expect(page.getByRole('button', { name: /Fjern grænse/ })).toHaveCount(0);

    // Closure, behind a confirmation: for good, the page then only shows the state.
    await page.getByTestId('close-account').click();
    const confirm = page.getByTestId('close-confirm');
    await expect(confirm.getByLabel('Jeg forstår, at min konto lukkes permanent.')).toBeFocused();
    await confirm.getByRole('button', { name: 'Luk min konto' }).click();
    await expect(confirm).toContainText('Bekræft, at du forstår, at lukningen er permanent.');
    await confirm.getByLabel('Jeg forstår, at min konto lukkes permanent.').check();
    await confirm.getByRole('button', { name: 'Luk min konto' }).click();
    await expect(page.getByTestId('limits-state')).toContainText('Din konto er lukket permanent.');
    await expect(page.getByTestId('limit-form')).toHaveCount(0);
    await expect(page.getByTestId('pause-form')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('limits-state')).toContainText('Din konto er lukket permanent.');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('limits-closed.png'), fullPage: true });
  } finally {
    await request.put(`${platformUrl}/Test/clock`, { headers: storefrontHeaders, data: { offsetMs: 0 } });
  }
});
