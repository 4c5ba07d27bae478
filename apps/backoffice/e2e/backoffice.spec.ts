import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openPlayer, seriousViolations, signIn, WEB } from './staff';

/**
 * The back office at a desk (docs/backoffice.md): staff sign in at the staff IdP stand-in with a
 * password and the code of their second factor, each role does its work and is refused, by the
 * platform, what it may not do, and a balance correction goes through four eyes.
 */
test('a login without a second factor is refused by the platform with the reason', async ({ page }) => {
  await signIn(page, 'enkelt');
  await expect(page).toHaveURL(/\/login\?fejl=STAFF_SECOND_FACTOR_REQUIRED/);
  await expect(page.getByTestId('login-error')).toContainText('ekstra faktor');
  expect(await seriousViolations(page)).toEqual([]);
});

test('support finds a player, locks them with a reason and unlocks them; the trail says who and why', async ({ page }) => {
  await signIn(page, 'sofie');
  await expect(page.getByTestId('staff-roles')).toContainText('Support');
  expect(await seriousViolations(page)).toEqual([]);
  await openPlayer(page, 'Berit Bagkontor');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByTestId('propose-correction')).toHaveCount(0);

  await page.getByTestId('lock-player').click();
  await page.getByTestId('reason-input').fill('Spilleren bad om det i telefonen');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByTestId('player-status')).toHaveText('Spærret');
  await page.getByTestId('unlock-player').click();
  await page.getByTestId('reason-input').fill('Afklaret med spilleren');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByTestId('player-status')).toHaveText('Aktiv');
  const trail = page.getByTestId('section-trail');
  await expect(trail).toContainText('Spærrede spilleren');
  await expect(trail).toContainText('Spilleren bad om det i telefonen');
  await expect(trail).toContainText('Ophævede spærringen');
  await expect(trail).toContainText('Sofie Support');

  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  // The session is gone at the platform, not only the page: a call with the old cookie is refused.
  expect((await page.request.get('/api/Staff/me')).status()).toBe(401);
});

test('a balance correction is proposed by one payments member, refused to its proposer, and carried out when another approves it', async ({
  browser,
}) => {
  const peter = await (await browser.newContext()).newPage();
  await signIn(peter, 'peter');
  await openPlayer(peter, 'Bjørn Bagkontor');
  await expect(peter.getByTestId('balance-cash')).toHaveText('0 kr.');
  await expect(peter.getByTestId('lock-player')).toHaveCount(0);
  await peter.getByTestId('propose-correction').click();
  await peter.getByTestId('correction-amount').fill('125,50');
  await peter.getByTestId('correction-reason').fill('Gevinst ikke krediteret (sag 4711)');
  await peter.getByTestId('correction-submit').click();
  await expect(peter.getByTestId('correction-sent')).toBeVisible();
  await expect(peter.getByTestId('balance-cash')).toHaveText('0 kr.');

  await peter.getByTestId('nav-approvals').click();
  const row = peter.getByRole('row').filter({ hasText: 'Gevinst ikke krediteret (sag 4711)' });
  const approveOwn = row.getByRole('button', { name: 'Godkend' });
  await approveOwn.click();
  await peter.getByTestId('reason-input').fill('Jeg godkender selv');
  await peter.getByTestId('reason-submit').click();
  await expect(peter.getByTestId('action-error')).toContainText('eget forslag');

  const pia = await (await browser.newContext()).newPage();
  await signIn(pia, 'pia');
  await pia.getByTestId('nav-approvals').click();
  expect(await seriousViolations(pia)).toEqual([]);
  const piaRow = pia.getByRole('row').filter({ hasText: 'Gevinst ikke krediteret (sag 4711)' });
  await expect(piaRow).toContainText('Peter Penge');
  await piaRow.getByRole('button', { name: 'Godkend' }).click();
  await pia.getByTestId('reason-input').fill('Kontrolleret mod sag 4711');
  await pia.getByTestId('reason-submit').click();
  await expect(pia.getByTestId('action-success')).toBeVisible();
  await openPlayer(pia, 'Bjørn Bagkontor');
  await expect(pia.getByTestId('balance-cash')).toHaveText('125,50 kr.');
  await expect(pia.getByTestId('section-trail')).toContainText('Kontrolleret mod sag 4711');
});

test('content and marketing see no players and are refused them by the platform; compliance and the administrator see a player’s page', async ({
  browser,
}) => {
  for (const username of ['christian', 'maja'] as const) {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, username);
    await expect(page.getByTestId('nav-players')).toHaveCount(0);
    // Not only hidden: the platform itself refuses the call.
    const refused = await page.request.get('/api/Staff/players?q=Bagkontor');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('STAFF_ROLE_REQUIRED');
    expect(await seriousViolations(page)).toEqual([]);
  }
  for (const username of ['karen', 'anders'] as const) {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, username);
    await openPlayer(page, 'Berit Bagkontor');
    await expect(page.getByTestId('section-limits')).toBeVisible();
  }
});

const BJORN = '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f82';

test('a document a player uploads reaches compliance’s queue, is seen and rejected with a reason, which the player then reads', async ({
  browser,
}) => {
  const player = await (await browser.newContext({ baseURL: WEB, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' })).newPage();
  await player.goto('/min-konto/profil');
  await player.getByTestId('login-mitid').click();
  await player.getByTestId(`identity-${BJORN}`).click();
  await player.waitForURL((url) => url.pathname === '/min-konto/profil', { timeout: 15_000 });
  const welcome = player.getByTestId('welcome-popup');
  await expect(welcome).toBeVisible({ timeout: 10_000 });
  await welcome.getByRole('button', { name: 'Luk' }).click();
  const upload = player.getByTestId('documents-upload');
  await upload.getByLabel('Dokumenttype').selectOption('passport');
  const picture = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();
  await upload.getByLabel('Vælg filer').setInputFiles([{ name: 'bjorn-pas.png', mimeType: 'image/png', buffer: picture }]);
  await upload.getByRole('button', { name: 'Upload dokumenter' }).click();
  await expect(upload.getByTestId('documents-status')).toHaveText(/Vi har modtaget dine dokumenter/);

  const karen = await (await browser.newContext()).newPage();
  await signIn(karen, 'karen');
  await karen.getByTestId('nav-kyc').click();
  const row = karen.getByRole('row').filter({ hasText: 'Bjørn Bagkontor' }).filter({ hasText: 'Pas' });
  await row.getByRole('link', { name: /Vis / }).click();
  const viewer = karen.getByTestId('kyc-viewer');
  await expect(viewer).toContainText('Bjørn Bagkontor');
  // The file itself is shown, through the back office's own origin.
  await expect.poll(() => viewer.getByTestId('kyc-image').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  expect(await seriousViolations(karen)).toEqual([]);
  await viewer.getByTestId('kyc-reject').click();
  await karen.getByTestId('reason-input').fill('Billedet er for utydeligt. Upload et skarpt foto af hele siden.');
  await karen.getByTestId('reason-submit').click();
  await expect(karen.getByTestId('action-success')).toBeVisible();
  await karen.getByTestId('kyc-filter-rejected').click();
  await expect(karen.getByRole('row').filter({ hasText: 'Bjørn Bagkontor' }).first()).toContainText('Afvist');

  await player.reload();
  await expect(player.getByTestId('documents-list')).toContainText('Billedet er for utydeligt. Upload et skarpt foto af hele siden.');
});

const BENT = '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f83';

/** Bent Bagkontor asks for a withdrawal on the storefront as a player does: the withdraw page, the amount, the confirmation. */
async function bentWithdraws(player: Page, kroner: number) {
  await player
    .getByRole('button', { name: 'Ny udbetaling' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await player.getByRole('textbox', { name: 'Beløb' }).fill(String(kroner));
  await player.getByRole('button', { name: 'Næste' }).click();
  await player.getByRole('button', { name: 'Bekræft udbetaling' }).click();
  await expect(player.getByTestId('withdraw-receipt')).toContainText('Din udbetaling er registreret');
}

test('a large withdrawal is held, proposed by one payments member and paid when another approves; another is rejected with a reason the player reads', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const player = await (await browser.newContext({ baseURL: WEB, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' })).newPage();
  await player.goto('/min-konto/udbetal');
  await player.getByTestId('login-mitid').click();
  await player.getByTestId(`identity-${BENT}`).click();
  await player.waitForURL((url) => url.pathname === '/min-konto/udbetal', { timeout: 15_000 });
  const welcome = player.getByTestId('welcome-popup');
  await expect(welcome).toBeVisible({ timeout: 10_000 });
  await welcome.getByRole('button', { name: 'Luk' }).click();
  // Offers by e-mail are asked about a few seconds after the page loads: declined.
  const marketing = player.getByTestId('marketing-popup');
  if (
    await marketing.waitFor({ timeout: 6_000 }).then(
      () => true,
      () => false,
    )
  )
    await marketing.getByTestId('marketing-decline').click();
  await bentWithdraws(player, 30_000);

  // Peter: the queue from the menu, the player's context beside the withdrawal, a hold, then his half of four eyes.
  const peter = await (await browser.newContext()).newPage();
  await signIn(peter, 'peter');
  await peter.getByTestId('nav-withdrawals').click();
  const row = peter.getByRole('row').filter({ hasText: 'Bent Bagkontor' }).filter({ hasText: '30.000 kr.' });
  await expect(row).toContainText('Fire øjne');
  await row.getByRole('link', { name: /Vis udbetaling/ }).click();
  const detail = peter.getByTestId('withdrawal-detail');
  await expect(detail.getByTestId('withdrawal-context')).toContainText('100.000 kr. (1 indbetaling)');
  await expect(detail.getByTestId('withdrawal-four-eyes')).toContainText('to medarbejdere');
  expect(await seriousViolations(peter)).toEqual([]);
  await detail.getByTestId('withdrawal-hold').click();
  await peter.getByTestId('reason-input').fill('Stor udbetaling: indbetalingerne kontrolleres');
  await peter.getByTestId('reason-submit').click();
  await expect(peter.getByTestId('action-success')).toContainText('tilbageholdt');
  await expect(detail.getByTestId('withdrawal-detail-status')).toHaveText('Tilbageholdt');
  // The player sees it under way and can no longer cancel it.
  await expect(player.getByTestId('withdrawal').first().getByTestId('withdrawal-status')).toHaveText('Under behandling', {
    timeout: 20_000,
  });
  await expect(player.getByTestId('withdrawal').first().getByTestId('withdrawal-cancel')).toHaveCount(0);

  await detail.getByTestId('withdrawal-approve').click();
  await peter.getByTestId('reason-input').fill('Indbetalingerne stemmer med kontoudtog');
  await peter.getByTestId('reason-submit').click();
  await expect(peter.getByTestId('action-success')).toContainText('En anden medarbejder skal godkende');
  await expect(detail.getByTestId('withdrawal-four-eyes')).toContainText('Du har foreslået');
  await expect(detail.getByTestId('withdrawal-approve')).toHaveCount(0);

  // Pia: the second approval; then it goes to NemKonto.
  const pia = await (await browser.newContext()).newPage();
  await signIn(pia, 'pia');
  await pia.getByTestId('nav-withdrawals').click();
  await pia.getByTestId('withdrawal-filter-held').click();
  const piaRow = pia.getByRole('row').filter({ hasText: 'Bent Bagkontor' }).filter({ hasText: '30.000 kr.' });
  await piaRow.getByRole('link', { name: /Vis udbetaling/ }).click();
  const piaDetail = pia.getByTestId('withdrawal-detail');
  await expect(piaDetail.getByTestId('withdrawal-four-eyes')).toContainText('Foreslået godkendt af Peter Penge');
  await piaDetail.getByTestId('withdrawal-approve').click();
  await pia.getByTestId('reason-input').fill('Set og godkendt som anden medarbejder');
  await pia.getByTestId('reason-submit').click();
  await expect(pia.getByTestId('action-success')).toContainText('godkendt af to medarbejdere');
  await expect(player.getByTestId('withdrawal').first().getByTestId('withdrawal-status')).toHaveText('Udbetalt', { timeout: 90_000 });

  // Another one, rejected by Pia: the money back on the game account, the reason on the player's page.
  await bentWithdraws(player, 26_000);
  await pia.getByTestId('nav-withdrawals').click();
  const second = pia.getByRole('row').filter({ hasText: 'Bent Bagkontor' }).filter({ hasText: '26.000 kr.' });
  await second.getByRole('link', { name: /Vis udbetaling/ }).click();
  await pia.getByTestId('withdrawal-detail').getByTestId('withdrawal-reject').click();
  await pia.getByTestId('reason-input').fill('Kontakt kundeservice om dokumentation for dine indbetalinger.');
  await pia.getByTestId('reason-submit').click();
  await expect(pia.getByTestId('action-success')).toContainText('afvist');
  const rejected = player.getByTestId('withdrawal').first();
  await expect(rejected.getByTestId('withdrawal-status')).toHaveText('Afvist', { timeout: 20_000 });
  await expect(rejected.getByTestId('withdrawal-rejection')).toContainText('Kontakt kundeservice om dokumentation for dine indbetalinger.');

  // Support has no queue: not shown, and refused by the platform.
  const sofie = await (await browser.newContext()).newPage();
  await signIn(sofie, 'sofie');
  await expect(sofie.getByTestId('nav-withdrawals')).toHaveCount(0);
  const refused = await sofie.request.get('/api/Staff/withdrawals');
  expect([refused.status(), (await refused.json()).code]).toEqual([403, 'STAFF_ROLE_REQUIRED']);
});

test('payments reads the figures per day from the menu, as a chart, tables and the same numbers in CSV; support is refused them', async ({
  page,
  browser,
}) => {
  await signIn(page, 'peter');
  await page.getByTestId('nav-figures').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nøgletal');
  const table = page.getByTestId('figures-table');
  const total = table.getByRole('row').filter({ hasText: 'I alt' });
  // Bent Bagkontor's 100 000 kr. card deposit is the demo's own, made today.
  const toOre = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);
  const deposits = toOre(await total.getByRole('cell').nth(1).innerText());
  expect(deposits).toBeGreaterThanOrEqual(10_000_000);
  await expect(page.locator('.figures-chart svg').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('figures-csv').click()]);
  expect(download.suggestedFilename()).toBe('krone-tal.csv');
  const lines = (await (await download.createReadStream()).toArray()).join('').trim().split('\n');
  expect(lines[0]).toBe(
    'periode;indbetalinger_kr;udbetalinger_kr;indsatser_kr;heraf_kontant_kr;heraf_bonus_kr;gevinster_kr;ggr_kr;bonusomkostning_kr;ngr_kr',
  );
  // The same figures: its days add up to its total line, which holds at least what the screen showed
  // (other browser tests deposit meanwhile; deposits only grow).
  const days = lines.slice(1, -1).map((line) => toOre(line.split(';')[1]!));
  expect(lines.at(-1)!.split(';')[0]).toBe('i alt');
  const csvDeposits = toOre(lines.at(-1)!.split(';')[1]!);
  expect(days.reduce((sum, ore) => sum + ore, 0)).toBe(csvDeposits);
  expect(csvDeposits).toBeGreaterThanOrEqual(deposits);

  await page.getByTestId('figures-grain').selectOption('maaned');
  await page.getByTestId('figures-submit').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pr. måned' })).toBeVisible();

  const sofie = await (await browser.newContext()).newPage();
  await signIn(sofie, 'sofie');
  await expect(sofie.getByTestId('nav-figures')).toHaveCount(0);
  const refused = await sofie.request.get('/api/Staff/figures?from=2026-01-01&to=2026-01-31');
  expect([refused.status(), (await refused.json()).code]).toEqual([403, 'STAFF_ROLE_REQUIRED']);
});

test('compliance sees the players whose own data shows risk, records a phone call, and the player leaves the list to contact', async ({
  page,
}) => {
  await signIn(page, 'karen');
  await page.getByTestId('nav-responsible').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ansvarligt spil');
  await page.getByTestId('responsible-filter-all').click();
  // Bent Bagkontor's 100 000 kr. deposit today, after nothing the month before: deposits rising.
  const row = page.getByRole('row').filter({ hasText: 'Bent Bagkontor' });
  await expect(row).toContainText('Stigende indbetalinger (100.000 kr. på 30 dage)');
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('button', { name: 'Registrér kontakt med Bent Bagkontor' }).click();
  await page.getByTestId('contact-channel').selectOption('phone');
  await page.getByTestId('contact-outcome').selectOption('reached');
  await page.getByTestId('reason-input').fill('Ringet op om den store indbetaling; spilleren har sat en lavere grænse');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByTestId('action-success')).toContainText('Kontakten er registreret');
  await expect(row).toContainText('Karen Kontrol (Telefon, Talt med spilleren)');
  await page.getByTestId('responsible-filter-to_contact').click();
  await expect(page.getByTestId('responsible-filter-to_contact')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('row').filter({ hasText: 'Bent Bagkontor' })).toHaveCount(0);
  await page.getByTestId('responsible-filter-all').click();
  await page.getByRole('row').filter({ hasText: 'Bent Bagkontor' }).getByRole('link', { name: 'Bent Bagkontor' }).click();
  await expect(page.getByTestId('section-trail')).toContainText('Kontaktede spilleren (ansvarligt spil)');
});

test('support reads a player’s story from the page’s tabs (the ROFUS check of a login, the deposit) and leaves a note the trail keeps', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  // Bent logs in on the storefront: the platform asks ROFUS and keeps the check.
  const player = await (await browser.newContext({ baseURL: WEB, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' })).newPage();
  await player.goto('/min-konto/udbetal');
  await player.getByTestId('login-mitid').click();
  await player.getByTestId(`identity-${BENT}`).click();
  await player.waitForURL((url) => url.pathname === '/min-konto/udbetal', { timeout: 15_000 });
  await player.context().close();

  await signIn(page, 'sofie');
  await openPlayer(page, 'Bent Bagkontor');
  // Compliance's tab is not offered to support.
  await expect(page.getByTestId('player-tab-ansvarligt-spil')).toHaveCount(0);
  await page.getByTestId('player-tab-rofus').click();
  await expect(page.getByTestId('player-tab-rofus')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('player-rofus').getByRole('row').filter({ hasText: 'Log ind' }).first()).toContainText('Ikke registreret');
  await page.getByTestId('player-tab-transaktioner').click();
  await page.getByTestId('type-payments').click();
  await expect(page.getByTestId('player-transactions').getByRole('row').filter({ hasText: 'Indbetaling' }).last()).toContainText(
    '100.000 kr.',
  );
  await page.getByTestId('player-tab-noter').click();
  await page.getByTestId('note-text').fill('Ringede og spurgte til sin store indbetaling; forklaret grænserne.');
  await page.getByTestId('note-submit').click();
  await expect(page.getByTestId('action-success')).toContainText('Noten er gemt');
  await expect(page.getByTestId('player-notes').getByRole('listitem').first()).toContainText(
    'Ringede og spurgte til sin store indbetaling; forklaret grænserne.',
  );
  await expect(page.getByTestId('player-notes').getByRole('listitem').first()).toContainText('Sofie Support');
  await expect(page.getByTestId('note-text')).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('player-tab-overview').click();
  await expect(page.getByTestId('section-trail')).toContainText('Skrev en note');

  // Compliance has the tab of the player's markers of risk: Bent's deposit is far above the month before.
  await page.getByTestId('logout').click();
  await signIn(page, 'karen');
  await openPlayer(page, 'Bent Bagkontor');
  await page.getByTestId('player-tab-ansvarligt-spil').click();
  await expect(page.getByTestId('player-markers')).toContainText('Stigende indbetalinger');
  // And who looked at his data: Sofie's reading of his ROFUS checks is kept.
  await page.getByTestId('player-tab-opslag').click();
  await expect(
    page.getByTestId('player-reads').getByRole('row').filter({ hasText: 'Sofie Support' }).filter({ hasText: 'ROFUS' }).first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

const SIMS = process.env.E2E_SIMS_URL ?? 'http://127.0.0.1:4310';

test('a guest’s message from the contact form reaches support’s inbox, is answered by e-mail the guest receives, and leaves the open list', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const email = `gitte.${Date.now()}@example.dk`;
  const guest = await (await browser.newContext({ baseURL: WEB, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' })).newPage();
  await guest.goto('/kontaktos');
  await guest.getByLabel('Navn').fill('Gitte Gæst');
  await guest.getByLabel('E-mail').fill(email);
  await guest.getByLabel('Emne').selectOption('account');
  await guest.getByLabel('Besked').fill('Hvordan lukker jeg min konto midlertidigt?');
  await guest.getByText('Bekræft, at du ikke er en robot').click();
  await expect(guest.getByText('Bekræftet', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  await guest.getByRole('button', { name: 'Send besked' }).click();
  await expect(guest.getByText('Tak for din besked! Vi vender tilbage hurtigst muligt.')).toBeVisible();

  await signIn(page, 'sofie');
  await page.getByTestId('nav-support').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Henvendelser');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Min konto');
  await expect(row).toContainText('Ubesvaret');
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('link', { name: 'Åbn henvendelsen fra Gitte Gæst om Min konto' }).click();
  await expect(page.getByTestId('message-text')).toHaveText('Hvordan lukker jeg min konto midlertidigt?');
  await page
    .getByTestId('reply-text')
    .fill('Du kan holde pause fra spil under Min konto → Ansvarligt spil. Pausen kan ikke fortrydes før tid.');
  await page.getByTestId('reply-submit').click();
  await expect(page.getByTestId('action-success')).toContainText('Svaret er sendt');
  await expect(page.getByTestId('message-status')).toHaveText('Besvaret');
  await expect(page.getByTestId('message-replies')).toContainText(`Sofie Support`);
  expect(await seriousViolations(page)).toEqual([]);

  // The guest finds the answer in their inbox (the e-mail stand-in), in Danish, their message quoted.
  await guest.goto(`${SIMS}/mailbox?to=${encodeURIComponent(email)}`);
  await expect(guest.getByTestId('mail-subject')).toHaveText('Svar fra Krone Kundeservice: Min konto');
  await expect(guest.getByTestId('mail-text')).toContainText('Hej Gitte Gæst');
  await expect(guest.getByTestId('mail-text')).toContainText('Du kan holde pause fra spil under Min konto');
  await expect(guest.getByTestId('mail-text')).toContainText('> Hvordan lukker jeg min konto midlertidigt?');
  await guest.context().close();

  await page.getByRole('link', { name: 'Tilbage til henvendelser' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await page.getByTestId('support-filter-answered').click();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Besvaret');
});

test('content edits a page with a preview on the storefront, publishes it live at once, and takes it back', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const visitor = await (await browser.newContext({ baseURL: WEB, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' })).newPage();
  // The storefront has the page cached as it is.
  await visitor.goto('/contents/om-krone');
  const original = await visitor.getByRole('heading', { level: 1 }).innerText();

  await signIn(page, 'christian');
  await page.getByTestId('nav-content').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Indhold');
  await page.getByTestId('content-edit-om-krone').click();
  await page.getByTestId('field-title').fill('Om os i Krone');
  await page.getByTestId('field-body').fill('<p>Vi er et dansk onlinecasino med dansk kundeservice.</p>');
  await page.getByTestId('content-save').click();
  await expect(page.getByTestId('content-saved')).toContainText('Kladden er gemt');
  expect(await seriousViolations(page)).toEqual([]);
  const previewUrl = await page.getByTestId('content-preview').getAttribute('href');
  expect(previewUrl).toMatch(/\/forhaandsvisning\//);

  // The preview shows the draft as the site will; the live page is still the old one.
  const preview = await visitor.context().newPage();
  await preview.goto(previewUrl!);
  await expect(preview.getByTestId('preview-banner')).toContainText('Forhåndsvisning');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Om os i Krone');
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(original);

  await page.getByTestId('content-publish').click();
  await page.getByTestId('reason-input').fill('Kortere præsentation');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByTestId('action-success')).toContainText('Udgivet. Sitet viser ændringen nu.');
  // Live at once: the storefront was told, no wait for its cache.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Om os i Krone');
  await expect(visitor.getByText('Vi er et dansk onlinecasino med dansk kundeservice.')).toBeVisible();

  await page.getByTestId('content-revert-0').click();
  await page.getByTestId('reason-input').fill('Den lange tekst skal tilbage');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByTestId('action-success')).toContainText('Udgivelsen er fortrudt');
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(original);
  await visitor.context().close();
});
