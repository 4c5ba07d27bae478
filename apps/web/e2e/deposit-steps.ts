// The card deposit's steps as a player takes them, for the specs that deposit through the page.
import type { MitIdIdentity } from '@krone/sims/identities';
import type { Page } from '@playwright/test';
import { expect, hydrated, isPhone } from './fixtures';

const year = String(new Date().getUTCFullYear() + 2).slice(-2);

export async function fillCard(page: Page, number: string, cvv = '123') {
  await page.getByLabel('Kortnummer').fill(number);
  await page.getByLabel('Kortindehaverens navn').fill('Test Indskud');
  await page.getByLabel('Udløbsmåned').fill('12');
  await page.getByLabel('Udløbsår').fill(year);
  await page.getByLabel('Kontrolcifre').fill(cvv);
}

/**
 * To the deposit page as a player gets there: a click on the header's balance (from the start
 * page, a cached public page) or on the overview's "Indbetal" (a page for one visitor). Both are
 * client-side navigations, so the page keeps the policy of the page it came from; a mark on
 * `window` shows no full load happened.
 */
export async function openDepositByClick(page: Page, from: 'header' | 'overview') {
  await page.goto(from === 'header' ? '/' : '/min-konto/oversigt');
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, { kroneSamePage: true }));
  if (from === 'header') await page.getByTestId('header-credit').click();
  else await page.getByRole('main').getByRole('link', { name: 'Indbetal', exact: true }).click();
  await expect(page).toHaveURL(/\/min-konto\/overfoer$/);
  await expect(page.getByTestId('deposit-step')).toHaveText('Trin 1 af 3');
  expect(await page.evaluate(() => (window as { kroneSamePage?: boolean }).kroneSamePage), 'a client-side navigation').toBe(true);
}

/** All three steps of a card deposit with a bonus code, reached from the header's balance, up to the answer. */
export async function depositWithCode(page: Page, amountKr: string, code: string) {
  await openDepositByClick(page, 'header');
  await page.getByLabel('Andet beløb').fill(amountKr);
  await page.getByTestId('bonus-toggle').check();
  await page.getByRole('textbox', { name: 'Bonuskode' }).fill(code);
  await page.getByTestId('deposit-submit').click();
  await fillCard(page, '4571 0000 0000 0001');
  await page.getByTestId('deposit-submit').click();
  await page.getByTestId('deposit-submit').click();
}

/**
 * A new player through the MitID stand-in, declining the bonus, so the limit step gives a weekly
 * limit; or, with `welcomeBonus`, taking the welcome bonus (no limit step then), and choosing a monthly
 * limit of 2.500 kr. where the deposit page asks for it before the first deposit.
 */
export async function registerWithWeeklyLimit(
  page: Page,
  who: MitIdIdentity,
  limitKr: string,
  mobile = isPhone(page) ? '20304071' : '20304072',
  welcomeBonus = false,
) {
  await page.goto('/registrer');
  await page.getByTestId('register-mitid').click();
  await page.getByTestId(`identity-${who.uuid}`).click();
  await expect(page.getByTestId('registration-step')).toHaveText('Trin 2 af 3');
  // Typing before the form hydrates would be lost (a flake seen in CI): as limits.spec.ts waits.
  await hydrated(page);
  await expect(page.getByLabel('Fornavn')).toHaveValue(who.givenName);
  await page.getByLabel('CPR-nummer').fill(who.cpr);
  await page.getByLabel('E-mail').fill(`${who.givenName.toLowerCase()}.${who.familyName.toLowerCase()}@example.dk`);
  await page.getByLabel('Mobilnummer').fill(mobile);
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(page.getByTestId('registration-step')).toHaveText('Trin 3 af 3');
  await page.getByText(welcomeBonus ? 'Ja tak, giv mig velkomstbonussen' : 'Nej tak, jeg vil spille uden bonus').click();
  await page.getByTestId('accept-terms').check();
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  if (!welcomeBonus) {
    await expect(page.getByRole('heading', { name: 'Sæt din indbetalingsgrænse' })).toBeVisible();
    await page.getByText('Ugegrænse').click();
    await page.getByText('Andet beløb').first().click();
    await page.getByRole('textbox', { name: 'Andet beløb' }).fill(limitKr);
    await page.getByRole('button', { name: 'Færdig' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
  await page.getByTestId('welcome-popup').getByRole('button', { name: 'Luk' }).click({ timeout: 10_000 });
  // The marketing question follows a few seconds later; answered once, it stays away.
  await page.getByTestId('marketing-decline').click({ timeout: 15_000 });
  await expect(page.getByTestId('marketing-popup')).toBeHidden();
  if (welcomeBonus) {
    // No limit step with the bonus at registration, and no deposit without a limit (Danish rule): the
    // deposit page, reached from the header's balance, asks for one before the deposit form.
    await page.getByTestId('header-credit').click();
    await expect(page).toHaveURL(/\/min-konto\/overfoer$/);
    const step = page.getByTestId('first-limit');
    await expect(step.getByRole('heading', { name: 'Vælg din indbetalingsgrænse' })).toBeVisible();
    await expect(page.getByTestId('deposit-step')).toHaveCount(0);
    await step.getByRole('button', { name: 'Gem grænse og fortsæt' }).click();
    await expect(step.getByTestId('error-period')).toHaveText('Vælg en periode.');
    await step.getByText('Månedsgrænse', { exact: true }).click();
    await step.getByText('2.500 kr.', { exact: true }).click();
    await step.getByRole('button', { name: 'Gem grænse og fortsæt' }).click();
    await expect(page.getByTestId('first-limit-saved')).toHaveText('Din indbetalingsgrænse er gemt. Du kan nu indbetale.');
    await expect(page.getByTestId('deposit-step')).toHaveText('Trin 1 af 3');
  }
}
