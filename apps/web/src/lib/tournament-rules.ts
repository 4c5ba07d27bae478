// Pure rules of the tournaments' screens (issue 27), shared by the server pages and the client board.
import { formatClock, formatDateDa, formatKr, isErrorCode, messageKeyOf } from '@krone/domain';
import type { Translate } from './i18n';
import type { Tournament } from './platform-types';

/** The player's tournaments page (the menu's "Turneringer"; the spec's account page "gamification"). */
export const TOURNAMENTS_PATH = '/min-konto/gamification';

/** How often an open leaderboard asks again while the page is shown (the platform reads it from the rounds). */
export const LEADERBOARD_REFRESH_MS = 15_000;

/** A tournament's name: the translations' `campaign.tournament_name_<slug>`, its slug without one. */
export function tournamentName(slug: string, t: Translate): string {
  const key = `campaign.tournament_name_${slug}`;
  const name = t(key);
  return name === key ? slug : name;
}

/** Points as the terms state them: hundredths of a multiple, "500" or "12,5" (Danish decimals, no trailing zeros). */
export function pointsText(points: number): string {
  const whole = Math.trunc(points / 100);
  const hundredths = Math.abs(points % 100);
  if (hundredths === 0) return whole.toLocaleString('da-DK');
  const decimals = String(hundredths).padStart(2, '0').replace(/0$/, '');
  return `${whole.toLocaleString('da-DK')},${decimals}`;
}

/** A prize draw (Torsdagsroulette): no join, one ticket for the rounds its terms name, its places drawn. */
export const isDraw = (tournament: Pick<Tournament, 'entry'>) => tournament.entry === 'automatic';

/** "november 2026", "uge 48, 2026", or a draw's evening: "torsdag 3. december 2026". */
export function editionLabel(
  tournament: Pick<Tournament, 'recurrence' | 'edition'> & Partial<Pick<Tournament, 'entry' | 'startsAt'>>,
  t: Translate,
): string {
  if (tournament.entry === 'automatic' && tournament.startsAt) {
    const weekday = new Date(tournament.startsAt).toLocaleDateString('da-DK', { weekday: 'long', timeZone: 'Europe/Copenhagen' });
    return t('campaign.tournament_edition_draw', { weekday, date: formatDateDa(tournament.startsAt) });
  }
  const [year, part] = tournament.edition.split(/-W?/) as [string, string];
  if (tournament.recurrence === 'weekly') return t('campaign.tournament_edition_weekly', { week: Number(part), year });
  const month = new Date(Date.UTC(Number(year), Number(part) - 1, 15)).toLocaleDateString('da-DK', { month: 'long', timeZone: 'UTC' });
  return t('campaign.tournament_edition_monthly', { month, year });
}

/** "1. november 2026 – 30. november 2026": the edition's first and last day in Copenhagen time; a draw's evening: "19:00–22:00". */
export function periodText(tournament: Pick<Tournament, 'startsAt' | 'endsAt'> & Partial<Pick<Tournament, 'entry'>>, t: Translate): string {
  if (tournament.entry === 'automatic')
    return t('campaign.tournament_period_draw', { from: formatClock(tournament.startsAt), until: formatClock(tournament.endsAt) });
  const lastMoment = new Date(new Date(tournament.endsAt).getTime() - 1_000);
  return t('campaign.tournament_period', { from: formatDateDa(tournament.startsAt), until: formatDateDa(lastMoment) });
}

/** A draw's word to the player: drawn and won, drawn and not, in with a ticket, or their rounds toward one. */
export function drawProgressText(
  tournament: Pick<Tournament, 'standing' | 'drawn' | 'rule'>,
  progress: NonNullable<Tournament['progress']>,
  t: Translate,
): string {
  if (tournament.standing) return t('campaign.tournament_draw_won', { amount: formatKr(tournament.standing.prizeOre) });
  if (!progress.qualified)
    return t('campaign.tournament_draw_progress', { rounds: progress.rounds, needed: tournament.rule.minRounds ?? 1 });
  return tournament.drawn ? t('campaign.tournament_draw_not_drawn') : t('campaign.tournament_draw_qualified', { rounds: progress.rounds });
}

/** The prize of each band of places, as the campaign's terms write them. */
export function prizeLines(tournament: Pick<Tournament, 'prizes'>, t: Translate): string[] {
  return tournament.prizes.map((band) =>
    band.fromRank === band.toRank
      ? t('campaign.tournament_prize_band', { from: band.fromRank, amount: formatKr(band.prizeOre) })
      : t('campaign.tournament_prize_band_range', { from: band.fromRank, to: band.toRank, amount: formatKr(band.prizeOre) }),
  );
}

/** The rule in words, with the titles' names. */
export function ruleText(tournament: Pick<Tournament, 'rule'>, gameNames: ReadonlyMap<string, string>, t: Translate): string {
  const games = tournament.rule.gameIds.map((id) => gameNames.get(id) ?? id).join(', ');
  if (tournament.rule.kind === 'draw')
    return t('campaign.tournament_rule_draw', {
      rounds: tournament.rule.minRounds ?? 1,
      games,
      amount: formatKr(tournament.rule.minStakeOre),
    });
  const key = tournament.rule.kind === 'won_hands' ? 'campaign.tournament_rule_won_hands' : 'campaign.tournament_rule_best_multiplier';
  return t(key, { amount: formatKr(tournament.rule.minStakeOre), games });
}

/** A join's refusal: the platform's code → its Danish message key (the error catalogue's), else the general one. */
export function joinRefusalKey(code: string): string {
  return isErrorCode(code) ? messageKeyOf(code) : 'campaign.tournament_join_error';
}
