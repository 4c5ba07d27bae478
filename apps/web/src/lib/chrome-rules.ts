/**
 * Which routes show the header and wallpaper (spec §2). The spec names routes; these are the
 * paths those route names match, and the table games' launch routes, which the spec leaves to us
 * (bordspil-playType-gameById, a game-play route as the slot's).
 */
const HIDDEN_CHROME_ROUTES: { name: string; pattern: RegExp; gamePlay?: boolean }[] = [
  { name: 'loginsuccess', pattern: /^\/loginsuccess\/?$/ },
  { name: 'MobilePay', pattern: /^\/MobilePay\/?$/ },
  { name: 'MobilePayQuick', pattern: /^\/MobilePayQuick\/?$/ },
  { name: 'extpayment', pattern: /^\/extpayment\/?$/ },
  { name: 'mobilspil-slugGames', pattern: /^\/mobilspil\/[^/]+\/?$/, gamePlay: true },
  { name: 'mobil-live-casino-slugGames', pattern: /^\/mobil-live-casino\/[^/]+\/?$/, gamePlay: true },
  { name: 'lp-landingType-landingById', pattern: /^\/lp\/[^/]+\/[^/]+\/?$/ },
  { name: 'live-casino-playType-gameById', pattern: /^\/live-casino\/[^/]+\/[^/]+\/?$/, gamePlay: true },
  { name: 'unsupported', pattern: /^\/unsupported\/?$/ },
  { name: 'quick-deposit', pattern: /^\/quick-deposit\/?$/ },
  {
    name: 'spilleautomater-playType-gameById',
    pattern: /^\/spilleautomater\/(?!mine-favoritter\/?$|nye-spil\/?$)[^/]+\/[^/]+\/?$/,
    gamePlay: true,
  },
  // The table games' launch routes (issue 24), the counterpart of the slot's: game-play routes too.
  { name: 'bordspil-playType-gameById', pattern: /^\/bordspil\/spil-for-(?:sjov|penge)\/[^/]+\/?$/, gamePlay: true },
  { name: 'kampagner-slug', pattern: /^\/kampagner\/[^/]+\/?$/ },
];

export function matchHiddenChromeRoute(pathname: string) {
  return HIDDEN_CHROME_ROUTES.find((route) => route.pattern.test(pathname));
}

/** The header shows unless the route hides it; on game-play routes the setting header__use_playgames decides. */
export function showHeader(pathname: string, headerOnPlayGames: boolean): boolean {
  const route = matchHiddenChromeRoute(pathname);
  if (!route) return true;
  return route.gamePlay === true && headerOnPlayGames;
}

/** The wallpaper shows only where the header's route rules allow it, and never on landing pages. */
export function showWallpaper(pathname: string): boolean {
  return !matchHiddenChromeRoute(pathname) && !/^\/lp(\/|$)/.test(pathname);
}
