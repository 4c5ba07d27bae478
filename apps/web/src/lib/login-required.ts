/** The login-required routes of spec §2; a guest who asks for one is sent to /log-ind and back. */
export const LOGIN_REQUIRED_PREFIXES: readonly string[] = Object.freeze([
  '/min-konto',
  '/spilleautomater/mine-favoritter',
  // Play for money (the game screen's launch route); play for fun is open to anyone.
  '/spilleautomater/spil-for-penge',
  // The table games' play for money (issue 24), as the slot's.
  '/bordspil/spil-for-penge',
  // The live casino's tables (issue 25): for money only, on both launch routes.
  '/live-casino/spil-for-penge',
  '/mobil-live-casino',
  '/quick-deposit',
]);

export function isLoginRequired(pathname: string): boolean {
  return LOGIN_REQUIRED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** /log-ind with the way back: the full path and query the guest asked for. */
export function loginUrlFor(pathWithQuery: string): string {
  return `/log-ind?redirect=${encodeURIComponent(pathWithQuery)}`;
}
