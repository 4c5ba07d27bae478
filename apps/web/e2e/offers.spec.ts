import { MITID_IDENTITIES } from '@krone/sims/identities';
import type { Page } from '@playwright/test';
import { fillCard, openDepositByClick, registerWithWeeklyLimit } from './deposit-steps';
import { expect, fromMenu, hydrated, isPhone, seriousViolations, test } from './fixtures';

// Issue 27: the player's offers. The welcome offer is chosen for a new player who took it at
// registration, the deposit grants its 500 spins, and "Mine kampagner" (/min-konto/kampagne) shows
// them with their terms; a campaign page's "Hent tilbud" takes a player to the deposit with the
// code chosen, a guest to log in (and back) or register.
//
// The players are this spec's own, one per project (apps/sims/src/mitid-people.ts): Karla and
// Kasper Kampagne, Hilda and Holger Hentetilbud.

const person = (given: string) => MITID_IDENTITIES.find((identity) => identity.givenName === given)!;

const WELCOME_TERMS =
  '500 spins à 0,20 kr. · min. indbetaling 100 kr. · omsætning 10 × (spinværdi + indbetaling) · maks. indsats 100 kr. · 60 dage';
const CAMPAIGN = '/kampagner/velkomstbonus';

/** The cookie banner, whenever it comes up over what the player clicks, answered as a player does. */
async function answerCookieBanner(page: Page) {
  await page.addLocatorHandler(page.getByTestId('cookie-banner'), async (banner) => {
    await banner.getByRole('button', { name: 'Kun nødvendige' }).click();
  });
}

/**
 * The popups a login brings (the welcome popup, the marketing question), answered whenever they
 * come up; added after the registration, whose steps answer them themselves.
 */
async function answerLoginPopups(page: Page) {
  await page.addLocatorHandler(page.getByTestId('welcome-popup'), async (popup) => {
    await popup.getByRole('button', { name: 'Luk' }).click();
  });
  await page.addLocatorHandler(page.getByTestId('marketing-popup'), async (popup) => {
    await popup.getByTestId('marketing-decline').click();
  });
}

const bonusCodeField = (page: Page) => page.getByRole('textbox', { name: 'Bonuskode' });

test('a new player deposits with the welcome offer chosen for them and finds its free spins under Mine kampagner', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  await answerCookieBanner(page);
  const phone = isPhone(page);
  await registerWithWeeklyLimit(page, person(phone ? 'Karla' : 'Kasper'), '1500', phone ? '20304095' : '20304096', true);
  await answerLoginPopups(page);

  // The deposit opens with the welcome offer chosen, its terms beside the code, and the choice to
  // set it aside, which takes the code away and brings it back.
  await openDepositByClick(page, 'header');
  await expect(page.getByTestId('bonus-toggle')).toBeChecked();
  await expect(bonusCodeField(page)).toHaveValue('VELKOMST500');
  const beside = page.getByTestId('bonus-offer');
  await expect(beside).toContainText('Velkomsttilbud');
  await expect(beside.getByTestId('offer-term-line')).toHaveText(WELCOME_TERMS);
  await expect(beside.getByRole('link', { name: 'Vilkår for kampagnen' })).toHaveAttribute('href', CAMPAIGN);
  const decline = page.getByLabel('Jeg vil ikke have velkomsttilbuddet');
  await expect(decline).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await decline.check();
  await expect(bonusCodeField(page)).toHaveCount(0);
  await expect(page.getByTestId('bonus-toggle')).not.toBeChecked();
  await decline.uncheck();
  await expect(bonusCodeField(page)).toHaveValue('VELKOMST500');

  // 100 kr. with the code chosen: the receipt names the spins.
  await page.getByLabel('Andet beløb').fill('100');
  await page.getByTestId('deposit-submit').click();
  await fillCard(page, '4571 0000 0000 0001');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-summary')).toContainText('VELKOMST500');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-receipt').getByTestId('receipt-bonus')).toHaveText('500 spins à 0,20 kr. (VELKOMST500)', {
    timeout: 15_000,
  });

  // From the menu's "Min konto" to the overview, and on to "Mine kampagner".
  await fromMenu(page, 'Min konto');
  await expect(page).toHaveURL(/\/min-konto\/oversigt$/, { timeout: 15_000 });
  await hydrated(page);
  await page.getByRole('main').getByRole('link', { name: 'Mine kampagner', exact: true }).click();
  await expect(page).toHaveURL(/\/min-konto\/kampagne$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mine kampagner');
  for (const name of ['Aktive', 'Kan hentes', 'Afsluttede'])
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();

  // The open bonus: 500 free spins at 0,20 kr. on the three titles, nothing wagered of 2.000 kr.
  const active = page.getByTestId('offer-active');
  await expect(active).toHaveCount(1);
  await expect(active).toContainText('Gratisspins');
  await expect(active).toContainText('Bonuskode VELKOMST500');
  await expect(active.getByTestId('offer-rounds-left')).toHaveText('500 af 500 spins tilbage à 0,20 kr.');
  await expect(active).toContainText('Du har omsat 0 kr. af 2.000 kr.');
  const wagering = active.getByRole('progressbar');
  await expect(wagering).toHaveAttribute('aria-valuenow', '0');
  await expect(wagering).toHaveAttribute('aria-valuemax', '100');
  await expect(active.getByTestId('offer-max-bet')).toHaveText('100 kr.');
  await expect(active.getByTestId('offer-expiry')).toHaveText(/^Udløber \d{1,2}\. [a-zæøå]+ \d{4} kl\. \d{2}:\d{2} · \d+ dage tilbage$/);
  for (const [name, id] of [
    ['Fyrtårnets Skat', 'fyrtaarnets-skat'],
    ['Anker og Fyr', 'anker-og-fyr'],
    ['Isdronningens Is', 'isdronningens-is'],
  ] as const)
    await expect(active.getByRole('link', { name: `Spil ${name}` })).toHaveAttribute('href', `/spilleautomater/spil-for-penge/${id}`);
  await expect(active.getByRole('link', { name: 'Vilkår for kampagnen' })).toHaveAttribute('href', CAMPAIGN);

  // The welcome offer is used now: its terms stay, with why it cannot be claimed, and no button.
  const welcome = page.locator('[data-testid="offer-available"][data-code="VELKOMST500"]');
  await expect(welcome.getByTestId('offer-term-line')).toHaveText(WELCOME_TERMS);
  await expect(welcome.getByTestId('offer-refusal')).toHaveText(
    'Du har allerede brugt denne bonuskode. Den kan kun bruges én gang pr. spiller.',
  );
  await expect(welcome.getByTestId('claim-offer')).toHaveCount(0);
  // Nothing urges play: no timer counts down on the page.
  await expect(page.getByRole('main').locator('[role="timer"]')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The campaign page's "Hent tilbud" now says why not, under the button, and nothing else changes.
  await page.goto(CAMPAIGN);
  await hydrated(page);
  const offer = page.getByTestId('campaign-offer');
  await offer.getByTestId('claim-offer').click();
  await expect(offer.getByTestId('claim-offer-refusal')).toHaveText(
    'Du har allerede brugt denne bonuskode. Den kan kun bruges én gang pr. spiller.',
  );
  await expect(page).toHaveURL(new RegExp(`${CAMPAIGN}$`));

  // Back on the offers page, a title's link plays the spins.
  await page.goto('/min-konto/kampagne');
  await hydrated(page);
  await page.getByTestId('offer-active').getByRole('link', { name: 'Spil Anker og Fyr' }).click();
  await expect(page).toHaveURL(/\/spilleautomater\/spil-for-penge\/anker-og-fyr$/);
  await hydrated(page);
  await expect(page.getByTestId('game-free-rounds-left')).toHaveText('500 af 500 tilbage', { timeout: 15_000 });
  // The browser reports refused calls (4xx, the refused claim) itself; nothing else may be logged.
  expect(consoleErrors.filter((message) => !/status of 4\d\d/.test(message))).toEqual([]);
});

test('a campaign page’s "Hent tilbud" sends a guest to log in and back, then to the deposit with the code chosen', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  await answerCookieBanner(page);
  const phone = isPhone(page);
  const who = person(phone ? 'Hilda' : 'Holger');
  await registerWithWeeklyLimit(page, who, '1500', phone ? '20304097' : '20304098', true);
  await answerLoginPopups(page);
  await page.getByTestId('header-logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-credit')).toHaveCount(0);

  // As a guest: the offer's key terms, "Log ind" (back here afterwards) and "Opret konto", no button.
  await page.goto(CAMPAIGN);
  await hydrated(page);
  const offer = page.getByTestId('campaign-offer');
  await expect(offer.getByTestId('offer-term-line')).toHaveText(WELCOME_TERMS);
  await expect(offer.getByTestId('offer-conditions')).toHaveText('Kun din første indbetaling');
  await expect(offer.getByRole('link', { name: 'Opret konto' })).toHaveAttribute('href', '/registrer');
  await expect(offer.getByTestId('claim-offer')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await offer.getByRole('link', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(/\/log-ind\?redirect=%2Fkampagner%2Fvelkomstbonus$/);
  await hydrated(page);
  await page.getByTestId('login-mitid').click();
  await page.getByTestId(`identity-${who.uuid}`).click();
  await page.waitForURL((url) => url.pathname === CAMPAIGN, { timeout: 15_000 });
  await hydrated(page);

  // Logged in: "Hent tilbud" beside the same terms; the platform allows it, and the deposit opens
  // with the code chosen and its terms beside it. Nothing has moved yet.
  const claim = offer.getByTestId('claim-offer');
  await expect(claim).toHaveText('Hent tilbud');
  await expect(offer.getByTestId('offer-term-line')).toHaveText(WELCOME_TERMS);
  expect(await seriousViolations(page)).toEqual([]);
  await claim.click();
  await expect(page).toHaveURL(/\/min-konto\/overfoer\?bonus=VELKOMST500$/, { timeout: 15_000 });
  await hydrated(page);
  await expect(page.getByTestId('deposit-step')).toHaveText('Trin 1 af 3');
  await expect(page.getByTestId('bonus-toggle')).toBeChecked();
  await expect(bonusCodeField(page)).toHaveValue('VELKOMST500');
  await expect(page.getByTestId('bonus-offer').getByTestId('offer-term-line')).toHaveText(WELCOME_TERMS);
  await expect(page.getByTestId('header-credit')).toContainText('0 kr.');
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors.filter((message) => !/status of 4\d\d/.test(message))).toEqual([]);
});
