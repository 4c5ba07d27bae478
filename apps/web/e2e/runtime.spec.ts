import { expect, hydrated, seriousViolations, test } from './fixtures';

test('the consent banner appears 10 s after load, in Danish, and stays away once answered', async ({ page, context }) => {
  await page.clock.install();
  await page.goto('/nyheder');
  await hydrated(page);
  const banner = page.getByText('Vi bruger cookies');
  await page.clock.runFor(9_000);
  await expect(banner).toBeHidden();
  await page.clock.runFor(2_000);
  await expect(banner).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Kun nødvendige' }).first().click();
  await expect(banner).toBeHidden();
  const consent = (await context.cookies()).find((cookie) => cookie.name === 'cc_cookie');
  const stored = JSON.parse(decodeURIComponent(consent?.value ?? '{}')) as { categories?: string[] };
  expect(stored.categories).toEqual(['necessary']);

  await page.reload();
  await hydrated(page);
  await page.clock.runFor(12_000);
  await expect(page.getByText('Vi bruger cookies')).toBeHidden();
});

test('the network modal opens after 60 s offline and closes on reconnect', async ({ page, context }) => {
  await page.clock.install();
  await page.goto('/kampagner');
  await hydrated(page);
  const modal = page.getByRole('dialog', { name: 'Forbindelsen er afbrudt' });
  await context.setOffline(true);
  await page.clock.runFor(30_000);
  await expect(modal).toBeHidden();
  await page.clock.runFor(65_000);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Prøv igen' })).toBeVisible();
  await context.setOffline(false);
  await page.clock.runFor(31_000);
  await expect(modal).toBeHidden();
});
