import { MITID_IDENTITIES } from '@krone/sims/identities';
import type { Page } from '@playwright/test';
import { depositWithCode, fillCard, openDepositByClick, registerWithWeeklyLimit } from './deposit-steps';
import { expect, hydrated, isPhone, seriousViolations, test } from './fixtures';

const person = (given: string) => MITID_IDENTITIES.find((identity) => identity.givenName === given)!;

/** The browser reports a blocked fetch or frame as a console error naming the policy. */
const cspViolations = (consoleErrors: string[]) => consoleErrors.filter((message) => /Content Security Policy/i.test(message));

async function startDeposit(page: Page, amountKr: string, from: 'header' | 'overview') {
  await openDepositByClick(page, from);
  await page.getByLabel('Andet beløb').fill(amountKr);
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-step')).toHaveText('Trin 2 af 3');
}

async function expectCredit(page: Page, text: string) {
  await page.goto('/min-konto/profil');
  await hydrated(page);
  await expect(page.getByTestId('header-credit')).toContainText(text);
}

test('a new player deposits by card, with 3-D Secure, by MobilePay and by quick deposit, sees receipts and balances, and is stopped by the limit', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(300_000);
  await registerWithWeeklyLimit(page, person(isPhone(page) ? 'Dina' : 'Dennis'), '1500');

  // Step 1, reached from the header's balance: nothing typed, then an unknown bonus code; the
  // card is checked before anything is sent.
  await openDepositByClick(page, 'header');
  await expect(page.getByRole('heading', { name: 'Vælg beløb' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('deposit-by-click.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByText('Indtast et beløb.')).toBeVisible();
  await expect(page.getByLabel('Andet beløb')).toBeFocused();
  await page.getByLabel('Andet beløb').fill('250');
  await page.getByTestId('bonus-toggle').check();
  await page.getByRole('textbox', { name: 'Bonuskode' }).fill('FINDESIKKE');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-step')).toHaveText('Trin 2 af 3');
  await fillCard(page, '4571 0000 0000 001', '12');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByText('Kortnummeret skal bestå af 16 cifre.')).toBeVisible();
  await expect(page.getByText('Kontrolcifrene skal være mindst 3 tegn.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await fillCard(page, '4571 0000 0000 0001');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-summary')).toContainText('250 kr.');
  await expect(page.getByTestId('deposit-summary')).toContainText('•••• 0001');
  await page.getByTestId('deposit-submit').click();
  // The platform refuses the code before any money moves; the player is back at the code, which is kept.
  await expect(page.getByText('Bonuskoden er ugyldig.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Bonuskode' })).toHaveValue('FINDESIKKE');
  await page.getByTestId('bonus-toggle').uncheck();
  await page.getByTestId('deposit-submit').click();
  // The card typed before is still there; a fresh token is made for the next try.
  await expect(page.getByLabel('Kortnummer')).toHaveValue('4571 0000 0000 0001');
  await page.getByTestId('deposit-submit').click();
  await page.getByTestId('deposit-submit').click();
  const receipt = page.getByTestId('deposit-receipt');
  await expect(receipt).toContainText('Tak for din indbetaling');
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('250 kr.');
  await expect(receipt.getByTestId('receipt-card')).toHaveText('•••• 0001');
  await expect(receipt.getByTestId('receipt-order')).toHaveText(/^[0-9A-F]{8}$/);
  await expect(receipt.getByTestId('receipt-balance')).toHaveText('250 kr.');
  await expect(page.getByTestId('header-credit')).toContainText('250 kr.');
  expect(await seriousViolations(page)).toEqual([]);
  expect(cspViolations(consoleErrors)).toEqual([]);

  // A card the bank declines for wrong details: the Danish message, no money.
  await startDeposit(page, '100', 'overview');
  await fillCard(page, '4000 0000 0000 0127');
  await page.getByTestId('deposit-submit').click();
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-error')).toHaveText('Kortoplysningerne er forkerte. Tjek kortnummer, udløbsdato og kontrolcifre.');

  // 3-D Secure, reached from the overview: the bank's page in a window of the spec's width,
  // approved, then the receipt.
  await startDeposit(page, '500', 'overview');
  await fillCard(page, '4000 0000 0000 3220');
  await page.getByTestId('deposit-submit').click();
  await page.getByTestId('deposit-submit').click();
  const dialog = page.getByTestId('threeds-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-width', isPhone(page) ? '700' : '900');
  await page.frameLocator('[data-testid="threeds-frame"]').getByTestId('challenge-approve').click();
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('500 kr.', { timeout: 15_000 });
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('header-credit')).toContainText('750 kr.');
  expect(cspViolations(consoleErrors)).toEqual([]);

  // MobilePay, reached from the header's balance: to the app, approved, back to /MobilePay with
  // the receipt.
  // Beyond the operator's MobilePay amounts (settingMobilePay: 100 to 20.000 kr.): back to the amount, with why.
  await startDeposit(page, '25000', 'header');
  await expect(page.getByTestId('mobilepay-range')).toHaveText('Med MobilePay kan du indbetale fra 100 kr. til 20.000 kr.');
  await page.getByTestId('method-mobilepay').check();
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-step')).toHaveText('Trin 1 af 3');
  await expect(page.getByLabel('Andet beløb')).toBeFocused();
  await expect(page.getByText('Med MobilePay kan du indbetale fra 100 kr. til 20.000 kr.').first()).toBeVisible();
  await page.getByLabel('Andet beløb').fill('300');
  await page.getByTestId('deposit-submit').click();
  await page.getByTestId('method-mobilepay').check();
  await page.getByTestId('deposit-submit').click();
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('mobilepay-amount')).toHaveText('300,00 kr.');
  await page.getByTestId('mobilepay-approve').click();
  await expect(page).toHaveURL(/\/MobilePay\?deposit=[0-9a-f-]{36}&payment=mp_/);
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('300 kr.', { timeout: 15_000 });
  await expect(receipt.getByTestId('receipt-balance')).toHaveText('1.050 kr.');
  expect(await seriousViolations(page)).toEqual([]);
  expect(cspViolations(consoleErrors)).toEqual([]);

  // Quick deposit: a quick amount and the card, on one screen.
  await page.goto('/QuickDeposit');
  await hydrated(page);
  await page.getByTestId('amount-200').click();
  await fillCard(page, '4571 0000 0000 0001');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('deposit-submit').click();
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('200 kr.');
  await expect(receipt.getByTestId('receipt-balance')).toHaveText('1.250 kr.');
  await expectCredit(page, '1.250 kr.');

  // The weekly limit of 1.500 kr.: 300 kr. more is refused before any money moves.
  await page.goto('/quick-deposit');
  await hydrated(page);
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await page.getByLabel('Andet beløb').fill('300');
  await page.getByTestId('method-mobilepay').check();
  await page.getByTestId('deposit-submit').click();
  const refused = page.getByTestId('deposit-error');
  await expect(refused).toContainText('Indbetalingen overskrider din indbetalingsgrænse.');
  await expect(refused.getByRole('link', { name: 'Gå til dine begrænsninger' })).toHaveAttribute('href', '/min-konto/begraensninger');
  await expectCredit(page, '1.250 kr.');

  // The browser reports refused calls (4xx) itself; nothing else may be logged.
  expect(consoleErrors.filter((message) => !/status of 4\d\d/.test(message))).toEqual([]);
});

test('a player deposits with a bonus code, sees the bonus and its wagering, and gets no second bonus while it is open', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  // The welcome code is for a player who took the welcome bonus at registration.
  await registerWithWeeklyLimit(page, person(isPhone(page) ? 'Bodil' : 'Bjarne'), '1500', isPhone(page) ? '20304081' : '20304082', true);

  // 200 kr. with the welcome code: 100 % bonus; 10 × (deposit + bonus) = 4.000 kr. to wager.
  await depositWithCode(page, '200', 'velkomst100');
  const receipt = page.getByTestId('deposit-receipt');
  await expect(receipt.getByTestId('receipt-bonus')).toHaveText('200 kr. (VELKOMST100)');
  await expect(receipt).toContainText('4.000 kr.');
  await expect(receipt.getByTestId('receipt-balance')).toHaveText('400 kr.');

  // The overview: 400 kr. in all, 200 kr. of it bonus, nothing wagered yet.
  await page.goto('/min-konto/oversigt');
  await hydrated(page);
  await expect(page.getByTestId('overview-total')).toHaveText('400 kr.');
  await expect(page.getByTestId('overview-withdrawable')).toHaveText('200 kr.');
  await expect(page.getByTestId('overview-bonus')).toHaveText('200 kr.');
  await expect(page.getByTestId('overview-wagering')).toContainText('0 % omsat');
  await expect(page.getByTestId('overview-wagering')).toContainText('4.000 kr.');
  expect(await seriousViolations(page)).toEqual([]);

  // A second code while this bonus is open: refused at the code, before any money moves.
  await depositWithCode(page, '200', 'KRONE50');
  await expect(
    page.getByText('Du har allerede en aktiv bonus. Du kan bruge en ny bonuskode, når den er omsat eller udløbet.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Bonuskode' })).toHaveValue('KRONE50');
  await expectCredit(page, '400 kr.');
  expect(consoleErrors.filter((message) => !/status of 4\d\d/.test(message))).toEqual([]);
});
