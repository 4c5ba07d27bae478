import { expect, hydrated, seriousViolations, test } from './fixtures';

/**
 * The table games' lists (issue 24): /bordspil from the menu, its groups in the order of the
 * system config BordspilCategory, the category pages, the tiles and the table launch routes. The
 * titles are the studio's six tables (packages/games-math/src/table/titles.ts).
 */
const GROUPS = [
  { id: 'roulette', name: 'Roulette', path: '/bordspil/roulette', titles: ['Europæisk Roulette', 'Fransk Roulette La Partage'] },
  { id: 'blackjack', name: 'Blackjack', path: '/bordspil/blackjack', titles: ['Blackjack Vegas', 'Europæisk Blackjack'] },
  { id: 'video-poker', name: 'Videopoker', path: '/bordspil/video-poker', titles: ['Bonus Poker', 'Jacks or Better'] },
];
const VEGAS = { id: 'blackjack-vegas', name: 'Blackjack Vegas' };

test('a guest reaches the table games from the menu, sees them by category, opens a category and a table to play for fun', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('menu-panel').getByRole('link', { name: 'Bordspil', exact: true }).click();
  await expect(page).toHaveURL(/\/bordspil$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bordspil' })).toBeVisible();
  await expect(page.getByTestId('table-nav').getByRole('link', { name: 'Alle bordspil' })).toHaveAttribute('aria-current', 'page');

  // The three groups in the config's order, each with its titles and a link to its page named for it.
  await expect(page.locator('[data-testid^="game-row-table-"] h2')).toHaveText(GROUPS.map((group) => group.name));
  for (const group of GROUPS) {
    const row = page.getByTestId(`game-row-table-${group.id}`);
    await expect(row.getByTestId('game-tile')).toHaveCount(group.titles.length);
    for (const title of group.titles) await expect(row.getByTestId('game-tile').filter({ hasText: title })).toHaveCount(1);
    await expect(row.getByRole('link', { name: `Se alle: ${group.name}` })).toHaveAttribute('href', group.path);
  }
  // A tile shows the return, "op til" where it assumes the best play, and its own picture.
  const jacks = page.getByTestId('game-row-table-video-poker').locator('[data-game-id="jacks-or-better"]');
  await expect(jacks).toContainText('RTP op til 99,54 %');
  await expect(page.locator('[data-game-id="europaeisk-roulette"]')).toContainText('RTP 97,30 %');
  const art = jacks.locator('img');
  await expect(art).toHaveAttribute('src', '/api/games/art/jacks-or-better?v=2');
  const picture = await page.request.get((await art.getAttribute('src'))!);
  expect(picture.ok()).toBe(true);
  expect(picture.headers()['content-type']).toContain('image/svg+xml');
  expect(await seriousViolations(page)).toEqual([]);

  // A category's page by its group's link: its titles only, the navigation marking it.
  await hydrated(page);
  await page.getByTestId('game-row-table-blackjack').getByRole('link', { name: 'Se alle: Blackjack' }).click();
  await expect(page).toHaveURL(/\/bordspil\/blackjack$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blackjack' })).toBeVisible();
  await expect(page.getByTestId('table-nav').getByRole('link', { name: 'Blackjack' })).toHaveAttribute('aria-current', 'page');
  const grid = page.getByTestId('game-grid');
  await expect(grid.getByTestId('game-tile')).toHaveCount(2);
  await expect(grid).toContainText(VEGAS.name);
  await expect(grid).not.toContainText('Roulette');
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);

  // A guest's tile leads to play for fun on the table launch route, a game-play route without the header.
  const link = grid.locator(`[data-game-id="${VEGAS.id}"]`).getByTestId('game-tile-link');
  await expect(link).toHaveAttribute('href', `/bordspil/spil-for-sjov/${VEGAS.id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/bordspil/spil-for-sjov/${VEGAS.id}$`));
  await expect(page.getByTestId('site-header')).toHaveCount(0);
});

test('the other category pages list their tables, and every category is in the navigation', async ({ page }) => {
  for (const group of [GROUPS[0]!, GROUPS[2]!]) {
    await page.goto(group.path);
    await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
    const grid = page.getByTestId('game-grid');
    for (const title of group.titles) await expect(grid.getByTestId('game-tile').filter({ hasText: title })).toHaveCount(1);
    await expect(page.getByTestId('table-nav').getByRole('link')).toHaveText(['Alle bordspil', ...GROUPS.map((other) => other.name)]);
  }
});

test('the start page has a table-games row leading to /bordspil, and the search finds a table and opens it on its route', async ({
  page,
}) => {
  await page.goto('/');
  await hydrated(page);
  const row = page.getByTestId('game-row-home-table-games');
  await expect(row.getByRole('heading', { name: 'Bordspil' })).toBeVisible();
  await expect(row.getByTestId('game-tile')).toHaveCount(6);
  await expect(row.getByRole('link', { name: 'Se alle: Bordspil' })).toHaveAttribute('href', '/bordspil');

  await page.goto('/spilleautomater/soeg?q=blackjack+vegas');
  const result = page.getByTestId('search-results').locator(`[data-game-id="${VEGAS.id}"]`);
  await expect(result.getByTestId('game-tile-link')).toHaveAttribute('href', `/bordspil/spil-for-sjov/${VEGAS.id}`);
});

test('a guest choosing a table for money is sent to login first; the mobile route plays a table title; an unknown play type is the 404 page', async ({
  page,
  request,
}) => {
  await page.goto(`/bordspil/spil-for-penge/${VEGAS.id}`);
  await expect(page).toHaveURL(new RegExp(`/log-ind\\?redirect=%2Fbordspil%2Fspil-for-penge%2F${VEGAS.id}$`));
  const mobile = await request.get(`/mobilspil/${VEGAS.id}`);
  expect(mobile.status()).toBe(200);
  expect(await mobile.text()).not.toContain('<title>404</title>');
  for (const path of [`/bordspil/spil-for-alt/${VEGAS.id}`, '/bordspil/spil-for-sjov/findes-ikke-spil']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
  }
});
