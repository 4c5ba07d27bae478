/** How the site shows a player among winners and on a leaderboard: the first given name and the last name's initial ("Dorte D."). */
export function shortName(firstName: string | null, lastName: string | null): string {
  const given = (firstName ?? '').trim().split(/\s+/)[0] ?? '';
  const initial = Array.from((lastName ?? '').trim())[0];
  return initial ? `${given} ${initial.toLocaleUpperCase('da')}.` : given;
}
