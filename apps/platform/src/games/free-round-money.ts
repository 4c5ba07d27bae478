import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import type { WalletService } from '../wallet/service.js';
import { ledgerKey, requestHash, type BetAndWinAnswer, type BetAndWinRequest } from './contract.js';
import { recordBigWinOfRound, type BigWinRule } from './jackpots/pools.js';
import type { Accounts, createRoundMoney, Tx } from './round-money.js';
import { gameRounds, gameTransactions } from './schema.js';
import type { GameSession } from './sessions.js';
import { assertProviderOpen, exposureDay, recordTakings } from './win-bounds.js';

/** What one free round used leaves of its grant (the bonus context's answer). */
export interface FreeRoundUse {
  id: string;
  roundsTotal: number;
  roundsLeft: number;
  wonOre: number;
}

/** A whole round played as a free round: betAndWin naming the grant whose round it uses. */
export type FreeRoundRequest = BetAndWinRequest & { freeRoundsId: string };
export type FreeRoundAnswer = BetAndWinAnswer & { freeRounds: FreeRoundUse };

/** The bonus context's free rounds, as the games contract uses them (app.ts gives them). */
export interface FreeRoundsPort {
  /** The player's free rounds to play on a title (rounds left, unexpired), for the provider. */
  available: (
    playerId: string,
    gameId: string,
  ) => Promise<
    { id: string; gameIds: string[]; stakeOre: number; roundsTotal: number; roundsLeft: number; wonOre: number; expiresAt: Date }[]
  >;
  /** Uses one round of a grant inside the round's transaction, or refuses (FREE_ROUND… codes). */
  use: (
    tx: Tx,
    input: { freeRoundsId: string; playerId: string; gameId: string; stakeOre: number; winOre: number },
  ) => Promise<FreeRoundUse>;
}

export interface FreeRoundMoneyDeps {
  db: Db;
  clock: () => Date;
  wallet: Pick<WalletService, 'systemAccount' | 'transfer'>;
  freeRounds: FreeRoundsPort;
  money: ReturnType<typeof createRoundMoney>;
  sessionOf: (providerId: string, sessionId: string, runner?: Pick<Db, 'select'>) => Promise<GameSession>;
  isEnded: (session: GameSession) => boolean;
  accountsOf: (providerId: string, playerId: string) => Promise<Accounts>;
  /** The players context's refusal of a locked player (the sessions of one found locked end, as at a bet). */
  assertAccountOpen: (playerId: string) => Promise<void>;
  bigWin: BigWinRule;
}

/**
 * A free round (issue 27; games/README.md "Free rounds"): betAndWin with `freeRoundsId`. One
 * database transaction under the round's lock, as every betAndWin: the grant's round used (the
 * bonus context's one UPDATE: the player's grant, open, on the title, at its stake, a round left),
 * the stake paid by the house's bonus cost to the provider's games account (kind bet; the player
 * pays nothing, so it counts toward no wagering), the win paid from the games account into the
 * player's bonus balance whole (kind win), bounded as any win (the title's largest win × the
 * grant's stake, the provider's day), the round ended when asked. Idempotent by the transaction
 * ids as betAndWin is: the same call again answers the first answer and uses no round.
 */
export function createFreeRoundMoney(deps: FreeRoundMoneyDeps) {
  const { db, clock, wallet, money } = deps;

  return async function playFreeRound(providerId: string, request: FreeRoundRequest): Promise<FreeRoundAnswer> {
    const hash = requestHash('betAndWin', request);
    const ids = [request.transactionId, request.winTransactionId];
    const seenFirst = async (runner: Pick<Db, 'select'>) => {
      for (const id of ids) {
        const seen = await money.findTransaction(runner, providerId, id);
        if (seen) return money.answerSeen<FreeRoundAnswer>(seen, hash);
      }
      return null;
    };
    const seen = await seenFirst(db);
    if (seen) return seen;
    const session = await deps.sessionOf(providerId, request.sessionId);
    if (deps.isEnded(session)) throw fail('GAME_SESSION_ENDED');
    await deps.assertAccountOpen(session.playerId);
    const accounts = await deps.accountsOf(providerId, session.playerId);
    const bonusCost = await wallet.systemAccount('bonus_cost');
    return money.underRoundLock(providerId, request.roundId, ids, async (tx) => {
      const again = await seenFirst(tx);
      if (again) return again;
      const live = await deps.sessionOf(providerId, request.sessionId, tx);
      if (deps.isEnded(live)) throw fail('GAME_SESSION_ENDED');
      const round = await money.openRound(tx, live, request.roundId);
      // A free round is a round of its own: never a round that already took a stake.
      if (round.endedAt) throw fail('GAME_ROUND_ENDED');
      if (round.stakedOre > 0) throw fail('GAME_ROUND_CONFLICT');
      const used = await deps.freeRounds.use(tx, {
        freeRoundsId: request.freeRoundsId,
        playerId: live.playerId,
        gameId: live.gameId,
        stakeOre: request.amountOre,
        winOre: request.winAmountOre,
      });
      const day = exposureDay(clock());
      await assertProviderOpen(tx, providerId, day);
      const reference = { ...money.reference(live, request.roundId, request.transactionId), freeRoundsId: request.freeRoundsId };
      const stake = await wallet.transfer(
        {
          idempotencyKey: ledgerKey(providerId, request.transactionId),
          kind: 'bet',
          entries: [
            { accountId: bonusCost, amountOre: -request.amountOre },
            { accountId: accounts.games, amountOre: request.amountOre },
          ],
          reference,
          // A paused or excluded player plays no round, free or not (the ledger's own check).
          playingPlayerIds: [live.playerId],
        },
        tx,
      );
      await money.record(tx, {
        providerId,
        transactionId: request.transactionId,
        kind: 'bet',
        roundId: request.roundId,
        sessionId: live.id,
        amountOre: request.amountOre,
        // Counted as the bonus's: the round's win goes to the bonus balance whole (payIn's share).
        bonusAmountOre: request.amountOre,
        requestHash: hash,
        transferId: stake.transferId,
      });
      await recordTakings(tx, providerId, request.roundId, day, request.amountOre);
      await tx
        .update(gameRounds)
        .set({ stakedOre: request.amountOre, bonusStakedOre: request.amountOre, freeRoundGrantId: used.id })
        .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, request.roundId)));
      const won = await money.payIn(
        tx,
        live,
        accounts,
        { ...request, transactionId: request.winTransactionId, amountOre: request.winAmountOre },
        hash,
        { freeRoundsId: request.freeRoundsId },
      );
      if (request.endRound) {
        await tx
          .update(gameRounds)
          .set({ endedAt: clock() })
          .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, request.roundId)));
        await recordBigWinOfRound(tx, providerId, request.roundId, deps.bigWin, clock());
      }
      const answer: FreeRoundAnswer = {
        transactionId: request.transactionId,
        ledgerTransferId: stake.transferId,
        winTransactionId: request.winTransactionId,
        winLedgerTransferId: won.ledgerTransferId,
        balanceOre: won.balanceOre,
        cashOre: won.cashOre,
        bonusOre: won.bonusOre,
        roundEnded: request.endRound,
        freeRounds: used,
      };
      await tx
        .update(gameTransactions)
        .set({ answer: answer as unknown as Record<string, unknown> })
        .where(and(eq(gameTransactions.providerId, providerId), inArray(gameTransactions.transactionId, ids)));
      return answer;
    });
  };
}
