// The card deposit's steps as a player takes them, for the specs that deposit through the page.
import type { Page } from '@playwright/test';
import { expect, hydrated } from './fixtures';

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
