import { addIsoDays, copenhagenDayStart, copenhagenIsoDate } from '@krone/domain';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The Danish cap on a bonus's value (danish-rules.md): a tournament prize is money the operator
 * gives, a bonus in law, so no single prize is more than 1.000 kr. (Paid without wagering: the
 * other caps, at most 10 × wagering and at least 60 days, hold trivially.)
 */
export const MAX_PRIZE_ORE = 100_000;

const slug = z.string().regex(/^[a-z0-9-]{2,80}$/);
const prizeBand = z
  .object({ fromRank: z.number().int().min(1), toRank: z.number().int().min(1), prizeOre: z.number().int().min(1).max(MAX_PRIZE_ORE) })
  .refine((band) => band.toRank >= band.fromRank, 'toRank before fromRank');

/**
 * A points rule (stated in the campaign's terms), computed from real rounds only; none rewards
 * losing money (issue 27; games/tournament-scores.ts):
 * - `best_multiplier`: a player's best single round on the named titles at a stake of at least
 *   `minStakeOre`, own money only (no bonus money, no free rounds), as its win over its stake;
 *   points are hundredths of that multiple (a 500 kr. win on 1 kr. is 50000: "500 point").
 * - `won_hands`: live blackjack hands on the named tables, of rounds sat down to with at least
 *   `minStakeOre`: 1 point a hand won, 2 a blackjack (in hundredths, as above).
 * - `draw`: a prize draw, no join and no ranking by play: every player with at least `minRounds`
 *   rounds on the named tables in the edition's window, each of a total stake of at least
 *   `minStakeOre`, has one ticket however much more they play; at the end the places are drawn by
 *   the CSPRNG among them. Points are the qualifying rounds played (whole rounds, not hundredths).
 */
const rule = z.object({
  kind: z.enum(['best_multiplier', 'won_hands', 'draw']),
  gameIds: z.array(slug).min(1).max(50),
  minStakeOre: z.number().int().min(1),
  minRounds: z.number().int().min(1).max(1000).optional(),
});

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

const definition = z
  .object({
    slug,
    /** The campaign page (/kampagner/{slug}) that states the terms. */
    campaignSlug: slug,
    /** Each edition is a calendar month in Copenhagen time ("2026-11"), or an ISO week ("2026-W48"). */
    recurrence: z.enum(['monthly', 'weekly']),
    /** The first edition run. */
    firstEdition: z.string(),
    /** The last edition run (none: it recurs on). */
    lastEdition: z.string().optional(),
    /**
     * A weekly edition played on one evening only (Torsdagsroulette: Thursday 19:00-22:00): the
     * ISO weekday (1 Monday … 7 Sunday) and the Copenhagen wall-clock times it runs from and to.
     */
    window: z.object({ weekday: z.number().int().min(1).max(7), from: clockTime, to: clockTime }).optional(),
    rule,
    prizes: z.array(prizeBand).min(1).max(20),
  })
  .superRefine((value, context) => {
    let next = 1;
    for (const band of value.prizes) {
      if (band.fromRank !== next)
        context.addIssue({ code: 'custom', message: `prize bands must follow each other from rank 1 (${value.slug})` });
      next = band.toRank + 1;
    }
    if (!editionWindow(value.recurrence, value.firstEdition))
      context.addIssue({ code: 'custom', message: `bad firstEdition ${value.firstEdition}` });
    if ((value.rule.kind === 'draw') !== (value.rule.minRounds !== undefined))
      context.addIssue({ code: 'custom', message: `a draw, and only a draw, states its minRounds (${value.slug})` });
    if (value.window && (value.recurrence !== 'weekly' || value.window.from >= value.window.to))
      context.addIssue({ code: 'custom', message: `a window is an evening of a weekly edition, from before to (${value.slug})` });
  });

export type TournamentDefinition = z.infer<typeof definition>;
export type TournamentRule = TournamentDefinition['rule'];

export function parseTournaments(input: unknown): TournamentDefinition[] {
  const list = z.array(definition).parse(input);
  const slugs = new Set(list.map((entry) => entry.slug));
  if (slugs.size !== list.length) throw new Error('tournaments.json: a slug twice');
  return list;
}

export interface EditionWindow {
  edition: string;
  startsAt: Date;
  endsAt: Date;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The Monday (ISO date) of ISO week `week` of `year`. */
function mondayOfIsoWeek(year: number, week: number): string {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const weekday = jan4.getUTCDay() || 7;
  const monday = new Date(jan4.getTime() - (weekday - 1) * 86_400_000 + (week - 1) * 7 * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

/** The ISO week ("2026-W48") an ISO date falls in. */
function isoWeekOf(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const weekday = date.getUTCDay() || 7;
  const thursday = new Date(date.getTime() + (4 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.ceil(((thursday.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${pad(week)}`;
}

/** An edition's window in Copenhagen time: from its first day's midnight to the next edition's; null for a malformed edition. */
export function editionWindow(recurrence: TournamentDefinition['recurrence'], edition: string): EditionWindow | null {
  if (recurrence === 'monthly') {
    const match = /^(\d{4})-(\d{2})$/.exec(edition);
    if (!match) return null;
    const year = Number(match[1]);
    const month = Number(match[2]);
    if (month < 1 || month > 12) return null;
    const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
    const startsAt = copenhagenDayStart(`${year}-${pad(month)}-01`);
    const endsAt = copenhagenDayStart(next);
    return startsAt && endsAt ? { edition, startsAt, endsAt } : null;
  }
  const match = /^(\d{4})-W(\d{2})$/.exec(edition);
  if (!match) return null;
  const week = Number(match[2]);
  if (week < 1 || week > 53) return null;
  const monday = mondayOfIsoWeek(Number(match[1]), week);
  if (isoWeekOf(monday) !== edition) return null;
  const startsAt = copenhagenDayStart(monday);
  const endsAt = copenhagenDayStart(addIsoDays(monday, 7));
  return startsAt && endsAt ? { edition, startsAt, endsAt } : null;
}

/** The edition running at an instant (whether or not the tournament has begun or ended its run). */
export function editionAt(recurrence: TournamentDefinition['recurrence'], at: Date): EditionWindow {
  const today = copenhagenIsoDate(at);
  const edition = recurrence === 'monthly' ? today.slice(0, 7) : isoWeekOf(today);
  return editionWindow(recurrence, edition)!;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * An edition of a tournament as it is played: its calendar period, or within it the tournament's
 * window (its weekday from `from` to `to`, Copenhagen time; summer time changes on a Sunday
 * night, so a weekday evening is the day's start plus its wall-clock minutes). Null: no edition.
 */
export function editionOf(tournament: Pick<TournamentDefinition, 'recurrence' | 'window'>, edition: string): EditionWindow | null {
  const period = editionWindow(tournament.recurrence, edition);
  if (!period || !tournament.window) return period;
  const day = copenhagenDayStart(addIsoDays(copenhagenIsoDate(period.startsAt), tournament.window.weekday - 1))!;
  return {
    edition,
    startsAt: new Date(day.getTime() + minutesOf(tournament.window.from) * 60_000),
    endsAt: new Date(day.getTime() + minutesOf(tournament.window.to) * 60_000),
  };
}

/** The edition of the calendar period an instant falls in, as played (its window, if any). */
export const editionOfPeriodAt = (tournament: Pick<TournamentDefinition, 'recurrence' | 'window'>, at: Date): EditionWindow =>
  editionOf(tournament, editionAt(tournament.recurrence, at).edition)!;

/** Whether the tournament runs an edition (within its first and last). */
export function runsEdition(tournament: TournamentDefinition, edition: EditionWindow): boolean {
  const first = editionOf(tournament, tournament.firstEdition)!;
  const last = tournament.lastEdition ? editionOf(tournament, tournament.lastEdition) : null;
  return edition.startsAt >= first.startsAt && (!last || edition.startsAt <= last.startsAt);
}

/** The editions a tournament ran that have ended by `at` (their window over), newest first, at most `limit`. */
export function endedEditions(tournament: TournamentDefinition, at: Date, limit: number): EditionWindow[] {
  const result: EditionWindow[] = [];
  let current = editionOfPeriodAt(tournament, at);
  if (current.endsAt <= at && runsEdition(tournament, current)) result.push(current);
  for (let i = 0; i < limit + 1 && result.length < limit; i += 1) {
    const period = editionWindow(tournament.recurrence, current.edition)!;
    const previousDay = copenhagenIsoDate(new Date(period.startsAt.getTime() - 3_600_000));
    const previous = editionOfPeriodAt(tournament, copenhagenDayStart(previousDay)!);
    if (!runsEdition(tournament, previous)) break;
    result.push(previous);
    current = previous;
  }
  return result;
}

/** The prize for a rank (øre), 0 for none. */
export function prizeFor(tournament: TournamentDefinition, rank: number): number {
  return tournament.prizes.find((band) => rank >= band.fromRank && rank <= band.toRank)?.prizeOre ?? 0;
}

/** The places paid and the whole pool. */
export function prizePool(tournament: TournamentDefinition) {
  return tournament.prizes.reduce(
    (sum, band) => ({
      places: sum.places + band.toRank - band.fromRank + 1,
      totalOre: sum.totalOre + (band.toRank - band.fromRank + 1) * band.prizeOre,
    }),
    { places: 0, totalOre: 0 },
  );
}

/** The operator's tournaments (tournaments.json), checked when the platform starts. */
export const TOURNAMENTS: readonly TournamentDefinition[] = parseTournaments(
  JSON.parse(readFileSync(new URL('./tournaments.json', import.meta.url), 'utf8')),
);
