import { expect, hydrated, test } from './fixtures';

test('the logo leads home and the guest sees login and register buttons', async ({ page }) => {
  await page.goto('/nyheder');
  const header = page.getByTestId('site-header');
  await expect(header.getByRole('link', { name: 'Log ind' })).toHaveAttribute('href', '/log-ind');
  await expect(header.getByRole('link', { name: 'Opret konto' })).toHaveAttribute('href', '/registrer');
  await header.getByRole('link', { name: /Forside/ }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the menu opens and closes, and closes on route change', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const toggle = page.getByTestId('menu-toggle');
  const panel = page.getByTestId('menu-panel');
  await expect(panel).toBeHidden();
  await toggle.click();
  await expect(panel).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Guests never see login-only entries.
  await expect(panel.getByRole('link', { name: 'Min konto' })).toHaveCount(0);
  await toggle.click();
  await expect(panel).toBeHidden();
  await toggle.click();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await toggle.click();
  await panel.getByRole('link', { name: 'Kampagner' }).click();
  await expect(page).toHaveURL(/\/kampagner$/);
  await expect(panel).toBeHidden();
});

test('an unknown page shows the 404 page with header and footer, then goes home after a second', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-22T12:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-22T12:00:00.500Z'));
  const response = await page.goto('/denne-side-findes-ikke');
  await hydrated(page);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - SIDEN FINDES IKKE');
  await expect(page.getByText('TEKNISK FEJL ÆV, NU GIK DET LIGE SÅ GODT')).toBeVisible();
  await expect(page.getByRole('link', { name: 'GÅ TIL HJEMMESIDE' })).toBeVisible();
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  await expect(page).toHaveURL(/denne-side-findes-ikke/);
  await page.clock.fastForward(1000);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
});

test('unknown news and campaign slugs are 404s, never errors', async ({ request }) => {
  for (const path of [
    '/nyheder/findes-ikke',
    '/kampagner/findes-ikke',
    '/lp/x/y',
    '/contents/findes-ikke',
    '/nyheder/%E2%9C%93',
    '/a/b/c',
    '/nyheder?side=99',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('404 - SIDEN FINDES IKKE');
  }
});

test('the header takes its fixed state past 50 px of scroll', async ({ page }) => {
  await page.goto('/nyheder');
  const header = page.getByTestId('site-header');
  await expect(header).not.toHaveClass(/is-fixed/);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveClass(/is-fixed/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveClass(/is-fixed/);
});

test('the wallpaper carousel advances every 10 seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await hydrated(page);
  const wallpaper = page.getByTestId('wallpaper');
  await expect(wallpaper).toHaveAttribute('data-slide', '0');
  await page.clock.fastForward(10_000);
  await expect(wallpaper).toHaveAttribute('data-slide', '1');
});

test('a slow page change shows the loading bar and the preload loader until the page lands', async ({ page }) => {
  await page.goto('/nyheder');
  await hydrated(page);
  // Hold the next page's content back, as a slow phone network would.
  await page.route(
    (url) => url.pathname === '/ansvarlighed',
    async (route) => {
      if (route.request().headers()['rsc'] === '1') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    },
  );
  const loader = page.getByTestId('preload-loader');
  await expect(loader).toBeHidden();
  await page.locator('footer a[href="/ansvarlighed"]').first().click();
  await expect(loader).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('data-visible', 'true');
  await expect(page).toHaveURL(/\/ansvarlighed$/);
  await expect(loader).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
