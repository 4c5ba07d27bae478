import { sql } from 'drizzle-orm';
import {
  CryptoRng,
  dropCommitment,
  dropNonce,
  drawDropValue,
  JACKPOT_POOLS,
  jackpotFeeds,
  splitStake,
  type JackpotPoolDef,
  type Rng,
} from '@krone/games-math';
import type { Db } from '../../db/client.js';
import { lockUntilCommit, rowsOf } from '../../shared/db.js';
import { fail } from '../../shared/errors.js';
import { jackpotAccountKind, type TransferEntry, type WalletService } from '../../wallet/service.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Pick<Db, 'execute'>;

/** NOTIFY channels (delivered at commit): a pool changed (payload: its id); a new winner (payload: the game_winners id). */
export const JACKPOTS_CHANNEL = 'krone_jackpots';
export const WINNERS_CHANNEL = 'krone_winners';

/** The ledger keys of a pool's seed and hit, per drop: unique, so no drop is seeded or paid twice. */
export const seedKey = (poolId: string, sequence: number) => `jackpot:seed:${poolId}:${sequence}`;
export const hitKey = (poolId: string, sequence: number) => `jackpot:hit:${poolId}:${sequence}`;

/** A feeding title's pool and rate (jackpot_feeds). */
export interface Feed {
  poolId: string;
  ratePpm: number;
}

/** A pool's row as a stake reads it under its lock. */
interface LockedPool {
  id: string;
  name: string;
  account_id: string;
  amount_ore: string | number;
  carry_micro: string | number;
  seed_ore: string | number;
  cap_ore: string | number;
  /** A changed definition's terms, from the next drop (null: none waiting). */
  next_seed_ore: string | number | null;
  next_cap_ore: string | number | null;
  drop_seq: number;
  drop_ore: string | number;
  drop_nonce: string;
  drop_hash: string;
}

/** A stake's part for one pool, before its transfer. */
export interface StakePart {
  pool: LockedPool;
  ratePpm: number;
  micro: number;
  ore: number;
  carryMicro: number;
}

/** A pool won by a stake: what the player was paid (the game contract's answer names it). */
export interface JackpotWin {
  poolId: string;
  poolName: string;
  amountOre: number;
}

export interface JackpotsDeps {
  db: Db;
  clock: () => Date;
  wallet: Pick<WalletService, 'systemAccount' | 'transfer'>;
  /** The must-drop values' source: the CSPRNG (tests may give another). */
  rng?: Rng;
}

/** A drop for a pool: the value drawn from the CSPRNG, its nonce and its commitment. */
function newDrop(rng: Rng, pool: Pick<JackpotPoolDef, 'id' | 'seedOre' | 'capOre'>, sequence: number) {
  const value = drawDropValue(rng, pool);
  const nonce = dropNonce();
  return { sequence, value, nonce, hash: dropCommitment(pool.id, sequence, value, nonce) };
}

/**
 * The progressive jackpots' money (games/jackpots/README.md): the pools and their feeds from the
 * maths' definitions at start-up (each new pool seeded by the house), a feeding stake's split and
 * the hit it may make, inside the bet's own transaction.
 */
export function createJackpots({ db, clock, wallet, rng = new CryptoRng() }: JackpotsDeps) {
  /** Feeds never change but at a sync: kept per title (bounded). */
  const feedCache = new Map<string, Feed[]>();

  async function feedsOf(gameId: string): Promise<Feed[]> {
    const known = feedCache.get(gameId);
    if (known) return known;
    const rows = await rowsOf<{ pool_id: string; rate_ppm: number }>(
      sql`select f.pool_id, f.rate_ppm from jackpot_feeds f join jackpot_pools p on p.id = f.pool_id
          where f.game_id = ${gameId} and p.withdrawn_at is null order by f.pool_id`,
      db,
    );
    const feeds = rows.map((row) => ({ poolId: row.pool_id, ratePpm: Number(row.rate_ppm) }));
    if (feedCache.size >= 10_000) feedCache.clear();
    feedCache.set(gameId, feeds);
    return feeds;
  }

  /**
   * The pools and their feeds from the definitions (start-up, under an advisory lock: processes
   * starting together): a new pool gets its ledger account, its first drop and the house's seed
   * (its own transfer); a pool no longer defined is withdrawn (no title feeds it; its money
   * stays); the feeds are the slot titles' of `titles` that are in the catalogue.
   */
  async function sync(titles: readonly { id: string; name: string; theme?: { motif: string } }[]) {
    const slots = titles.filter((title): title is { id: string; name: string; theme: { motif: string } } => !!title.theme?.motif);
    const wanted = jackpotFeeds(slots);
    const now = clock();
    const result = await db.transaction(async (tx) => {
      await lockUntilCommit(tx, 'jackpot-sync');
      let seeded = 0;
      for (const pool of JACKPOT_POOLS) {
        const [known] = await rowsOf<{ seed_ore: string | number; cap_ore: string | number }>(
          sql`select seed_ore, cap_ore from jackpot_pools where id = ${pool.id} for update`,
          tx,
        );
        if (known) {
          // A changed seed or cap waits for the next drop (the one in force was committed within the
          // old terms); back to the terms in force, nothing waits.
          const changed = Number(known.seed_ore) !== pool.seedOre || Number(known.cap_ore) !== pool.capOre;
          await tx.execute(sql`update jackpot_pools set name = ${pool.name}, jackpot = ${pool.jackpot}, tier = ${pool.tier},
            position = ${pool.position}, withdrawn_at = null, next_seed_ore = ${changed ? pool.seedOre : null},
            next_cap_ore = ${changed ? pool.capOre : null}, updated_at = ${now.toISOString()}::timestamptz where id = ${pool.id}`);
          continue;
        }
        const accountId = await wallet.systemAccount(jackpotAccountKind(pool.id), tx);
        const drop = newDrop(rng, pool, 1);
        await tx.execute(sql`insert into jackpot_pools (id, name, jackpot, tier, position, seed_ore, cap_ore, account_id, amount_ore,
            carry_micro, drop_seq, drop_ore, drop_nonce, drop_hash, drop_drawn_at, created_at, updated_at)
          values (${pool.id}, ${pool.name}, ${pool.jackpot}, ${pool.tier}, ${pool.position}, ${pool.seedOre}, ${pool.capOre},
            ${accountId}::uuid, 0, 0, 1, ${drop.value}, ${drop.nonce}, ${drop.hash}, ${now.toISOString()}::timestamptz,
            ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`);
        await seed(tx, { id: pool.id, account_id: accountId, seed_ore: pool.seedOre }, 1, now);
        seeded++;
      }
      const ids = JACKPOT_POOLS.map((pool) => pool.id);
      await tx.execute(sql`update jackpot_pools set withdrawn_at = ${now.toISOString()}::timestamptz
        where withdrawn_at is null and not (id = any(${`{${ids.join(',')}}`}::text[]))`);
      // The feeds: those wanted whose title is in the catalogue, exactly.
      const games = new Set(
        (
          await rowsOf<{ id: string }>(
            sql`select id from games where id = any(${`{${[...new Set(wanted.map((feed) => feed.gameId))].join(',')}}`}::text[])`,
            tx,
          )
        ).map((row) => row.id),
      );
      const feeds = wanted.filter((feed) => games.has(feed.gameId));
      // Only the given titles' feeds are managed here (a suite's or another sync's titles keep theirs).
      const given = `{${slots.map((title) => title.id).join(',')}}`;
      const have = await rowsOf<{ game_id: string; pool_id: string; rate_ppm: number }>(
        sql`select game_id, pool_id, rate_ppm from jackpot_feeds where game_id = any(${given}::text[])`,
        tx,
      );
      const text = (rows: { gameId: string; poolId: string; ratePpm: number }[]) =>
        rows
          .map((row) => `${row.gameId}|${row.poolId}|${row.ratePpm}`)
          .sort()
          .join('\n');
      const changed =
        text(feeds) !== text(have.map((row) => ({ gameId: row.game_id, poolId: row.pool_id, ratePpm: Number(row.rate_ppm) })));
      if (changed) {
        await tx.execute(sql`delete from jackpot_feeds where game_id = any(${given}::text[])`);
        for (let i = 0; i < feeds.length; i += 500) {
          const chunk = feeds.slice(i, i + 500);
          await tx.execute(sql`insert into jackpot_feeds (game_id, pool_id, rate_ppm)
            select * from unnest(${`{${chunk.map((feed) => feed.gameId).join(',')}}`}::text[],
              ${`{${chunk.map((feed) => feed.poolId).join(',')}}`}::text[], ${`{${chunk.map((feed) => feed.ratePpm).join(',')}}`}::integer[])`);
        }
      }
      if (seeded > 0 || changed) await notifyPool(tx, '*');
      return { seeded, feeds: feeds.length, feedsChanged: changed };
    });
    feedCache.clear();
    return result;
  }

  /** The house puts a pool's seed in (its own transfer), for the drop `sequence`. */
  async function seed(tx: Tx, pool: { id: string; account_id: string; seed_ore: string | number }, sequence: number, at: Date) {
    const amount = Number(pool.seed_ore);
    const house = await wallet.systemAccount('house', tx);
    const transfer = await wallet.transfer(
      {
        idempotencyKey: seedKey(pool.id, sequence),
        kind: 'jackpot_seed',
        entries: [
          { accountId: pool.account_id, amountOre: amount },
          { accountId: house, amountOre: -amount },
        ],
        reference: { poolId: pool.id, dropSeq: String(sequence) },
      },
      tx,
    );
    await tx.execute(sql`insert into jackpot_seeds (pool_id, drop_seq, amount_ore, transfer_id, created_at)
      values (${pool.id}, ${sequence}, ${amount}, ${transfer.transferId}::uuid, ${at.toISOString()}::timestamptz)`);
    await tx.execute(sql`update jackpot_pools set amount_ore = amount_ore + ${amount} where id = ${pool.id}`);
    return transfer.transferId;
  }

  const notifyPool = (runner: Runner, poolId: string) => runner.execute(sql`select pg_notify(${JACKPOTS_CHANNEL}, ${poolId})`);

  /**
   * A feeding stake's parts, its pools locked (in id order, after the player's balance rows, as
   * every stake takes them: no two stakes wait on each other in a circle) until the bet's
   * transaction ends: what each pool gets in whole øre, the fraction carried on. The caller puts
   * the parts into the bet's transfer, then calls `settleStake`.
   */
  async function splitIn(tx: Tx, feeds: readonly Feed[], stakeOre: number): Promise<StakePart[]> {
    if (feeds.length === 0) return [];
    const pools = await rowsOf<LockedPool>(
      sql`select id, name, account_id, amount_ore, carry_micro, seed_ore, cap_ore, next_seed_ore, next_cap_ore, drop_seq, drop_ore, drop_nonce, drop_hash
          from jackpot_pools where id = any(${`{${feeds.map((feed) => feed.poolId).join(',')}}`}::text[]) and withdrawn_at is null
          order by id for update`,
      tx,
    );
    return pools.map((pool) => {
      const ratePpm = feeds.find((feed) => feed.poolId === pool.id)!.ratePpm;
      return { pool, ratePpm, ...splitStake(stakeOre, ratePpm, Number(pool.carry_micro)) };
    });
  }

  /** The bet's transfer's entries with the pools' parts taken from the games account's. */
  function withParts(entries: TransferEntry[], gamesAccountId: string, parts: readonly StakePart[]): TransferEntry[] {
    const total = parts.reduce((sum, part) => sum + part.ore, 0);
    if (total === 0) return entries;
    const out = entries
      .map((entry) => (entry.accountId === gamesAccountId ? { ...entry, amountOre: entry.amountOre - total } : entry))
      .filter((entry) => entry.amountOre !== 0);
    for (const part of parts) if (part.ore > 0) out.push({ accountId: part.pool.account_id, amountOre: part.ore });
    return out;
  }

  /**
   * After the bet's transfer (same transaction): each pool's amount and carry, the contributions,
   * and a hit where the amount reached the drop: the whole pool paid to the player's cash (its own
   * transfer, key per drop), the house's seed for the next drop and a new drop drawn and committed,
   * the hit and the winner recorded. Answers the pools won.
   */
  async function settleStake(
    tx: Tx,
    parts: readonly StakePart[],
    bet: {
      providerId: string;
      transactionId: string;
      roundId: string;
      sessionId: string;
      gameId: string;
      gameSessionReference: Record<string, string>;
      playerId: string;
      stakeOre: number;
      transferId: string;
      cashAccountId: string;
    },
  ): Promise<JackpotWin[]> {
    const at = clock();
    const wins: JackpotWin[] = [];
    for (const part of parts) {
      const { pool } = part;
      const amount = Number(pool.amount_ore) + part.ore;
      await tx.execute(sql`insert into jackpot_contributions (provider_id, transaction_id, pool_id, round_id, game_id, player_id,
          stake_ore, micro, amount_ore, transfer_id, created_at)
        values (${bet.providerId}, ${bet.transactionId}, ${pool.id}, ${bet.roundId}, ${bet.gameId}, ${bet.playerId}::uuid,
          ${bet.stakeOre}, ${part.micro}, ${part.ore}, ${bet.transferId}::uuid, ${at.toISOString()}::timestamptz)`);
      if (amount < Number(pool.drop_ore)) {
        await tx.execute(sql`update jackpot_pools set amount_ore = ${amount}, carry_micro = ${part.carryMicro},
          updated_at = ${at.toISOString()}::timestamptz where id = ${pool.id}`);
        await notifyPool(tx, pool.id);
        continue;
      }
      // The hit: this stake took the pool to its drop value.
      const sequence = pool.drop_seq;
      const paid = await wallet.transfer(
        {
          idempotencyKey: hitKey(pool.id, sequence),
          kind: 'jackpot_win',
          entries: [
            { accountId: bet.cashAccountId, amountOre: amount },
            { accountId: pool.account_id, amountOre: -amount },
          ],
          reference: { ...bet.gameSessionReference, poolId: pool.id, dropSeq: String(sequence) },
        },
        tx,
      );
      await tx.execute(sql`insert into jackpot_hits (pool_id, drop_seq, drop_ore, drop_nonce, drop_hash, provider_id, round_id,
          transaction_id, session_id, game_id, player_id, amount_ore, transfer_id, created_at)
        values (${pool.id}, ${sequence}, ${Number(pool.drop_ore)}, ${pool.drop_nonce}, ${pool.drop_hash}, ${bet.providerId},
          ${bet.roundId}, ${bet.transactionId}, ${bet.sessionId}::uuid, ${bet.gameId}, ${bet.playerId}::uuid, ${amount},
          ${paid.transferId}::uuid, ${at.toISOString()}::timestamptz)`);
      // The next drop on the pool's terms: those waiting since a changed definition, else the ones in force.
      const seedOre = Number(pool.next_seed_ore ?? pool.seed_ore);
      const capOre = Number(pool.next_cap_ore ?? pool.cap_ore);
      const next = newDrop(rng, { id: pool.id, seedOre, capOre }, sequence + 1);
      await tx.execute(sql`update jackpot_pools set amount_ore = 0, carry_micro = ${part.carryMicro}, seed_ore = ${seedOre},
          cap_ore = ${capOre}, next_seed_ore = null, next_cap_ore = null, drop_seq = ${next.sequence},
          drop_ore = ${next.value}, drop_nonce = ${next.nonce}, drop_hash = ${next.hash}, drop_drawn_at = ${at.toISOString()}::timestamptz,
          updated_at = ${at.toISOString()}::timestamptz where id = ${pool.id}`);
      await seed(tx, { ...pool, seed_ore: seedOre }, next.sequence, at);
      await recordWinner(tx, {
        kind: 'jackpot',
        providerId: bet.providerId,
        roundId: bet.roundId,
        poolId: pool.id,
        gameId: bet.gameId,
        playerId: bet.playerId,
        stakeOre: bet.stakeOre,
        amountOre: amount,
        at,
      });
      await notifyPool(tx, pool.id);
      wins.push({ poolId: pool.id, poolName: pool.name, amountOre: amount });
    }
    return wins;
  }

  /**
   * Test hook (JACKPOT_TEST_HOOKS, never in production): the drop in force set to `dropOre` (within
   * the pool's seed and cap), with a new nonce and commitment, so a test can force a hit.
   */
  async function forceDrop(poolId: string, dropOre: number): Promise<{ sequence: number; hash: string }> {
    if (!Number.isSafeInteger(dropOre)) throw fail('INVALID_INPUT');
    return db.transaction(async (tx) => {
      const [pool] = await rowsOf<{ seed_ore: string; cap_ore: string; drop_seq: number }>(
        sql`select seed_ore, cap_ore, drop_seq from jackpot_pools where id = ${poolId} and withdrawn_at is null for update`,
        tx,
      );
      if (!pool) throw fail('JACKPOT_NOT_FOUND');
      if (dropOre < Number(pool.seed_ore) || dropOre > Number(pool.cap_ore)) throw fail('INVALID_INPUT');
      const nonce = dropNonce();
      const hash = dropCommitment(poolId, pool.drop_seq, dropOre, nonce);
      await tx.execute(sql`update jackpot_pools set drop_ore = ${dropOre}, drop_nonce = ${nonce}, drop_hash = ${hash},
        drop_drawn_at = ${clock().toISOString()}::timestamptz where id = ${poolId}`);
      await notifyPool(tx, poolId);
      return { sequence: pool.drop_seq, hash };
    });
  }

  return { sync, feedsOf, splitIn, withParts, settleStake, forceDrop };
}

export type Jackpots = ReturnType<typeof createJackpots>;

/** What counts as a big win for the new winners (config WINNERS_MIN_ORE, WINNERS_MIN_MULTIPLE): at least max(min, multiple × stake). */
export interface BigWinRule {
  minOre: number;
  minMultiple: number;
}

export const DEFAULT_BIG_WIN: BigWinRule = { minOre: 50_000, minMultiple: 50 };

/** A winner into the outbox (once per round, kind and pool: a second time writes nothing), announced at commit. */
export async function recordWinner(
  runner: Runner,
  winner: {
    kind: 'win' | 'jackpot';
    providerId: string;
    roundId: string;
    poolId: string;
    gameId: string;
    playerId: string;
    stakeOre: number;
    amountOre: number;
    at: Date;
  },
) {
  await runner.execute(sql`with w as (
      insert into game_winners (kind, provider_id, round_id, pool_id, game_id, player_id, stake_ore, amount_ore, created_at)
      values (${winner.kind}, ${winner.providerId}, ${winner.roundId}, ${winner.poolId}, ${winner.gameId}, ${winner.playerId}::uuid,
        ${winner.stakeOre}, ${winner.amountOre}, ${winner.at.toISOString()}::timestamptz)
      on conflict do nothing returning id)
    select pg_notify(${WINNERS_CHANNEL}, id::text) from w`);
}

/**
 * A round that has just ended, into the new winners when its game win is big (at least
 * max(min, multiple × its stake)): read from its row in the caller's transaction.
 */
export async function recordBigWinOfRound(runner: Runner, providerId: string, roundId: string, rule: BigWinRule, at: Date) {
  await runner.execute(sql`with w as (
      insert into game_winners (kind, provider_id, round_id, pool_id, game_id, player_id, stake_ore, amount_ore, created_at)
      select 'win', g.provider_id, g.round_id, '', g.game_id, g.player_id, g.staked_ore, g.won_ore, ${at.toISOString()}::timestamptz
      from game_rounds g
      where g.provider_id = ${providerId} and g.round_id = ${roundId} and g.ended_at is not null and g.won_ore > 0
        and g.won_ore >= greatest(${rule.minOre}::bigint, ${rule.minMultiple}::bigint * g.staked_ore)
      on conflict do nothing returning id)
    select pg_notify(${WINNERS_CHANNEL}, id::text) from w`);
}

/**
 * The pools and feeds at start-up (server.ts, the test harness), after the catalogue's sync: the
 * pools of the maths' definitions, each new one seeded by the house, and the feeds of `titles`.
 */
export async function syncJackpotPools(
  db: Db,
  wallet: Pick<WalletService, 'systemAccount' | 'transfer'>,
  titles: readonly { id: string; name: string; theme?: { motif: string } }[],
) {
  return createJackpots({ db, clock: () => new Date(), wallet }).sync(titles);
}
