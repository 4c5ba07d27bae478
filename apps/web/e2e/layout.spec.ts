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
  await expect(page.getByTestId('error-text')).toHaveText('Siden blev ikke fundet: /denne-side-findes-ikke');
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

test('the menu’s news entry lists the newest news, fetched again each time it opens (page 1, 26 items)', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByTestId('menu-toggle').click();
  const panel = page.getByTestId('menu-panel');
  const expand = panel.getByRole('button', { name: 'Nyheder' });
  const asked = page.waitForRequest((request) => request.url().endsWith('/api/news/news-list') && request.method() === 'POST');
  await expand.click();
  expect((await asked).postDataJSON()).toMatchObject({ PageSize: 26, CurrentPage: 1 });
  const headlines = page.getByTestId('news-menu').getByRole('link');
  await expect(headlines.first()).toBeVisible();
  expect(await headlines.count()).toBeLessThanOrEqual(26);
  // Closed and opened again: asked again, so news published meanwhile is there.
  await expand.click();
  const again = page.waitForRequest((request) => request.url().endsWith('/api/news/news-list'));
  await expand.click();
  await again;
  const first = headlines.first();
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/nyheder\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('the physical casino’s pages in the menu lead to its own site, path kept (a permanent redirect)', async ({ page, request }) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByTestId('menu-toggle').click();
  const panel = page.getByTestId('menu-panel');
  await panel.getByRole('button', { name: 'Om Krone Casino' }).click();
  await panel.getByRole('link', { name: "Royals' historie" }).click();
  await expect(page).toHaveURL(/\/casino-site\/krone\/royals-historie$/);
  await expect(page.getByTestId('physical-casino-page')).toContainText('/krone/royals-historie');
  // The old addresses, query kept; and not a page of this site.
  const answer = await request.get('/casino-aarhus/events?uge=48', { maxRedirects: 0 });
  expect(answer.status()).toBe(308);
  expect(answer.headers().location).toMatch(/\/casino-site\/casino-aarhus\/events\?uge=48$/);
  expect((await request.get('/kampagner/aarhus-roulette', { maxRedirects: 0 })).status()).toBe(308);
  expect((await request.get('/spilleautomater', { maxRedirects: 0 })).status()).toBe(200);
});

test('the start page shows its banners as the content places them: slider on top, a video and a slider side by side, a video between', async ({
  page,
}) => {
  await page.goto('/');
  await hydrated(page);
  const phone = page.viewportSize()!.width < 768;
  // Center: the opening image slider, its title the page's h1.
  await expect(page.getByTestId('image-slider').first().getByRole('heading', { level: 1 })).toBeVisible();
  // Left and right: a Video Banner and an Image Slider, beside each other from tablet width, stacked on a phone.
  const pair = page.getByTestId('banner-pair');
  const left = pair.getByTestId('video-banner');
  const right = pair.getByTestId('image-slider');
  await expect(left.getByRole('heading', { name: 'Live fra studiet i aften' })).toBeVisible();
  await expect(right.getByRole('heading', { name: 'Månedens turnering' })).toBeVisible();
  const [a, b] = [(await left.boundingBox())!, (await right.boundingBox())!];
  if (phone) expect(b.y).toBeGreaterThanOrEqual(a.y + a.height - 1);
  else expect(Math.abs(a.y - b.y)).toBeLessThan(2);
  // The clip plays muted and can be paused (and played again) by its button.
  const clip = left.locator('video');
  await expect.poll(() => clip.evaluate((video: HTMLVideoElement) => !video.paused && video.muted)).toBe(true);
  const toggle = left.getByTestId('video-banner-toggle');
  await expect(toggle).toHaveAccessibleName('Sæt videoen på pause');
  await toggle.click();
  await expect.poll(() => clip.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
  await expect(toggle).toHaveAccessibleName('Afspil videoen');
  // Between: a Video Banner after the game rows, its link to its page.
  const between = page.getByTestId('banner-between');
  await between.scrollIntoViewIfNeeded();
  await between.getByRole('link', { name: 'Se jackpots' }).click();
  await expect(page).toHaveURL(/\/jackpots$/);
});

test('with reduced motion a Video Banner shows its poster and waits for play', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await hydrated(page);
  const clip = page.getByTestId('banner-pair').getByTestId('video-banner').locator('video');
  await expect(clip).toHaveAttribute('poster', /live-studio-poster\.webp$/);
  await page.waitForTimeout(500);
  expect(await clip.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
  await page.getByTestId('banner-pair').getByTestId('video-banner-toggle').click();
  await expect.poll(() => clip.evaluate((video: HTMLVideoElement) => !video.paused)).toBe(true);
});
