import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/db.js';

/** A player's best round under a tournament's rule, for the tournaments context (tournaments/service.ts). */
export interface BestRound {
  playerId: string;
  /** Hundredths of the round's win over its stake (a 500 kr. win on 1 kr.: 50000). */
  points: number;
  /** When the round was played: the first to reach a score ranks above a later equal one. */
  reachedAt: Date;
  gameId: string;
}

/** A text array literal for `$n::…[]` (uuids, ISO instants and our ids: no commas or braces). */
const arrayLiteral = (values: readonly string[]) => `{${values.join(',')}}`;

/**
 * Each entrant's best round (issue 27, the `best_multiplier` rule) from the game rounds: on one of
 * the titles, played at or after the player joined and before the edition's end, a stake of at
 * least `minStakeOre` all of the player's own money (no bonus money staked, not a free round), its
 * win over its stake; the earliest such round of the best score. Rounds that won nothing score
 * nothing: a loss never earns a place. Read from the rounds themselves, so a round rolled back
 * (its stake returned) no longer counts.
 */
export async function bestRounds(
  db: Pick<Db, 'execute'>,
  input: { entries: readonly { playerId: string; since: Date }[]; gameIds: readonly string[]; minStakeOre: number; until: Date },
): Promise<BestRound[]> {
  if (input.entries.length === 0) return [];
  const rows = await rowsOf<{ player_id: string; points: string | number; created_at: string | Date; game_id: string }>(
    sql`
    with entrant (player_id, since) as (
      select * from unnest(${arrayLiteral(input.entries.map((entry) => entry.playerId))}::uuid[],
                           ${arrayLiteral(input.entries.map((entry) => entry.since.toISOString()))}::timestamptz[])
    )
    select distinct on (r.player_id) r.player_id, (r.won_ore * 100 / r.staked_ore)::bigint as points, r.created_at, r.game_id
    from entrant e
    join game_rounds r on r.player_id = e.player_id and r.created_at >= e.since and r.created_at < ${input.until.toISOString()}::timestamptz
    where r.game_id = any(${arrayLiteral(input.gameIds)}::text[])
      and r.staked_ore >= ${input.minStakeOre} and r.bonus_staked_ore = 0 and r.free_round_grant_id is null and r.won_ore > 0
    order by r.player_id, points desc, r.created_at asc
  `,
    db,
  );
  return rows.map((row) => ({
    playerId: row.player_id,
    points: Number(row.points),
    reachedAt: new Date(row.created_at),
    gameId: row.game_id,
  }));
}
