import { MITID_IDENTITIES } from '@krone/sims/identities';
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

// Dorte Demo has a demo account; logging in changes nothing other tests read.
const dorte = MITID_IDENTITIES.find((identity) => identity.uuid === '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e14')!;
const NOT_FOUND = '404 - SIDEN FINDES IKKE';
const NOT_FOUND_HEADING = new RegExp(`<h1[^>]*>${NOT_FOUND}</h1>`);

/** The links of this site that a part of the page shows (hrefs as written, without duplicates). */
async function linksIn(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => href.startsWith('/') && !href.startsWith('//')))];
}

/** Every link the header, the open menu, the footer and the page's main content show. */
async function visibleSiteLinks(page: Page): Promise<Record<string, string[]>> {
  await hydrated(page);
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('menu-panel')).toBeVisible();
  const found = {
    header: await linksIn(page, '[data-testid="site-header"] a:visible'),
    menu: await linksIn(page, '[data-testid="menu-panel"] a'),
    footer: await linksIn(page, 'footer a'),
    main: await linksIn(page, 'main a'),
  };
  await page.getByTestId('menu-toggle').click();
  return found;
}

/** Each link answers a page, not the 404 page (followed through redirects, with the page's cookies). */
async function expectNoneNotFound(page: Page, links: string[], loggedIn: boolean) {
  for (const link of links) {
    // Logging out is a link too; following it would end the session the walk needs.
    if (link.includes('logout=true')) continue;
    const response = await page.request.get(link);
    expect(response.status(), link).toBe(200);
    // The rendered heading, not the 404 texts every page's script data carries.
    expect(NOT_FOUND_HEADING.test(await response.text()), link).toBe(false);
    if (loggedIn && link.startsWith('/min-konto')) expect(new URL(response.url()).pathname, link).toBe(link.split('?')[0]);
  }
}

// Every page the seeded links name is built: table games (issue 24), the live casino (issue 25), the jackpots and the
// new winners (issue 26), the player's offers and tournaments (issue 27). A page not built yet goes here (lib/built-routes.ts).
const UNBUILT: string[] = [];

test('every link a guest sees in the header, menu, footer and start page leads to a page', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const found = await visibleSiteLinks(page);
  // The walk has something to walk: the seeded menu, footer and start page.
  expect(found.menu).toEqual(
    expect.arrayContaining([
      '/',
      '/kampagner',
      '/nyheder',
      '/kontaktos',
      '/registrer',
      '/spilleautomater',
      '/alle-spil',
      '/bedste-spil',
      '/bordspil',
      '/jackpots',
    ]),
  );
  expect(found.footer).toEqual(expect.arrayContaining(['/ansvarlighed', '/kontaktos']));
  // The start page's jackpot tiles and category card, and its new winners' "Se alle" (issue 26).
  expect(found.main).toEqual(expect.arrayContaining(['/nyheder', '/kampagner', '/kampagner/velkomstbonus', '/jackpots', '/nyevindere']));
  const all = [...new Set(Object.values(found).flat())];
  // Pages not built yet (lib/built-routes.ts): nothing links to them.
  expect(all.filter((link) => UNBUILT.some((prefix) => link.startsWith(prefix)))).toEqual([]);
  await expectNoneNotFound(page, all, false);
});

test('every link a logged-in player sees in the header, menu, footer and popups leads to a page', async ({ page }) => {
  test.slow();
  await page.goto('/log-ind?redirect=%2Fmin-konto%2Foversigt');
  await hydrated(page);
  await page.getByTestId('login-mitid').click();
  await page.getByTestId(`identity-${dorte.uuid}`).click();
  await page.waitForURL(/\/min-konto\/oversigt$/, { timeout: 15_000 });
  await hydrated(page);
  const welcome = page.getByTestId('welcome-popup');
  await expect(welcome).toBeVisible({ timeout: 10_000 });
  const popupLinks = await linksIn(page, '[data-testid="welcome-popup"] a');
  await welcome.getByRole('button', { name: 'Luk' }).click();
  const marketing = page.getByTestId('marketing-decline');
  if (await marketing.isVisible({ timeout: 5_000 }).catch(() => false)) await marketing.click();

  const found = await visibleSiteLinks(page);
  // The player's menu, with its account entries and favourites; the unbuilt rewards are not shown.
  expect(found.menu).toEqual(
    expect.arrayContaining([
      '/min-konto/oversigt',
      '/min-konto/profil',
      '/min-konto/overfoer',
      '/min-konto/udbetal',
      '/min-konto/spilhistorik',
      '/spilleautomater/mine-favoritter',
      '/min-konto/gamification',
    ]),
  );
  const all = [...new Set([...Object.values(found).flat(), ...popupLinks])];
  expect(all.filter((link) => UNBUILT.some((prefix) => link.startsWith(prefix)))).toEqual([]);
  await expectNoneNotFound(page, all, true);
});

test('a menu entry reached by clicking opens its page, never the 404 page', async ({ page }) => {
  // Every entry in turn (fourteen since the jackpots' and the new winners' pages joined the menu).
  test.setTimeout(150_000);
  await page.goto('/');
  await hydrated(page);
  // The cookie banner (shown a moment after the page has loaded) is left unanswered: it steps aside
  // while the menu is open, where on a phone it would cover the last entries.
  const banner = page.getByTestId('cookie-banner');
  await page.getByTestId('menu-toggle').click();
  const entries = await linksIn(page, '[data-testid="menu-panel"] a:visible');
  await page.getByTestId('menu-toggle').click();
  expect(entries.length).toBeGreaterThan(4);
  for (const entry of entries) {
    await hydrated(page);
    // The menu stays open when its entry is the page already shown (no route change).
    if (await page.getByTestId('menu-panel').isVisible()) await page.keyboard.press('Escape');
    await expect(page.getByTestId('menu-panel')).toBeHidden();
    await page.getByTestId('menu-toggle').click();
    await expect(banner).toBeHidden();
    await page.getByTestId('menu-panel').locator(`a[href="${entry}"]:visible`).first().click();
    // The address changes once the page's server render arrived: a page read fresh for each request
    // (/jackpots) may take more than the usual 10 s on a CI machine under load.
    await expect(page).toHaveURL((url) => url.pathname === entry.split('?')[0], { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 }).first()).not.toHaveText(NOT_FOUND);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
});
