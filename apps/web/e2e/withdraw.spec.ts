import { addDanishBankingDays, formatDateDa, formatKr } from '@krone/domain';
import { MITID_IDENTITIES, type MitIdIdentity } from '@krone/sims/identities';
import type { Page } from '@playwright/test';
import { expect, hydrated, isPhone, seriousViolations, test } from './fixtures';
import { depositByCard } from './game-money';

const person = (given: string) => MITID_IDENTITIES.find((identity) => identity.givenName === given)!;

/** A guest asking for the withdraw page logs in with MitID and lands on it; the popups after login are closed. */
async function logInToWithdraw(page: Page, who: MitIdIdentity) {
  await page.goto('/min-konto/udbetal');
  await expect(page).toHaveURL(/\/log-ind\?redirect=%2Fmin-konto%2Fudbetal$/);
  await page.getByTestId('login-mitid').click();
  await page.getByTestId(`identity-${who.uuid}`).click();
  await page.waitForURL(/\/min-konto\/udbetal$/, { timeout: 15_000 });
  await hydrated(page);
  const welcome = page.getByTestId('welcome-popup');
  await expect(welcome).toBeVisible({ timeout: 10_000 });
  await welcome.getByRole('button', { name: 'Luk' }).click();
  await expect(welcome).toBeHidden();
}

/** Offers by e-mail are asked about a few seconds after the profile loads; declined when asked. */
async function declineMarketing(page: Page) {
  const marketing = page.getByTestId('marketing-popup');
  if (
    await marketing.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await marketing.getByTestId('marketing-decline').click();
    await expect(marketing).toBeHidden();
  }
}

/** Money on the player's game account: a card deposit through the platform, with a token from the card stand-in. */
async function deposit(page: Page, amountOre: number) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'krone_session')!.value;
  await depositByCard(page.request, token, amountOre);
}

test('a player withdraws to NemKonto, cancels while it is pending, and sees the next one paid', async ({ page, consoleErrors }) => {
  test.setTimeout(150_000);
  // Each width has its own demo player, so the two projects never share a balance.
  const who = person(isPhone(page) ? 'Ulla' : 'Ulrik');
  await logInToWithdraw(page, who);
  await declineMarketing(page);
  // What the player has already (a retry of this test on the same platform), then 500 kr. more.
  const before = await page.evaluate(async () => {
    const response = await fetch('/api/withdrawals', { cache: 'no-store' });
    return ((await response.json()) as { data: { withdrawableOre: number; withdrawals: unknown[] } }).data;
  });
  const startOre = before.withdrawableOre + 50_000;
  await deposit(page, 50_000);
  await page.reload();
  await hydrated(page);

  const credit = page.getByTestId('header-credit');
  const kr = (ore: number) => formatKr(ore).replaceAll('.', '\\.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Udbetal');
  await expect(page.getByTestId('withdrawable')).toHaveText(`Du kan udbetale ${formatKr(startOre)}`);
  await expect(credit).toHaveText(new RegExp(`\\s${kr(startOre)}`));
  if (before.withdrawals.length === 0) await expect(page.getByText('Du har ikke bestilt nogen udbetalinger endnu.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Checked before anything is sent, the message beside the field, what was typed kept.
  const amount = page.getByRole('textbox', { name: 'Beløb' });
  await amount.fill('50');
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page.getByTestId('error-amount')).toHaveText('Mindste udbetaling er 100 kr.');
  await expect(amount).toBeFocused();
  await amount.fill(String(startOre / 100 + 100));
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page.getByTestId('error-amount')).toHaveText('Beløbet er højere end det, du kan udbetale.');
  await expect(amount).toHaveValue(String(startOre / 100 + 100));
  await amount.fill('12,345');
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page.getByTestId('error-amount')).toHaveText('Indtast et gyldigt beløb.');
  await page.getByTestId('withdraw-all').click();
  await expect(amount).toHaveValue(formatKr(startOre).replace(' kr.', ''));

  // 200 kr.: confirmed, reserved at once, the receipt with the date 3 banking days on.
  await amount.fill('200');
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page.getByTestId('withdraw-confirm')).toContainText('Du er ved at udbetale 200 kr. til din NemKonto.');
  await page.getByRole('button', { name: 'Bekræft udbetaling' }).click();
  const receipt = page.getByTestId('withdraw-receipt');
  await expect(receipt).toContainText('Din udbetaling er registreret');
  await expect(page.getByTestId('receipt-expected')).toHaveText(formatDateDa(addDanishBankingDays(new Date(), 3)));
  await expect(credit).toHaveText(new RegExp(`\\s${kr(startOre - 20_000)}`));
  const first = page.getByTestId('withdrawal').first();
  await expect(first.getByTestId('withdrawal-status')).toHaveText('Oprettet');
  await expect(first.getByTestId('withdrawal-expected')).toHaveText(
    `Forventet på din NemKonto senest ${formatDateDa(addDanishBankingDays(new Date(), 3))}`,
  );
  expect(await seriousViolations(page)).toEqual([]);

  // Cancelled while pending: the money is back on the game account.
  await first.getByRole('button', { name: 'Annuller udbetalingen på 200 kr.' }).click();
  await expect(page.getByTestId('withdraw-notice')).toHaveText('Udbetalingen er annulleret, og beløbet er ført tilbage til din spilkonto.');
  await expect(first.getByTestId('withdrawal-status')).toHaveText('Annulleret');
  await expect(first.getByTestId('withdrawal-cancel')).toHaveCount(0);
  await expect(credit).toHaveText(new RegExp(`\\s${kr(startOre)}`));
  await page.getByRole('button', { name: 'Ny udbetaling' }).click();
  await expect(page.getByTestId('withdrawable')).toHaveText(`Du kan udbetale ${formatKr(startOre)}`);

  // All of it again: after the hold it goes to NemKonto, which pays it.
  await page.getByTestId('withdraw-all').click();
  await page.getByRole('button', { name: 'Næste' }).click();
  await page.getByRole('button', { name: 'Bekræft udbetaling' }).click();
  await expect(receipt).toContainText('Din udbetaling er registreret');
  await expect(credit).toHaveText(/\s0 kr\./);
  const second = page.getByTestId('withdrawal').first();
  await expect(second).toContainText(formatKr(startOre));
  await expect(second.getByTestId('withdrawal-status')).toHaveText('Oprettet');
  // The page reads the list again while a withdrawal is under way.
  await expect(second.getByTestId('withdrawal-status')).toHaveText('Udbetalt', { timeout: 90_000 });
  await expect(second.getByTestId('withdrawal-cancel')).toHaveCount(0);
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('withdrawal').first().getByTestId('withdrawal-status')).toHaveText('Udbetalt');
  await expect(page.getByTestId('withdrawal').nth(1).getByTestId('withdrawal-status')).toHaveText('Annulleret');
  await expect(page.getByTestId('withdrawable')).toHaveText('Du kan udbetale 0 kr.');
  expect(consoleErrors).toEqual([]);
});
