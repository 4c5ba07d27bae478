/**
 * The storefront's pages that exist. The content system (menu, footer, start page, content HTML)
 * may point at any route of spec §2, but a link is shown only when it lands on a page this build
 * has, so nothing leads to the 404 page. Links off the site (https, mailto, tel) and anchors are
 * always shown. A prefix is a page and everything under it; one ending in '/' only what is under it.
 *
 * When a page ships, add its prefix here and the entries the seed already has show again; nothing
 * in the content needs to change. A unit test checks
 * that every prefix here has its page under src/app.
 */
export const BUILT_ROUTE_PREFIXES: readonly string[] = Object.freeze([
  '/',
  '/log-ind',
  '/registrer',
  '/nyheder',
  '/kampagner',
  '/kontaktos',
  '/contents/', // the custom content pages only: /contents itself is no page
  '/lp',
  '/ansvarlighed',
  '/cookie-politik',
  '/persondatapolitik',
  '/unsubscribe',
  '/unsubscribesms',
  '/unsubscribebrand',
  '/unsubscribe-brand',
  '/quick-deposit',
  '/QuickDeposit',
  '/min-konto/oversigt',
  '/min-konto/profil',
  '/min-konto/overfoer',
  '/min-konto/transaktioner',
  '/min-konto/udbetal',
  '/min-konto/begraensninger',
  '/min-konto/spilhistorik',
  // The player's offers and bonuses (issue 27; the spec's account page "kampagne").
  '/min-konto/kampagne',
  // The player's tournaments (issue 27; the menu's "Turneringer", the spec's account page "gamification").
  '/min-konto/gamification',
  // The slot pages (issue 14): the lobby and everything under it (new games, favourites, search,
  // the launch routes), the whole catalogue and the most played.
  '/spilleautomater',
  '/alle-spil',
  '/bedste-spil',
  // The table games (issue 24): the lobby and its category pages.
  '/bordspil',
  // The live casino (issue 25): the lobby and its launch route (/live-casino/spil-for-penge/{id}),
  // and the category pages (no page at /live itself).
  '/live-casino',
  '/live/live-casino',
  '/live/live-roulette',
  '/live/live-blackjack',
  '/live/andre-live-spil',
  // The jackpots and the new winners (issue 26).
  '/jackpots',
  '/nyevindere',
  // The game launch routes: a game under them, never the bare prefix (no page there).
  '/spilleautomater/spil-for-sjov/',
  '/spilleautomater/spil-for-penge/',
  '/bordspil/spil-for-sjov/',
  '/bordspil/spil-for-penge/',
  '/mobilspil/',
  '/mobil-live-casino/',
]);

/** Where "go to the games" buttons lead (the welcome popup, the deposit receipt), once it is built. */
export const GAMES_PATH = '/spilleautomater';

/** A link that leaves the site or stays on the page: not ours to check. */
const OFF_SITE = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;

/** The path of a link on this site, without its query or fragment. */
function pathOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0]!;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether a link leads to a page that exists (or off the site). An empty link leads nowhere. */
export function isBuiltRoute(url: string | null | undefined, built: readonly string[] = BUILT_ROUTE_PREFIXES): boolean {
  if (!url) return false;
  if (OFF_SITE.test(url)) return true;
  if (!url.startsWith('/')) return false;
  const path = pathOf(url) || '/';
  return built.some((prefix) => {
    if (prefix === '/') return path === '/';
    if (prefix.endsWith('/')) return path.startsWith(prefix) && path.length > prefix.length;
    return path === prefix || path.startsWith(`${prefix}/`);
  });
}

/** Menu entries whose page exists; an entry that is not shown takes its children with it. */
export function builtMenu<T extends { slug: string; child: T[] }>(
  items: T[],
  built: readonly string[] = BUILT_ROUTE_PREFIXES,
  elsewhere?: ServedElsewhere,
): T[] {
  return items
    .filter((item) => (elsewhere?.matches(pathOf(item.slug)) ? elsewhere.configured : isBuiltRoute(item.slug, built)))
    .map((item) => ({ ...item, child: builtMenu(item.child, built, elsewhere) }));
}

/**
 * Pages of this site's paths that another site serves (the physical casino's, edge/physical-casino.ts):
 * shown while that site is configured (the front door sends them there), never otherwise.
 */
export interface ServedElsewhere {
  matches: (path: string) => boolean;
  configured: boolean;
}

/** The items of a list whose link (picked by `urlOf`) leads to a page that exists. */
export function withBuiltLinks<T>(items: readonly T[] | undefined, urlOf: (item: T) => string | null | undefined): T[] {
  return (items ?? []).filter((item) => isBuiltRoute(urlOf(item)));
}
