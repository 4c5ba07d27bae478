import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/db.js';

/** A tournament's points rule, as the tournaments context states it (tournaments/definitions.ts). */
export interface ScoreRule {
  kind: 'best_multiplier' | 'won_hands' | 'draw';
  gameIds: readonly string[];
  minStakeOre: number;
}

/** An entrant's score under a rule, for the tournaments context (tournaments/service.ts). */
export interface Score {
  playerId: string;
  /**
   * In hundredths: of the best round's win over its stake (best_multiplier), of points (won_hands:
   * 100 a hand won, 200 a blackjack). A draw's: the qualifying rounds played, whole.
   */
  points: number;
  /** When the score was reached: the first to reach a score ranks above a later equal one. */
  reachedAt: Date;
  /** The title it was reached on. */
  gameId: string;
}

export interface ScoreInput {
  rule: ScoreRule;
  /** The entrants, each from when they joined; a draw has no entry (`everyoneFrom`). */
  entries: readonly { playerId: string; since: Date }[];
  /** A draw: every player's rounds from this instant count (no join). */
  everyoneFrom?: Date;
  until: Date;
}

/** A text array literal for `$n::…[]` (uuids, ISO instants and our ids: no commas or braces). */
const arrayLiteral = (values: readonly string[]) => `{${values.join(',')}}`;

const entrants = (input: ScoreInput) => sql`
  entrant (player_id, since) as (
    select * from unnest(${arrayLiteral(input.entries.map((entry) => entry.playerId))}::uuid[],
                         ${arrayLiteral(input.entries.map((entry) => entry.since.toISOString()))}::timestamptz[])
  )`;

type Row = { player_id: string; points: string | number; reached_at: string | Date; game_id: string };

/**
 * Each entrant's score (issue 27) from the rounds they played at or after joining and before the
 * edition's end, on the rule's titles, read from the rounds themselves (a rolled-back stake no
 * longer counts). Neither rule rewards a loss:
 * - `best_multiplier`: the best single round with a stake of at least `minStakeOre` all of the
 *   player's own money (no bonus money staked, not a free round), its win over its stake; a round
 *   that won nothing scores nothing.
 * - `won_hands`: live blackjack hands (live_hand_results) of rounds the player sat down to with at
 *   least `minStakeOre`: 1 point a hand won, 2 a blackjack, a push or a loss none; the score's time
 *   is the round that brought the player to it.
 * - `draw`: every player's rounds on the rule's tables from `everyoneFrom` (no join) of a total
 *   stake of at least `minStakeOre` (net of a cancelled round's refund), counted.
 */
export async function tournamentScores(db: Pick<Db, 'execute'>, input: ScoreInput): Promise<Score[]> {
  const until = input.until.toISOString();
  const games = arrayLiteral(input.rule.gameIds);
  if (input.rule.kind === 'draw') {
    if (!input.everyoneFrom) return [];
    return (
      await rowsOf<Row>(
        sql`
    select r.player_id, count(*)::bigint as points, max(r.created_at) as reached_at, min(r.game_id) as game_id
    from game_rounds r
    where r.created_at >= ${input.everyoneFrom.toISOString()}::timestamptz and r.created_at < ${until}::timestamptz
      and r.game_id = any(${games}::text[]) and r.staked_ore >= ${input.rule.minStakeOre}
    group by r.player_id`,
        db,
      )
    ).map(scoreOf);
  }
  if (input.entries.length === 0) return [];
  const query =
    input.rule.kind === 'best_multiplier'
      ? sql`
    with ${entrants(input)}
    select distinct on (r.player_id) r.player_id, (r.won_ore * 100 / r.staked_ore)::bigint as points, r.created_at as reached_at, r.game_id
    from entrant e
    join game_rounds r on r.player_id = e.player_id and r.created_at >= e.since and r.created_at < ${until}::timestamptz
    where r.game_id = any(${games}::text[])
      and r.staked_ore >= ${input.rule.minStakeOre} and r.bonus_staked_ore = 0 and r.free_round_grant_id is null and r.won_ore > 0
    order by r.player_id, points desc, r.created_at asc`
      : sql`
    with ${entrants(input)},
    counted as (
      select h.player_id, h.played_at, h.game_id,
        sum((h.won_hands + 2 * h.blackjacks) * 100) over (partition by h.player_id order by h.played_at, h.round_id rows unbounded preceding) as total
      from entrant e
      join live_hand_results h on h.player_id = e.player_id and h.played_at >= e.since and h.played_at < ${until}::timestamptz
      where h.game_id = any(${games}::text[]) and h.base_stake_ore >= ${input.rule.minStakeOre} and h.won_hands + h.blackjacks > 0
    )
    select distinct on (player_id) player_id, total::bigint as points, played_at as reached_at, game_id
    from counted
    order by player_id, total desc, played_at asc`;
  return (await rowsOf<Row>(query, db)).map(scoreOf);
}

const scoreOf = (row: Row): Score => ({
  playerId: row.player_id,
  points: Number(row.points),
  reachedAt: new Date(row.reached_at),
  gameId: row.game_id,
});
