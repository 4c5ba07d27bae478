import { expect, test } from '@playwright/test';
import { seriousViolations, signIn, WEB } from './staff';

/**
 * Marketing's part of the back office (docs/backoffice.md, "Offers and games"): bonus codes within
 * the Danish caps, titles off and on the site, the lobby's own rows on the storefront's front page.
 */
test('marketing makes a bonus code within the Danish caps (refused over them by the platform), takes a title off the site and builds a lobby row the storefront shows', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  // Names of this run's own (a retry makes new ones).
  const run = Date.now().toString(36).slice(-5);
  const code = `JUL${run.toUpperCase()}`;
  const slug = `jul-${run}`;
  await signIn(page, 'maja');
  await expect(page.getByTestId('nav-players')).toHaveCount(0);

  // A bonus code: over the Danish cap of 100 % first, refused field by field by the platform.
  await page.getByTestId('nav-codes').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonuskoder');
  await expect(page.getByTestId('code-state-KRONE50')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('code-new').click();
  await page.getByTestId('code-code').fill(code);
  await page.getByTestId('code-matchPercent').fill('150');
  await page.getByTestId('code-maxBonus').fill('500');
  await page.getByTestId('code-minDeposit').fill('100');
  await page.getByTestId('code-validFrom').fill('2026-01-01T00:00');
  await page.getByTestId('code-validUntil').fill('2030-12-31T23:00');
  await page.getByTestId('code-reason').fill('Julekampagne');
  await page.getByTestId('code-save').click();
  await expect(page.getByTestId('action-error')).toContainText('danske bonusregler');
  await expect(page.getByTestId('code-error-matchPercent')).toContainText('Højst 100 %');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('code-matchPercent').fill('100');
  await page.getByTestId('code-save').click();
  await expect(page.getByTestId('action-success')).toContainText('Bonuskoden er gemt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bonuskode ${code}`);
  await expect(page.getByTestId('code-state')).toHaveText('Aktiv');
  // Ended early, with a reason: no deposit takes it from now on.
  await page.getByTestId('code-end').click();
  await page.getByTestId('reason-input').fill('Kampagnen er aflyst');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByTestId('action-success')).toContainText('Koden er afsluttet');
  await page.getByRole('link', { name: 'Tilbage til bonuskoder' }).click();
  await expect(page.getByTestId(`code-state-${code}`)).toHaveText('Udløbet');

  // The lobby's own row, on the storefront's front page in the order chosen.
  const visitor = await (await browser.newContext({ baseURL: WEB, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' })).newPage();
  await page.getByTestId('nav-lobby').click();
  await page.getByTestId('lobby-new').click();
  await page.getByTestId('lobby-slug').fill(slug);
  await page.getByTestId('lobby-name').fill('Julens favoritter');
  for (const [name, id] of [
    ['Varulvens Kro', 'varulvens-kro'],
    ['Valkyriens Rigdom', 'valkyriens-rigdom'],
  ] as const) {
    await page.getByTestId('lobby-search').fill(name);
    await page.getByTestId('lobby-search-button').click();
    await page.getByTestId(`lobby-add-${id}`).click();
  }
  await expect(page.getByTestId('lobby-editor-titles')).toContainText('Varulvens Kro');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('lobby-reason').fill('Julens udvalgte spil');
  await page.getByTestId('lobby-save').click();
  await expect(page.getByTestId('action-success')).toContainText('forsiden er opdateret');
  await expect(page.getByTestId(`lobby-row-${slug}`)).toContainText('Valkyriens Rigdom');
  await visitor.goto('/');
  const row = visitor.getByTestId(`game-row-home-row-${slug}`);
  await expect(row.getByRole('heading', { level: 2 })).toHaveText('Julens favoritter');
  await expect(row.getByRole('link', { name: /Varulvens Kro|Valkyriens Rigdom/ }).first()).toContainText('Varulvens Kro');

  // A title taken off the site leaves the row; the one an offer's free rounds name is refused.
  await page.getByTestId('nav-games').click();
  await page.getByTestId('games-q').fill('Kaperkaptajnen');
  await page.getByTestId('games-search').click();
  await page.getByTestId('game-disable-kaperkaptajnen').click();
  await page.getByTestId('reason-input').fill('Prøver at fjerne det');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByRole('dialog')).toContainText('aktivt tilbud');
  await page.getByRole('button', { name: 'Annuller' }).click();
  await page.getByTestId('games-q').fill('Varulvens Kro');
  await page.getByTestId('games-search').click();
  await page.getByTestId('game-disable-varulvens-kro').click();
  await page.getByTestId('reason-input').fill('Fejl i spillet hos studiet');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByTestId('game-state-varulvens-kro')).toHaveText('Taget af');
  expect(await seriousViolations(page)).toEqual([]);
  await visitor.reload();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Varulvens Kro');
  await page.getByTestId('game-enable-varulvens-kro').click();
  await page.getByTestId('reason-input').fill('Rettet af studiet');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByTestId('game-state-varulvens-kro')).toHaveText('På sitet');

  // The row removed again: the front page as it was.
  await page.getByTestId('nav-lobby').click();
  await page.getByTestId(`lobby-remove-${slug}`).click();
  await page.getByTestId('reason-input').fill('Julen er forbi');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByTestId(`lobby-row-${slug}`)).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByTestId(`game-row-home-row-${slug}`)).toHaveCount(0);
  await visitor.context().close();

  // Not only hidden from support: the platform refuses it the offers.
  const support = await (await browser.newContext()).newPage();
  await signIn(support, 'sofie');
  await expect(support.getByTestId('nav-codes')).toHaveCount(0);
  const refused = await support.request.get('/api/Staff/offers/codes');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('STAFF_ROLE_REQUIRED');
});
