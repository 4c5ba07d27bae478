import { expect, test } from '@playwright/test';
import { seriousViolations, signIn } from './staff';

/**
 * The administrator's part of the back office (docs/backoffice.md, "Staff and roles"): members and
 * their roles, granted by four eyes; the protected settings, changed by four eyes.
 */
test('the administrator adds a member, whose role is granted only when a second administrator approves; a protected setting’s change is rejected by the second', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const NANNA = '5a1f0000-0000-4000-8000-000000000010';
  await signIn(page, 'anders');
  await page.getByTestId('nav-staff').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Medarbejdere');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('member-subject').fill(NANNA);
  await page.getByTestId('member-name').fill('Nanna Nyansat');
  await page.getByTestId('member-email').fill('nanna@krone.test');
  await page.getByTestId('member-reason').fill('Ny i kundeservice');
  await page.getByTestId('member-add').click();
  await expect(page.getByTestId('action-success')).toContainText('oprettet uden roller');
  await expect(page.getByTestId(`member-roles-${NANNA}`)).toHaveText('Ingen roller');
  await page.getByTestId(`member-edit-${NANNA}`).click();
  await page.getByTestId('role-support').check();
  await page.getByTestId('reason-input').fill('Starter i kundeservice');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByTestId('action-success')).toContainText('Sendt til godkendelse');
  await expect(page.getByTestId(`member-pending-${NANNA}`)).toContainText('Support');

  // Nanna can sign in, but may do nothing yet: the platform refuses her the players.
  const nanna = await (await browser.newContext()).newPage();
  await signIn(nanna, 'nanna');
  await expect(nanna.getByTestId('nav-players')).toHaveCount(0);
  expect((await nanna.request.get('/api/Staff/players?q=Bagkontor')).status()).toBe(403);

  // The proposer cannot approve it; a second administrator does.
  await page.getByTestId('nav-approvals').click();
  const row = page.getByTestId('proposal-table').getByRole('row').filter({ hasText: 'Nanna Nyansat' });
  await expect(row).toContainText('Tildeling af roller');
  await expect(row.getByRole('button', { name: 'Godkend' })).toHaveCount(1);
  await row.getByRole('button', { name: 'Godkend' }).click();
  await page.getByTestId('reason-input').fill('Jeg godkender selv');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByRole('dialog')).toContainText('anden medarbejder');
  await page.getByRole('button', { name: 'Annuller' }).click();

  const astrid = await (await browser.newContext()).newPage();
  await signIn(astrid, 'astrid');
  await astrid.getByTestId('nav-approvals').click();
  const waiting = astrid.getByTestId('proposal-table').getByRole('row').filter({ hasText: 'Nanna Nyansat' });
  await waiting.getByRole('button', { name: 'Godkend' }).click();
  await astrid.getByTestId('reason-input').fill('Aftalt med teamlederen');
  await astrid.getByTestId('reason-submit').click();
  await expect(astrid.getByTestId('action-success')).toBeVisible();

  // Her next step has the role: the menu shows the players, the platform lets her search.
  await nanna.getByTestId('nav-approvals').click();
  await nanna.getByTestId('nav-dashboard').click();
  await expect(nanna.getByTestId('nav-players')).toBeVisible();
  expect((await nanna.request.get('/api/Staff/players?q=Bagkontor')).status()).toBe(200);

  // A protected setting: proposed by one administrator, rejected by the other: nothing changes.
  await page.getByTestId('nav-settings').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beskyttede indstillinger');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('setting-input-wageringTimePopup').fill('"ti"');
  await page.getByTestId('setting-reason-wageringTimePopup').fill('Forkert type');
  await page.getByTestId('setting-propose-wageringTimePopup').click();
  await expect(page.getByTestId('setting-wageringTimePopup').getByTestId('action-error')).toBeVisible();
  await page.getByTestId('setting-input-wageringTimePopup').fill('10');
  await page.getByTestId('setting-reason-wageringTimePopup').fill('Påmindelse hvert 10. minut');
  await page.getByTestId('setting-propose-wageringTimePopup').click();
  await expect(page.getByTestId('setting-pending-wageringTimePopup')).toContainText('10');
  await astrid.getByTestId('nav-approvals').click();
  const setting = astrid.getByTestId('proposal-table').getByRole('row').filter({ hasText: 'wageringTimePopup' });
  await setting.getByRole('button', { name: 'Afvis' }).click();
  await astrid.getByTestId('reason-input').fill('Fem minutter er anbefalet');
  await astrid.getByTestId('reason-submit').click();
  await expect(astrid.getByTestId('action-success')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('setting-value-wageringTimePopup')).toHaveText('5');
  await expect(page.getByTestId('setting-pending-wageringTimePopup')).toHaveCount(0);

  // Access ended at once: Nanna's session ends with it.
  await page.getByTestId('nav-staff').click();
  await page.getByTestId(`member-deactivate-${NANNA}`).click();
  await page.getByTestId('reason-input').fill('Stoppet igen');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByTestId(`member-status-${NANNA}`)).toHaveText('Lukket');
  expect((await nanna.request.get('/api/Staff/me')).status()).toBe(401);
  await nanna.context().close();
  await astrid.context().close();
});
