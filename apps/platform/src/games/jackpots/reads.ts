import { JACKPOTS, JACKPOT_POOLS } from '@krone/games-math';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../shared/db.js';
import type { GameType } from '../catalogue.js';
import { shortName } from '../../shared/short-name.js';

/*
 * What the storefront reads of the jackpots and the new winners (games/jackpots/README.md): the
 * pools with their last hits and feeding titles, the winners' list, and what the streams
 * (feed.ts) read again. Who is shown is decided here, at each read: a player who opted out
 * (`players.winners_opt_out`) is never among the winners and is nameless in a pool's last hits,
 * for their earlier wins too.
 */

/** A pool's hits shown with it, newest first. */
export const LAST_HITS = 5;
export const MAX_WINNERS_PAGE = 100;

export interface JackpotHit {
  poolId: string;
  poolName: string;
  sequence: number;
  amountOre: number;
  gameId: string;
  gameName: string;
  at: string;
  /** "Dorte D."; null: the player opted out of being shown. */
  winner: string | null;
  /** The drop revealed: sha256(`${poolId}|${sequence}|${ore}|${nonce}`) is the hash published before it. */
  drop: { ore: number; nonce: string; hash: string };
}

export interface JackpotPool {
  id: string;
  name: string;
  jackpot: { id: string; name: string; kind: 'network' | 'tiered' };
  tier: 'mini' | 'midi' | 'maxi' | null;
  amountOre: number;
  seedOre: number;
  capOre: number;
  ratePpm: number;
  /** The drop in force: its sequence and the commitment to its value. */
  drop: { sequence: number; hash: string };
  lastHits: JackpotHit[];
  /** The titles in play that feed the pool, by name. */
  games: { id: string; name: string }[];
  gameCount: number;
}

/** A pool as the stream's `pools` event tells it. */
export interface JackpotTick {
  id: string;
  amountOre: number;
  drop: { sequence: number; hash: string };
}

export interface Winner {
  id: number;
  kind: 'win' | 'jackpot';
  gameId: string;
  gameName: string;
  gameType: GameType;
  amountOre: number;
  stakeOre: number;
  /** The pool won (a jackpot); null for a game win. */
  poolName: string | null;
  at: string;
  winner: string;
}

export { shortName };

const iso = (value: string | Date) => new Date(value).toISOString();
/** A text array for `= any(…)`, as the pools' own statements pass one (ids are ours: no commas or braces). */
const textArray = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

interface HitRow {
  pool_id: string;
  pool_name: string;
  drop_seq: number;
  drop_ore: string | number;
  drop_nonce: string;
  drop_hash: string;
  amount_ore: string | number;
  game_id: string;
  game_name: string | null;
  created_at: string | Date;
  first_name: string | null;
  last_name: string | null;
  winners_opt_out: boolean | null;
}

const hitColumns = sql`h.pool_id, p.name as pool_name, h.drop_seq, h.drop_ore, h.drop_nonce, h.drop_hash, h.amount_ore, h.game_id,
  g.name as game_name, h.created_at, pl.first_name, pl.last_name, pl.winners_opt_out`;

function hitOf(row: HitRow): JackpotHit {
  return {
    poolId: row.pool_id,
    poolName: row.pool_name,
    sequence: Number(row.drop_seq),
    amountOre: Number(row.amount_ore),
    gameId: row.game_id,
    gameName: row.game_name ?? row.game_id,
    at: iso(row.created_at),
    winner: row.winners_opt_out === false ? shortName(row.first_name, row.last_name) : null,
    drop: { ore: Number(row.drop_ore), nonce: row.drop_nonce, hash: row.drop_hash },
  };
}

interface WinnerRow {
  id: string | number;
  kind: 'win' | 'jackpot';
  game_id: string;
  game_name: string | null;
  game_type: GameType | null;
  amount_ore: string | number;
  stake_ore: string | number;
  pool_name: string | null;
  created_at: string | Date;
  first_name: string | null;
  last_name: string | null;
  winners_opt_out: boolean | null;
}

const winnerColumns = sql`w.id, w.kind, w.game_id, g.name as game_name, g.game_type, w.amount_ore, w.stake_ore, p.name as pool_name,
  w.created_at, pl.first_name, pl.last_name, pl.winners_opt_out`;
const winnerJoins = sql`left join games g on g.id = w.game_id
  left join jackpot_pools p on w.pool_id <> '' and p.id = w.pool_id
  left join players pl on pl.id = w.player_id`;

/** A row as shown, or null when it may not be shown (the player opted out, or is unknown; a title unknown). */
function winnerOf(row: WinnerRow): Winner | null {
  if (row.winners_opt_out !== false || row.game_name === null || row.game_type === null) return null;
  return {
    id: Number(row.id),
    kind: row.kind,
    gameId: row.game_id,
    gameName: row.game_name,
    gameType: row.game_type,
    amountOre: Number(row.amount_ore),
    stakeOre: Number(row.stake_ore),
    poolName: row.kind === 'jackpot' ? (row.pool_name ?? null) : null,
    at: iso(row.created_at),
    winner: shortName(row.first_name, row.last_name),
  };
}

/** The reads of the jackpots and the winners (no streams): what the routes answer. */
export function createJackpotReads(db: Db) {
  /** The pools in play by position, each with its last hits and the titles in play that feed it. */
  async function pools(): Promise<JackpotPool[]> {
    const [poolRows, feedRows, hitRows] = await Promise.all([
      rowsOf<{
        id: string;
        name: string;
        jackpot: string;
        tier: JackpotPool['tier'];
        seed_ore: string | number;
        cap_ore: string | number;
        amount_ore: string | number;
        drop_seq: number;
        drop_hash: string;
      }>(
        sql`select id, name, jackpot, tier, seed_ore, cap_ore, amount_ore, drop_seq, drop_hash
            from jackpot_pools where withdrawn_at is null order by position, id`,
        db,
      ),
      rowsOf<{ pool_id: string; rate_ppm: number; game_id: string; game_name: string }>(
        sql`select f.pool_id, f.rate_ppm, g.id as game_id, g.name as game_name
            from jackpot_feeds f join games g on g.id = f.game_id and g.withdrawn_at is null and g.disabled_at is null`,
        db,
      ),
      // Each pool's newest hits from its own key (pool, drop sequence): the cost never grows with the hits.
      rowsOf<HitRow>(
        sql`select ${hitColumns}
            from jackpot_pools p
            cross join lateral (select * from jackpot_hits x where x.pool_id = p.id order by x.drop_seq desc limit ${LAST_HITS}) h
            left join games g on g.id = h.game_id
            left join players pl on pl.id = h.player_id
            where p.withdrawn_at is null
            order by h.pool_id, h.drop_seq desc`,
        db,
      ),
    ]);
    return poolRows.map((row) => {
      const definition = JACKPOT_POOLS.find((pool) => pool.id === row.id);
      const jackpot = JACKPOTS.find((entry) => entry.id === row.jackpot);
      const feeds = feedRows.filter((feed) => feed.pool_id === row.id);
      const games = feeds
        .map((feed) => ({ id: feed.game_id, name: feed.game_name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'da') || (a.id < b.id ? -1 : 1));
      return {
        id: row.id,
        name: row.name,
        jackpot: {
          id: row.jackpot,
          name: jackpot?.name ?? row.jackpot,
          kind: jackpot?.kind ?? (row.tier === null ? 'network' : 'tiered'),
        },
        tier: row.tier,
        amountOre: Number(row.amount_ore),
        seedOre: Number(row.seed_ore),
        capOre: Number(row.cap_ore),
        ratePpm: feeds[0]?.rate_ppm ?? definition?.ratePpm ?? 0,
        drop: { sequence: Number(row.drop_seq), hash: row.drop_hash },
        lastHits: hitRows.filter((hit) => hit.pool_id === row.id).map(hitOf),
        games,
        gameCount: games.length,
      };
    });
  }

  /** The pools' amounts and drops in force, by position (the stream's `pools` event). */
  async function ticks(): Promise<JackpotTick[]> {
    const rows = await rowsOf<{ id: string; amount_ore: string | number; drop_seq: number; drop_hash: string }>(
      sql`select id, amount_ore, drop_seq, drop_hash from jackpot_pools where withdrawn_at is null order by position, id`,
      db,
    );
    return rows.map((row) => ({
      id: row.id,
      amountOre: Number(row.amount_ore),
      drop: { sequence: Number(row.drop_seq), hash: row.drop_hash },
    }));
  }

  /** The hits of each pool after the drop sequence given, oldest first. */
  async function hitsAfter(after: Map<string, number>): Promise<JackpotHit[]> {
    if (after.size === 0) return [];
    const ids = [...after.keys()];
    const rows = await rowsOf<HitRow>(
      sql`select ${hitColumns}
          from unnest(${textArray(ids)}::text[], ${textArray(ids.map((id) => after.get(id)!))}::int[]) as k(pool_id, after_seq)
          join jackpot_hits h on h.pool_id = k.pool_id and h.drop_seq > k.after_seq
          join jackpot_pools p on p.id = h.pool_id
          left join games g on g.id = h.game_id
          left join players pl on pl.id = h.player_id
          order by h.created_at, h.pool_id, h.drop_seq`,
      db,
    );
    return rows.map(hitOf);
  }

  /** Each pool's latest hit's drop sequence (0: never hit). */
  async function lastHitSequences(): Promise<Map<string, number>> {
    const rows = await rowsOf<{ id: string; last_seq: number | null }>(
      sql`select p.id, (select max(h.drop_seq) from jackpot_hits h where h.pool_id = p.id) as last_seq from jackpot_pools p`,
      db,
    );
    return new Map(rows.map((row) => [row.id, Number(row.last_seq ?? 0)]));
  }

  /** The newest winners first, before the id given (the next page); players who opted out are never among them. */
  async function winners(query: { limit?: number; before?: number } = {}): Promise<Winner[]> {
    const limit = Math.min(Math.max(1, query.limit ?? 20), MAX_WINNERS_PAGE);
    const rows = await rowsOf<WinnerRow>(
      sql`select ${winnerColumns}
          from game_winners w
          join players pl on pl.id = w.player_id and not pl.winners_opt_out
          join games g on g.id = w.game_id
          left join jackpot_pools p on w.pool_id <> '' and p.id = w.pool_id
          where ${query.before === undefined ? sql`true` : sql`w.id < ${query.before}`}
          order by w.id desc
          limit ${limit}`,
      db,
    );
    return rows.flatMap((row) => winnerOf(row) ?? []);
  }

  /** Winners' rows after `afterId` or among `ids` (a row's commit may come after a later id's), by id; shown or not. */
  async function winnerRows(afterId: number, ids: number[], limit: number) {
    const rows = await rowsOf<WinnerRow>(
      sql`select ${winnerColumns}
          from game_winners w ${winnerJoins}
          where w.id > ${afterId}${ids.length > 0 ? sql` or w.id = any(${textArray(ids)}::bigint[])` : sql``}
          order by w.id
          limit ${limit}`,
      db,
    );
    return rows.map((row) => ({ id: Number(row.id), shown: winnerOf(row) }));
  }

  async function lastWinnerId(): Promise<number> {
    const [row] = await rowsOf<{ id: string | number | null }>(sql`select max(id) as id from game_winners`, db);
    return Number(row?.id ?? 0);
  }

  return { pools, ticks, hitsAfter, lastHitSequences, winners, winnerRows, lastWinnerId };
}

export type JackpotReads = ReturnType<typeof createJackpotReads>;
