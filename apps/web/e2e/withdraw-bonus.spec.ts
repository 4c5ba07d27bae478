import { MITID_IDENTITIES } from '@krone/sims/identities';
import type { Page } from '@playwright/test';
import { depositWithCode, registerWithWeeklyLimit } from './deposit-steps';
import { expect, hydrated, isPhone, seriousViolations, test } from './fixtures';

// Issue 22 §5: withdrawing while a bonus is open forfeits the bonus. The withdrawal flow warns
// first, naming the bonus balance forfeited; the player who cancels keeps the bonus, the one who
// confirms withdraws their own money and loses the bonus. Reached from the menu, answered by keyboard.

const person = (given: string) => MITID_IDENTITIES.find((identity) => identity.givenName === given)!;

/** To the withdrawal as a player gets there: the menu, "Min konto" unfolded, "Udbetal". */
async function openWithdrawFromMenu(page: Page) {
  await page.goto('/');
  await hydrated(page);
  await page.getByTestId('menu-toggle').click();
  const panel = page.getByTestId('menu-panel');
  await expect(panel).toBeVisible();
  const account = panel.getByRole('button', { name: 'Min konto', exact: true });
  if ((await account.getAttribute('aria-expanded')) !== 'true') await account.click();
  await panel.locator('a[href="/min-konto/udbetal"]:visible').first().click();
  await expect(page).toHaveURL(/\/min-konto\/udbetal$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Udbetal');
}

/** What the withdrawals call answers now: the open bonus a withdrawal would forfeit, and the withdrawals. */
const withdrawals = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/withdrawals', { cache: 'no-store' });
    return ((await response.json()) as { data: { openBonus: { bonusOre: number } | null; withdrawals: { status: string }[] } }).data;
  });

test('a player with an open bonus is warned that a withdrawal forfeits it, keeps it by cancelling, and loses only the bonus by confirming', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  await registerWithWeeklyLimit(page, person(isPhone(page) ? 'Bolette' : 'Bertel'), '1500', isPhone(page) ? '20304091' : '20304092', true);

  // The old exploit's start: 1.000 kr. with the welcome code earns 1.000 kr. of bonus.
  await depositWithCode(page, '1000', 'VELKOMST100');
  await expect(page.getByTestId('deposit-receipt').getByTestId('receipt-bonus')).toHaveText('1.000 kr. (VELKOMST100)');

  await openWithdrawFromMenu(page);
  await expect(page.getByTestId('withdrawable')).toHaveText('Du kan udbetale 1.000 kr.');
  await expect(page.getByTestId('withdraw-bonus-note')).toHaveText(
    'Du har en aktiv bonus (bonussaldo 1.000 kr.). Udbetaler du nu, bortfalder bonussen.',
  );

  // The whole deposit: the warning step comes before the confirmation, naming the bonus lost.
  const amount = page.getByRole('textbox', { name: 'Beløb' });
  await amount.fill('1000');
  await page.getByRole('button', { name: 'Næste' }).click();
  const step = page.getByTestId('withdraw-step').getByRole('heading', { level: 2 });
  await expect(step).toHaveText('Din bonus bortfalder');
  await expect(step).toBeFocused();
  const warning = page.getByTestId('withdraw-forfeit');
  await expect(warning.getByRole('alert')).toHaveText(
    'Du har en aktiv bonus. Udbetaler du nu, bortfalder bonussen, og din bonussaldo på 1.000 kr. fjernes fra din konto sammen med omsætningskravet.',
  );
  await expect(warning).toContainText('Dine egne penge berøres ikke: du udbetaler 1.000 kr. til din NemKonto.');
  await expect(warning).toContainText('Bonussen kommer ikke tilbage, heller ikke hvis du annullerer udbetalingen bagefter.');
  expect(await seriousViolations(page)).toEqual([]);

  // By keyboard: from the step's heading, Tab reaches "give it up", then "cancel"; cancelled.
  const giveUp = page.getByRole('button', { name: 'Udbetal og opgiv bonussen' });
  const keep = page.getByRole('button', { name: 'Annuller og behold bonussen' });
  await page.keyboard.press('Tab');
  await expect(giveUp).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(keep).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(step).toHaveText('Vælg beløb');
  await expect(page.getByTestId('withdraw-bonus-kept')).toHaveText('Udbetalingen er ikke sendt, og du har stadig din bonus.');
  await expect(amount).toHaveValue('1000');
  // Nothing was sent: the bonus is there, no withdrawal.
  expect(await withdrawals(page)).toMatchObject({ openBonus: { bonusOre: 100_000 }, withdrawals: [] });
  await expect(page.getByTestId('header-credit')).toHaveText(/\s2\.000 kr\./);

  // Again, and this time given up by keyboard: the confirmation says it once more, then the receipt.
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(step).toHaveText('Din bonus bortfalder');
  await page.keyboard.press('Tab');
  await expect(giveUp).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(step).toHaveText('Bekræft udbetaling');
  const confirmation = page.getByTestId('withdraw-confirm');
  await expect(confirmation).toContainText('Du er ved at udbetale 1.000 kr. til din NemKonto.');
  await expect(confirmation.getByTestId('withdraw-confirm-forfeit')).toContainText('din bonussaldo på 1.000 kr. fjernes');
  await page.getByRole('button', { name: 'Bekræft udbetaling' }).click();
  const receipt = page.getByTestId('withdraw-receipt');
  await expect(receipt).toContainText('Din udbetaling er registreret');
  await expect(receipt).toContainText('Bortfaldet bonus');
  await expect(page.getByTestId('receipt-forfeited')).toHaveText('1.000 kr.');
  // The player's own 1.000 kr. is on its way to NemKonto; the bonus is gone, nothing is left to play.
  await expect(page.getByTestId('header-credit')).toHaveText(/\s0 kr\./);
  expect(await withdrawals(page)).toMatchObject({ openBonus: null, withdrawals: [{ status: 'pending' }] });
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
