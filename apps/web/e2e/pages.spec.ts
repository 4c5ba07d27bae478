import { expect, seriousViolations, test } from './fixtures';

// Every public page of the foundation, at phone and desktop width (the two projects).
const PAGES: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /velkomstbonus|casino/i },
  { path: '/nyheder', heading: /^Nyheder$/ },
  { path: '/nyheder/saadan-kommer-du-godt-i-gang', heading: /.+/ },
  { path: '/kampagner', heading: /^Kampagner$/ },
  { path: '/kampagner/velkomstbonus', heading: /.+/ },
  { path: '/lp', heading: /.+/ },
  { path: '/lp/velkomst/velkomstbonus', heading: /.+/ },
  { path: '/contents/faq', heading: /.+/ },
  { path: '/vilkaar-og-betingelser', heading: /.+/ },
  { path: '/cookie-politik', heading: /cookie/i },
  { path: '/ansvarlighed', heading: /.+/ },
  { path: '/persondatapolitik', heading: /.+/ },
  { path: '/kontaktos', heading: /.+/ },
  { path: '/log-ind', heading: /^Log ind$/ },
  { path: '/registrer', heading: /^Opret konto$/ },
  { path: '/unsubscribe', heading: /nyhedsbrev/i },
];

for (const { path, heading } of PAGES) {
  test(`${path} shows Danish content without errors or serious accessibility problems`, async ({ page, consoleErrors }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'da');
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
    await expect(page.locator('footer')).toContainText('Spil ansvarligt');
    expect(await page.title()).not.toBe('');
    // No untranslated dictionary key ever reaches the screen.
    expect(await page.locator('body').innerText()).not.toMatch(
      /\b(btn|label|menu|modal|news|campaign|validation|keywords|authentication|register|login|profile|unsubscribe)\.[a-z_]+\b/,
    );
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test('the news list shows 10 items a page with working page links', async ({ page }) => {
  await page.goto('/nyheder');
  const items = page.getByTestId('news-list').locator('li');
  await expect(items).toHaveCount(10);
  const firstTitle = await items.first().locator('h2').innerText();
  const pageLinks = page.getByRole('navigation', { name: /side/i }).getByRole('link');
  expect(await pageLinks.count()).toBeGreaterThan(0);
  await page
    .getByRole('navigation', { name: /side/i })
    .getByRole('link', { name: /^Side 2/ })
    .click();
  await expect(page).toHaveURL(/side=2/);
  await expect(page.getByTestId('news-list').locator('li').first().locator('h2')).not.toHaveText(firstTitle);
});

test('a news card opens its article', async ({ page }) => {
  await page.goto('/nyheder');
  const card = page.getByTestId('news-list').locator('a').first();
  const title = await card.locator('h2').innerText();
  await card.click();
  await expect(page).toHaveURL(/\/nyheder\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('campaign pages hide the header and wallpaper, list pages show them', async ({ page }) => {
  await page.goto('/kampagner');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await page.goto('/kampagner/velkomstbonus');
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByTestId('wallpaper')).toHaveCount(0);
  await expect(page.getByText('Vilkår for kampagnen')).toBeVisible();
});

test('the start page links to news, campaigns, the slots, the table games, the jackpots and the new winners', async ({ page }) => {
  await page.goto('/');
  // The jackpots (issue 26): the category card and the jackpot tiles' "Se alle"; the new winners' strip's "Se alle".
  for (const path of ['/jackpots', '/nyevindere']) await expect(page.getByRole('main').locator(`a[href="${path}"]`).first()).toBeVisible();
  await expect(page.getByRole('main').locator('a[href="/spilleautomater"]').first()).toBeVisible();
  // The table games (issue 24): the category card and the table-games row's "Se alle".
  await expect(page.getByRole('main').locator('a[href="/bordspil"]').first()).toBeVisible();
  // The game rows' "Se alle": the newest to all new games, the most played to the lobby, each named for it.
  await expect(page.getByTestId('game-row-home-new-games').getByRole('link', { name: 'Se alle: Nye spil' })).toHaveAttribute(
    'href',
    '/spilleautomater/nye-spil',
  );
  // The most played row only once anything was played (which other tests may or may not have done yet).
  const popular = page.getByTestId('game-row-home-popular-games');
  if ((await popular.count()) > 0)
    await expect(popular.getByRole('link', { name: 'Se alle: Spilleautomater' })).toHaveAttribute('href', '/spilleautomater');
  await expect(page.getByRole('link', { name: 'Se velkomsttilbuddet' })).toHaveAttribute('href', '/kampagner/velkomstbonus');
  await expect(page.getByRole('link', { name: 'Se alle nyheder' })).toHaveAttribute('href', '/nyheder');
  await expect(page.getByRole('link', { name: 'Se alle kampagner' })).toHaveAttribute('href', '/kampagner');
  await expect(page.getByRole('heading', { name: 'Seneste nyheder' })).toBeVisible();
});
