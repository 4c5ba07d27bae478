import { expect, hydrated, seriousViolations, test } from './fixtures';

test('the consent banner appears 10 s after load, in Danish, and stays away once answered', async ({ page, context }) => {
  await page.clock.install();
  await page.goto('/nyheder');
  await hydrated(page);
  const banner = page.getByTestId('cookie-banner');
  await page.clock.runFor(9_000);
  await expect(banner).toBeHidden();
  await page.clock.runFor(2_000);
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('heading', { name: 'Vi bruger cookies' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await banner.getByRole('button', { name: 'Kun nødvendige' }).click();
  await expect(banner).toBeHidden();
  const consent = (await context.cookies()).find((cookie) => cookie.name === 'cc_cookie');
  const stored = JSON.parse(decodeURIComponent(consent?.value ?? '{}')) as { categories?: string[] };
  expect(stored.categories).toEqual(['necessary']);

  await page.reload();
  await hydrated(page);
  await page.clock.runFor(12_000);
  await expect(page.getByTestId('cookie-banner')).toBeHidden();
});

test('the cookie banner leaves the focus and the text with a visitor typing in the game search, and answers to the keyboard', async ({
  page,
  context,
}) => {
  await page.clock.install();
  await page.goto('/spilleautomater');
  await hydrated(page);
  const box = page.getByRole('searchbox', { name: 'Søg efter spil' });
  const banner = page.getByTestId('cookie-banner');
  await box.click();
  await box.pressSequentially('vikingernes');
  // Still in the box when the banner arrives, 10 s after load (the clock runs from its install, so
  // the real time spent loading and typing counts: the first test holds the exact 10 s).
  await page.clock.runFor(11_000);
  await expect(banner).toBeVisible();
  await expect(box).toBeFocused();
  await box.pressSequentially(' guld');
  await page.clock.runFor(1_000);
  // Nothing was taken: the focus, every letter typed, and the suggestions that need the focus.
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('vikingernes guld');
  await expect(page.getByTestId('game-search-suggestions').getByRole('link', { name: /Vikingernes Guld/ })).toBeVisible();
  // A region of the page that blocks nothing, not a modal dialog.
  await expect(page.getByRole('region', { name: 'Vi bruger cookies' })).toBeVisible();
  await expect(banner).not.toHaveAttribute('aria-modal');
  await expect(banner).not.toHaveAttribute('role', 'dialog');
  expect(await seriousViolations(page)).toEqual([]);
  // Its buttons are reached and pressed from the keyboard; the choice is kept.
  const necessary = banner.getByRole('button', { name: 'Kun nødvendige' });
  await necessary.focus();
  await expect(necessary).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  const consent = (await context.cookies()).find((cookie) => cookie.name === 'cc_cookie');
  expect((JSON.parse(decodeURIComponent(consent?.value ?? '{}')) as { categories?: string[] }).categories).toEqual(['necessary']);
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
