import type { Page } from '@playwright/test';
import { expect, hydrated, isPhone, logInByMitId, seriousViolations, test } from './fixtures';

/** Demo accounts that keep favourites, one per screen width so the two runs never share a list. */
const FAVOURITE_PLAYER = { phone: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ed1', desktop: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ed2' };
/** One of the catalogue's example titles (packages/games-math/titles). */
const VIKING = { id: 'vikingernes-guld', name: 'Vikingernes Guld' };

async function logIn(page: Page, redirect: string) {
  await logInByMitId(page, redirect, FAVOURITE_PLAYER[isPhone(page) ? 'phone' : 'desktop']);
}

test('a guest reaches the lobby from the menu, finds a game with a typo and opens it to play for fun', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('menu-panel').getByRole('link', { name: 'Spilleautomater', exact: true }).click();
  await expect(page).toHaveURL(/\/spilleautomater$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Spilleautomater' })).toBeVisible();
  // The lobby's rows, each tile with its name, studio, return and volatility, and its generated picture.
  const newest = page.getByTestId('game-row-newest');
  await expect(newest.getByRole('heading', { name: 'Nye spil' })).toBeVisible();
  // Each row's "Se alle" is named after what it lists, for a screen reader.
  await expect(newest.getByRole('link', { name: 'Se alle: Nye spil' })).toHaveAttribute('href', '/spilleautomater/nye-spil');
  // The most played row is there only once rounds were played in the last 7 days (the platform's
  // answer: on the tests' fresh database that depends on which other tests played first).
  const popular = page.getByTestId('game-row-popular');
  if ((await popular.count()) > 0) {
    await expect(popular.getByTestId('game-tile').first()).toBeVisible();
    await expect(popular.getByRole('link', { name: 'Se alle: Populære spil' })).toHaveAttribute('href', '/bedste-spil');
  }
  const tile = newest.getByTestId('game-tile').first();
  await expect(tile).toContainText(/RTP \d{2},\d % · (Lav|Mellem|Høj|Meget høj) volatilitet/);
  const art = tile.locator('img');
  await expect(art).toHaveAttribute('src', /^\/api\/games\/art\/[a-z0-9-]+\?v=\d+$/);
  const picture = await page.request.get((await art.getAttribute('src'))!);
  expect(picture.headers()['content-type']).toContain('image/svg+xml');
  expect(picture.headers()['cache-control']).toContain('max-age=31536000');
  // A guest has no hearts; every tile leads to play for fun.
  await hydrated(page);
  await expect(page.getByTestId('favourite-toggle')).toHaveCount(0);
  await expect(tile.getByTestId('game-tile-link')).toHaveAttribute('href', /^\/spilleautomater\/spil-for-sjov\/[a-z0-9-]+$/);
  expect(await seriousViolations(page)).toEqual([]);

  // The search answers as the player types, forgiving a typo.
  const box = page.getByRole('searchbox', { name: 'Søg efter spil' });
  await box.fill('vikingrnes');
  const suggestions = page.getByTestId('game-search-suggestions');
  await expect(suggestions.getByRole('link', { name: new RegExp(VIKING.name) })).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/spilleautomater\/soeg\?q=vikingrnes$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Søgeresultater for »vikingrnes«');
  const results = page.getByTestId('search-results');
  await expect(results.getByTestId('game-tile').first()).toContainText(VIKING.name);
  // Typing on the results screen changes its address and results without a submit.
  await hydrated(page);
  await page.getByRole('searchbox', { name: 'Søg efter spil' }).fill('nordlysskov');
  await expect(page).toHaveURL(/\?q=nordlysskov$/);
  await expect(results.getByTestId('game-tile').first()).toContainText('Nordlysskoven');
  await page.getByRole('searchbox', { name: 'Søg efter spil' }).fill('vikingernes guld');
  await expect(results.getByTestId('game-tile').first()).toContainText(VIKING.name);
  expect(await seriousViolations(page)).toEqual([]);

  await results.getByTestId('game-tile').first().getByTestId('game-tile-link').click();
  await expect(page).toHaveURL(new RegExp(`/spilleautomater/spil-for-sjov/${VIKING.id}$`));
  expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
});

test('the search works without script: a GET form to the results screen', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/spilleautomater');
  await page.getByRole('searchbox', { name: 'Søg efter spil' }).fill('gudernes grv');
  await page.getByRole('button', { name: 'Søg', exact: true }).click();
  await expect(page).toHaveURL(/\/spilleautomater\/soeg\?q=gudernes\+grv$/);
  await expect(page.getByTestId('search-results').getByTestId('game-tile').first()).toContainText('Gudernes Grav');
  await page.goto('/spilleautomater/soeg?q=x');
  await expect(page.getByTestId('search-results')).toHaveText('Skriv mindst 2 tegn for at søge.');
  await context.close();
});

test('all games: filters by volatility and feature from the address, and pages 24 at a time', async ({ page }) => {
  await page.goto('/alle-spil');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Alle spil' })).toBeVisible();
  const count = page.getByTestId('catalogue-count');
  const total = Number((await count.textContent())!.match(/af (\d+) spil/)![1]);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('game-grid').getByTestId('game-tile')).toHaveCount(Math.min(24, total));

  // Low volatility only: every tile says so, and the list is shorter than the whole.
  await page.getByLabel('Volatilitet').selectOption({ label: 'Lav' });
  await page.getByRole('button', { name: 'Vis spil' }).click();
  await expect(page).toHaveURL(/\/alle-spil\?volatilitet=lav$/);
  const tiles = page.getByTestId('game-grid').getByTestId('game-tile');
  await expect(tiles.first()).toBeVisible();
  for (const text of await tiles.allTextContents()) expect(text).toContain('Lav volatilitet');
  const low = Number((await count.textContent())!.match(/af (\d+) spil/)![1]);
  expect(low).toBeLessThan(total);
  await expect(page.getByLabel('Volatilitet')).toHaveValue('lav');

  // A studio and a feature on top; the choices stay chosen.
  const studio = (await page.getByLabel('Spiludvikler').locator('option').nth(1).textContent())!;
  await page.getByLabel('Spiludvikler').selectOption({ label: studio });
  await page.getByLabel('Funktion').selectOption({ label: 'Gratisspins' });
  await page.getByRole('button', { name: 'Vis spil' }).click();
  await expect(page).toHaveURL(/spiludvikler=.+&volatilitet=lav&funktion=gratisspins/);
  await expect(page.getByLabel('Spiludvikler')).toHaveValue(studio);
  for (const text of await page.getByTestId('game-grid').getByTestId('game-tile').allTextContents()) expect(text).toContain(studio);

  // Paging: page 2 shows the next titles, none of page 1's; with one page there is no pager.
  await page.goto('/alle-spil?sorter=navn');
  const pager = page.getByRole('navigation', { name: 'Sider med spil' });
  // The total as this list tells it (the catalogue is the same list in another order).
  const all = Number((await count.textContent())!.match(/af (\d+) spil/)![1]);
  if (all > 24) {
    const ids = () =>
      page
        .getByTestId('game-grid')
        .getByTestId('game-tile')
        .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-game-id')));
    const first = await ids();
    expect(first).toHaveLength(24);
    await pager.getByRole('link', { name: /^Side 2 af/ }).click();
    await expect(page).toHaveURL(/\/alle-spil\?sorter=navn&side=2$/);
    await expect(count).toContainText(`Viser 25–${Math.min(48, all)} af ${all} spil`);
    await expect(pager.locator('[aria-current="page"]')).toHaveText('2');
    const second = await ids();
    expect(second).toHaveLength(Math.min(24, all - 24));
    expect(second.filter((id) => first.includes(id))).toEqual([]);
  } else {
    await expect(pager).toHaveCount(0);
    await expect(count).toHaveText(`Viser 1–${all} af ${all} spil`);
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test('a player marks a favourite with the heart, finds it under Mine favoritter, and unmarks it', async ({ page }) => {
  await logIn(page, '/spilleautomater/mine-favoritter');
  await expect(page.getByRole('heading', { level: 1, name: 'Mine favoritter' })).toBeVisible();
  // Earlier runs on a kept platform may have left it marked: start from none.
  const kept = page.getByTestId('game-grid').locator(`[data-game-id="${VIKING.id}"]`);
  if ((await kept.count()) > 0) {
    await kept.getByTestId('favourite-toggle').click();
    await expect(kept.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'false');
    // Answered by the platform before the page is left (the heart turns before it is asked).
    await expect(kept.getByRole('status')).toHaveText(`${VIKING.name} er fjernet fra dine favoritter.`);
  }

  await page.goto('/spilleautomater/soeg?q=vikingernes+guld');
  await hydrated(page);
  const tile = page.getByTestId('game-grid').locator(`[data-game-id="${VIKING.id}"]`);
  // A player's tile leads to play for money, with play for fun beside it.
  await expect(tile.getByTestId('game-tile-link')).toHaveAttribute('href', `/spilleautomater/spil-for-penge/${VIKING.id}`);
  await expect(tile.getByRole('link', { name: `Spil ${VIKING.name} for sjov` })).toHaveAttribute(
    'href',
    `/spilleautomater/spil-for-sjov/${VIKING.id}`,
  );
  const heart = tile.getByRole('button', { name: `Gem ${VIKING.name} som favorit` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toBeEnabled();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(tile.getByRole('status')).toHaveText(`${VIKING.name} er tilføjet til dine favoritter.`);

  // The menu has the favourites; the page lists the game, its heart pressed.
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('menu-panel').getByRole('link', { name: 'Mine favoritter' }).first().click();
  await expect(page).toHaveURL(/\/spilleautomater\/mine-favoritter$/);
  const favourite = page.getByTestId('game-grid').locator(`[data-game-id="${VIKING.id}"]`);
  await expect(favourite).toContainText(VIKING.name);
  await expect(favourite.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await favourite.getByTestId('favourite-toggle').click();
  await expect(favourite.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'false');
  // The heart turns at once; the list is read again only once the platform has answered.
  await expect(favourite.getByRole('status')).toHaveText(`${VIKING.name} er fjernet fra dine favoritter.`);
  await page.reload();
  await expect(page.getByTestId('game-grid').locator(`[data-game-id="${VIKING.id}"]`)).toHaveCount(0);
});

/** Another title than the tiles' test above, so the two never touch one favourite. */
const ACROBAT = { id: 'akrobat-og-elefant', name: 'Akrobat og Elefant' };

test("a player marks a favourite from the game screen's heart and finds it under Mine favoritter", async ({ page }) => {
  await logIn(page, '/spilleautomater/mine-favoritter');
  await expect(page.getByRole('heading', { level: 1, name: 'Mine favoritter' })).toBeVisible();
  const kept = page.getByTestId('game-grid').locator(`[data-game-id="${ACROBAT.id}"]`);
  if ((await kept.count()) > 0) {
    await kept.getByTestId('favourite-toggle').click();
    await expect(kept.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'false');
    // Answered by the platform before the page is left (the heart turns before it is asked).
    await expect(kept.getByRole('status')).toHaveText(`${ACROBAT.name} er fjernet fra dine favoritter.`);
  }

  // To the game by its tile's "play for fun" link, then the heart in the game's bar.
  await page.goto('/spilleautomater/soeg?q=akrobat+og+elefant');
  await hydrated(page);
  await page.getByRole('link', { name: `Spil ${ACROBAT.name} for sjov` }).click();
  await expect(page).toHaveURL(new RegExp(`/spilleautomater/spil-for-sjov/${ACROBAT.id}$`));
  const heart = page.getByTestId('game-favourite');
  // Enabled once the player's favourites are known: only then does "not pressed" mean anything.
  await expect(heart).toBeEnabled();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('game-favourite').locator('xpath=..').getByRole('status')).toHaveText(
    `${ACROBAT.name} er tilføjet til dine favoritter.`,
  );

  // Back to the lobby and into the favourites from the menu: the game is there, its heart pressed.
  await page.getByTestId('game-exit').click();
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('menu-panel').getByRole('link', { name: 'Mine favoritter' }).first().click();
  await expect(page).toHaveURL(/\/spilleautomater\/mine-favoritter$/);
  const favourite = page.getByTestId('game-grid').locator(`[data-game-id="${ACROBAT.id}"]`);
  await expect(favourite.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
  await favourite.getByTestId('favourite-toggle').click();
  await expect(favourite.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(favourite.getByRole('status')).toHaveText(`${ACROBAT.name} er fjernet fra dine favoritter.`);
});

test('a heart cannot be pressed from another site, and a guest is sent to log in for the favourites', async ({ page, request }) => {
  const refused = await request.post('/api/games/favourites', {
    headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    data: { gameId: VIKING.id, favourite: true },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('FORBIDDEN_ORIGIN');
  const own = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin;
  const guest = await request.post('/api/games/favourites', {
    headers: { origin: own, 'content-type': 'application/json' },
    data: { gameId: VIKING.id, favourite: true },
  });
  expect(guest.status()).toBe(401);
  await page.goto('/spilleautomater/mine-favoritter');
  await expect(page).toHaveURL(/\/log-ind\?redirect=%2Fspilleautomater%2Fmine-favoritter$/);
});
