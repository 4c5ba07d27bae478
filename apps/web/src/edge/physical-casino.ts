/**
 * The physical casino's pages (spec §2 "Static physical-casino paths"): /casino-aarhus and all
 * under it, /kampagner/aarhus-roulette, and under a product's path /{product}/om-{product},
 * /{product}/royals-historie and /{product}/fn-verdensmaal. They are served by the casino's own
 * site (PHYSICAL_CASINO_URL): the front door sends them there for good (308), path and query
 * kept, so the menu's and the content's links to them keep working. Without that setting they are
 * this site's 404s.
 */

const PHYSICAL_PATHS = [
  /^\/casino-aarhus(?:\/[^?#]*)?$/,
  /^\/kampagner\/aarhus-roulette\/?$/,
  /^\/([a-z0-9-]{1,40})\/om-\1\/?$/,
  /^\/[a-z0-9-]{1,40}\/(?:royals-historie|fn-verdensmaal)\/?$/,
];

/** Whether a path (no query) is one of the physical casino's pages. */
export function isPhysicalCasinoPath(pathname: string): boolean {
  return PHYSICAL_PATHS.some((pattern) => pattern.test(pathname));
}

/** The address on the physical casino's site for a request URL (path and query), or null. */
export function physicalCasinoRedirect(url: string, siteUrl: string | undefined): string | null {
  if (!siteUrl) return null;
  const [pathname = '/', ...rest] = url.split('?');
  if (!isPhysicalCasinoPath(pathname)) return null;
  const query = rest.length > 0 ? `?${rest.join('?')}` : '';
  return `${siteUrl.replace(/\/$/, '')}${pathname}${query}`;
}

/** PHYSICAL_CASINO_URL read at start: an http(s) URL, or undefined (then the paths are 404s). */
export function physicalCasinoSite(value = process.env.PHYSICAL_CASINO_URL): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
