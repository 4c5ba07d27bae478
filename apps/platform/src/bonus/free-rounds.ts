import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { bonusGrants, freeRoundGrants } from './schema.js';

type Runner = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;
export type FreeRoundGrant = typeof freeRoundGrants.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a provider is told of a player's free rounds (the games contract's authenticate and balance). */
export interface FreeRoundsOffer {
  id: string;
  gameIds: string[];
  stakeOre: number;
  roundsTotal: number;
  roundsLeft: number;
  wonOre: number;
  expiresAt: Date;
}

/** What one free round used leaves: the grant's rounds left and what its rounds have paid so far. */
export interface FreeRoundUsed {
  id: string;
  roundsTotal: number;
  roundsLeft: number;
  wonOre: number;
}

const offerOf = (row: FreeRoundGrant): FreeRoundsOffer => ({
  id: row.id,
  gameIds: row.gameIds,
  stakeOre: row.stakeOre,
  roundsTotal: row.roundsTotal,
  roundsLeft: row.roundsTotal - row.roundsUsed,
  wonOre: row.wonOre,
  expiresAt: row.expiresAt,
});

/**
 * Free rounds (issue 27): granted by a free_rounds bonus (bonus/service.ts), played by the
 * provider through the games contract (betAndWin with `freeRoundsId`), each round used once.
 */
export function createFreeRounds(db: Db, clock: () => Date) {
  /**
   * The player's free rounds still to play (rounds left, not expired, not ended), on one title when
   * `gameId` is given, the oldest grant first.
   */
  async function available(playerId: string, gameId?: string, runner: Pick<Db, 'select'> = db): Promise<FreeRoundsOffer[]> {
    const conditions = [
      eq(freeRoundGrants.playerId, playerId),
      isNull(freeRoundGrants.endedAt),
      gt(freeRoundGrants.expiresAt, clock()),
      sql`${freeRoundGrants.roundsUsed} < ${freeRoundGrants.roundsTotal}`,
    ];
    if (gameId !== undefined) conditions.push(sql`${gameId} = any(${freeRoundGrants.gameIds})`);
    const rows = await runner
      .select()
      .from(freeRoundGrants)
      .where(and(...conditions))
      .orderBy(asc(freeRoundGrants.grantedAt));
    return rows.map(offerOf);
  }

  /** Every free-round grant of a bonus grant's (at most one), for the player's offers page. */
  async function ofBonusGrant(bonusGrantId: string, runner: Pick<Db, 'select'> = db) {
    const [row] = await runner.select().from(freeRoundGrants).where(eq(freeRoundGrants.bonusGrantId, bonusGrantId)).limit(1);
    return row ? offerOf(row) : null;
  }

  /**
   * Uses one round of a grant, inside the games contract's round transaction: one UPDATE that
   * holds, under the grant row's lock, that the grant is the player's, open, unexpired, names the
   * title, is played at its stake and has a round left, and counts the round and its win. Two
   * processes using the last round at once: the second finds none left. Refused, it says why
   * (FREE_ROUNDS_NOT_FOUND, FREE_ROUNDS_EXPIRED, FREE_ROUNDS_USED_UP, FREE_ROUND_GAME_NOT_ALLOWED,
   * FREE_ROUND_STAKE_MISMATCH) and the caller's transaction writes nothing.
   */
  async function use(
    tx: Runner,
    input: { freeRoundsId: string; playerId: string; gameId: string; stakeOre: number; winOre: number },
  ): Promise<FreeRoundUsed> {
    if (!UUID.test(input.freeRoundsId)) throw fail('FREE_ROUNDS_NOT_FOUND');
    const now = clock();
    const [used] = await tx
      .update(freeRoundGrants)
      .set({
        roundsUsed: sql`${freeRoundGrants.roundsUsed} + 1`,
        wonOre: sql`${freeRoundGrants.wonOre} + ${input.winOre}`,
      })
      .where(
        and(
          eq(freeRoundGrants.id, input.freeRoundsId),
          eq(freeRoundGrants.playerId, input.playerId),
          isNull(freeRoundGrants.endedAt),
          gt(freeRoundGrants.expiresAt, now),
          sql`${input.gameId} = any(${freeRoundGrants.gameIds})`,
          eq(freeRoundGrants.stakeOre, input.stakeOre),
          sql`${freeRoundGrants.roundsUsed} < ${freeRoundGrants.roundsTotal}`,
          // The bonus that granted them is still open (a withdrawal or expiry ends both together).
          sql`exists (select 1 from ${bonusGrants} b where b.id = ${freeRoundGrants.bonusGrantId} and b.ended_at is null)`,
        ),
      )
      .returning();
    if (used) return { id: used.id, roundsTotal: used.roundsTotal, roundsLeft: used.roundsTotal - used.roundsUsed, wonOre: used.wonOre };
    const [row] = await tx.select().from(freeRoundGrants).where(eq(freeRoundGrants.id, input.freeRoundsId)).limit(1);
    if (!row || row.playerId !== input.playerId) throw fail('FREE_ROUNDS_NOT_FOUND');
    if (!row.gameIds.includes(input.gameId)) throw fail('FREE_ROUND_GAME_NOT_ALLOWED');
    if (row.stakeOre !== input.stakeOre) throw fail('FREE_ROUND_STAKE_MISMATCH', { stakeOre: row.stakeOre });
    if (row.roundsUsed >= row.roundsTotal) throw fail('FREE_ROUNDS_USED_UP');
    throw fail('FREE_ROUNDS_EXPIRED');
  }

  /** Ends a bonus grant's free rounds with it (forfeited, expired or converted): no round of them can be played after. */
  async function endWith(tx: Runner, bonusGrantId: string, at: Date) {
    await tx
      .update(freeRoundGrants)
      .set({ endedAt: at })
      .where(and(eq(freeRoundGrants.bonusGrantId, bonusGrantId), isNull(freeRoundGrants.endedAt)));
  }

  /** The rounds a bonus grant's free rounds still have to play, as they stand in the caller's transaction (0 without any). */
  async function roundsLeftOf(tx: Pick<Db, 'select'>, bonusGrantId: string) {
    const [row] = await tx
      .select({ left: sql<number>`${freeRoundGrants.roundsTotal} - ${freeRoundGrants.roundsUsed}` })
      .from(freeRoundGrants)
      .where(and(eq(freeRoundGrants.bonusGrantId, bonusGrantId), isNull(freeRoundGrants.endedAt)))
      .limit(1);
    return Number(row?.left ?? 0);
  }

  return { available, ofBonusGrant, use, endWith, roundsLeftOf };
}

export type FreeRounds = ReturnType<typeof createFreeRounds>;
