import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { lockUntilCommit } from '../shared/db.js';
import { fail } from '../shared/errors.js';
import type { TransferEntry, WalletService } from '../wallet/service.js';
import { stakeAllowed, type StakeRule } from './catalogue.js';
import { ledgerKey, type MoneyAnswer, type MoneyRequest } from './contract.js';
import { gameRounds, gameTransactions } from './schema.js';
import type { GameSession } from './sessions.js';
import type { Feed, Jackpots } from './jackpots/pools.js';
import { assertProviderOpen, assertWithinLargestWin, exposureDay, recordPayout, recordTakings } from './win-bounds.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Session = GameSession;
type Round = typeof gameRounds.$inferSelect;
type GameTransaction = typeof gameTransactions.$inferSelect;
/** The player's cash and bonus accounts and the provider's games account. */
export type Accounts = { cash: string; bonus: string; games: string };

/**
 * What a stake is held to once its round is read under the round's lock: the title's stake rule
 * with the round's standing stakes (a table's most a round), and the standing stakes the open
 * bonus's maximum bet was checked with before the lock (the bonus context is asked outside the
 * transaction).
 */
export interface RoundStakeCheck {
  rule: StakeRule;
  bonusCheckedStandingOre: number;
  /** The jackpot pools the title feeds (read before the transaction): the stake's parts go to them. */
  feeds: readonly Feed[];
}

/**
 * A bet of the round landed between the bonus's check and the round's lock: the round's stakes
 * are more than the check counted, so the caller checks again (service.ts). Nothing was written.
 */
export class RoundStakesMoved extends Error {
  constructor() {
    super('the round took another stake since the stake was checked');
  }
}

export interface RoundMoneyDeps {
  db: Db;
  clock: () => Date;
  wallet: Pick<WalletService, 'lockBalances' | 'transfer'>;
  /** The provider's exposure limit: what its wins may pay, net of its stakes, in one Copenhagen day (win-bounds.ts). */
  payoutLimitOre: (providerId: string) => number;
  /** The progressive jackpots: a feeding stake's split and the hit it may make, in the bet's transaction. */
  jackpots: Pick<Jackpots, 'splitIn' | 'withParts' | 'settleStake'>;
}

/**
 * The contract's multi-statement path, piece by piece (games/service.ts composes them into its
 * calls): the round's lock, the records of calls seen, and a bet's and a win's money within the
 * round's one database transaction.
 */
export function createRoundMoney({ db, clock, wallet, payoutLimitOre, jackpots }: RoundMoneyDeps) {
  /** The first answer for a transaction id seen before, or the refusal when the request differs or it was rolled back unseen. */
  function answerSeen<T extends MoneyAnswer = MoneyAnswer>(seen: GameTransaction, hash: string): T {
    if (seen.requestHash === null) throw fail('GAME_TRANSACTION_ROLLED_BACK');
    if (seen.requestHash !== hash) throw fail('IDEMPOTENCY_KEY_REUSED');
    return seen.answer as unknown as T;
  }

  async function findTransaction(runner: Pick<Db, 'select'>, providerId: string, transactionId: string) {
    const [row] = await runner
      .select()
      .from(gameTransactions)
      .where(and(eq(gameTransactions.providerId, providerId), eq(gameTransactions.transactionId, transactionId)))
      .limit(1);
    return row ?? null;
  }

  /**
   * One contract call, serialised per round and per transaction id (round first, then the ids in
   * order: no two calls wait on each other in a circle), in one database transaction.
   */
  async function underRoundLock<T>(providerId: string, roundId: string, transactionIds: string[], work: (tx: Tx) => Promise<T>) {
    return db.transaction(async (tx) => {
      await lockUntilCommit(tx, `game-round:${providerId}:${roundId}`);
      for (const id of [...new Set(transactionIds)].sort()) await lockUntilCommit(tx, `game-tx:${providerId}:${id}`);
      return work(tx);
    });
  }

  async function roundFor(tx: Tx, providerId: string, roundId: string) {
    const [round] = await tx
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, roundId)))
      .limit(1);
    return round ?? null;
  }

  async function openRound(tx: Tx, session: Session, roundId: string): Promise<Round> {
    await tx
      .insert(gameRounds)
      .values({
        providerId: session.providerId,
        roundId,
        sessionId: session.id,
        playerId: session.playerId,
        gameId: session.gameId,
        createdAt: clock(),
      })
      .onConflictDoNothing();
    const round = await roundFor(tx, session.providerId, roundId);
    if (round!.sessionId !== session.id) throw fail('GAME_ROUND_CONFLICT');
    return round!;
  }

  async function record(
    tx: Tx,
    row: Omit<typeof gameTransactions.$inferInsert, 'createdAt' | 'status'> & { status?: string },
  ): Promise<void> {
    await tx.insert(gameTransactions).values({ status: 'done', ...row, createdAt: clock() });
  }

  const reference = (session: Pick<Session, 'providerId' | 'gameId' | 'id'>, roundId: string, transactionId: string) => ({
    provider: session.providerId,
    roundId,
    transactionId,
    game: session.gameId,
    gameSessionId: session.id,
  });

  /**
   * A bet's money within its round's transaction (the round opened if new): the stake held to the
   * title's rule with the round's standing stakes, the balance rows locked, the transfer, the records.
   */
  async function stakeIn(
    tx: Tx,
    live: Session,
    accounts: Accounts,
    request: MoneyRequest,
    hash: string,
    check: RoundStakeCheck,
  ): Promise<MoneyAnswer> {
    const { providerId } = live;
    const round = await openRound(tx, live, request.roundId);
    if (round.endedAt) throw fail('GAME_ROUND_ENDED');
    // The round's bets not rolled back, as they stand under its lock: a table's most a round holds
    // them all together (a double, a split, insurance after the first stake).
    if (!stakeAllowed(check.rule, request.amountOre, round.stakedOre)) throw fail('GAME_STAKE_NOT_ALLOWED');
    if (round.stakedOre > check.bonusCheckedStandingOre) throw new RoundStakesMoved();
    await assertProviderOpen(tx, providerId, exposureDay(clock()));
    const locked = await wallet.lockBalances([accounts.cash, accounts.bonus], tx);
    const cash = locked.get(accounts.cash) ?? 0;
    const bonus = locked.get(accounts.bonus) ?? 0;
    if (cash + bonus < request.amountOre) throw fail('INSUFFICIENT_FUNDS', { balanceOre: cash + bonus });
    const fromCash = Math.min(cash, request.amountOre);
    const fromBonus = request.amountOre - fromCash;
    const entries: TransferEntry[] = [{ accountId: accounts.games, amountOre: request.amountOre }];
    if (fromCash > 0) entries.push({ accountId: accounts.cash, amountOre: -fromCash });
    if (fromBonus > 0) entries.push({ accountId: accounts.bonus, amountOre: -fromBonus });
    // A feeding title's stake splits in its own transfer: the pools' parts, the game's the rest.
    const parts = await jackpots.splitIn(tx, check.feeds, request.amountOre);
    const ref = reference(live, request.roundId, request.transactionId);
    const transfer = await wallet.transfer(
      {
        idempotencyKey: ledgerKey(providerId, request.transactionId),
        kind: 'bet',
        entries: jackpots.withParts(entries, accounts.games, parts),
        reference: ref,
        playingPlayerIds: [live.playerId],
      },
      tx,
    );
    const jackpotStakeOre = parts.reduce((sum, part) => sum + part.ore, 0);
    const jackpotWins =
      parts.length === 0
        ? []
        : await jackpots.settleStake(tx, parts, {
            providerId,
            transactionId: request.transactionId,
            roundId: request.roundId,
            sessionId: live.id,
            gameId: live.gameId,
            gameSessionReference: ref,
            playerId: live.playerId,
            stakeOre: request.amountOre,
            transferId: transfer.transferId,
            cashAccountId: accounts.cash,
          });
    const jackpotWonOre = jackpotWins.reduce((sum, won) => sum + won.amountOre, 0);
    const answer: MoneyAnswer = {
      transactionId: request.transactionId,
      ledgerTransferId: transfer.transferId,
      balanceOre: cash + bonus - request.amountOre + jackpotWonOre,
      cashOre: cash - fromCash + jackpotWonOre,
      bonusOre: bonus - fromBonus,
      ...(jackpotWins.length > 0 ? { jackpotWins } : {}),
    };
    await record(tx, {
      providerId,
      transactionId: request.transactionId,
      kind: 'bet',
      roundId: request.roundId,
      sessionId: live.id,
      amountOre: request.amountOre,
      bonusAmountOre: fromBonus,
      requestHash: hash,
      transferId: transfer.transferId,
      answer: answer as unknown as Record<string, unknown>,
    });
    await recordTakings(tx, providerId, request.roundId, exposureDay(clock()), request.amountOre);
    await tx
      .update(gameRounds)
      .set({
        stakedOre: sql`${gameRounds.stakedOre} + ${request.amountOre}`,
        bonusStakedOre: sql`${gameRounds.bonusStakedOre} + ${fromBonus}`,
        jackpotStakedOre: sql`${gameRounds.jackpotStakedOre} + ${jackpotStakeOre}`,
        jackpotWonOre: sql`${gameRounds.jackpotWonOre} + ${jackpotWonOre}`,
        balanceAfterOre: answer.balanceOre,
      })
      .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, request.roundId)));
    return answer;
  }

  /**
   * A win's money within its round's transaction: into the bonus balance in the share the round's
   * stakes came from it. `extraReference` joins the transfer's reference (a free round's grant).
   */
  async function payIn(
    tx: Tx,
    session: Session,
    accounts: Accounts,
    request: MoneyRequest,
    hash: string,
    extraReference: Record<string, string> = {},
  ): Promise<MoneyAnswer> {
    const { providerId } = session;
    const round = await roundFor(tx, providerId, request.roundId);
    // A win pays a stake that stands: a round whose every bet was rolled back (or never seen) has none.
    if (!round || (round.stakedOre === 0 && request.amountOre > 0)) throw fail('GAME_ROUND_NOT_FOUND');
    if (round.sessionId !== session.id) throw fail('GAME_ROUND_CONFLICT');
    if (round.endedAt) throw fail('GAME_ROUND_ENDED');
    // Bounded: the round's wins within its stake × the title's largest win, the provider's day within its limit.
    await assertWithinLargestWin(tx, round, request.amountOre);
    await recordPayout(tx, providerId, exposureDay(clock()), request.amountOre, payoutLimitOre(providerId));
    const locked = await wallet.lockBalances([accounts.cash, accounts.bonus], tx);
    const cash = locked.get(accounts.cash) ?? 0;
    const bonus = locked.get(accounts.bonus) ?? 0;
    const toBonus = round.stakedOre > 0 ? Math.floor((request.amountOre * round.bonusStakedOre) / round.stakedOre) : 0;
    const toCash = request.amountOre - toBonus;
    let transferId: string | null = null;
    if (request.amountOre > 0) {
      const entries: TransferEntry[] = [{ accountId: accounts.games, amountOre: -request.amountOre }];
      if (toCash > 0) entries.push({ accountId: accounts.cash, amountOre: toCash });
      if (toBonus > 0) entries.push({ accountId: accounts.bonus, amountOre: toBonus });
      const transfer = await wallet.transfer(
        {
          idempotencyKey: ledgerKey(providerId, request.transactionId),
          kind: 'win',
          entries,
          reference: { ...reference(session, request.roundId, request.transactionId), ...extraReference },
        },
        tx,
      );
      transferId = transfer.transferId;
    }
    const answer: MoneyAnswer = {
      transactionId: request.transactionId,
      ledgerTransferId: transferId,
      balanceOre: cash + bonus + request.amountOre,
      cashOre: cash + toCash,
      bonusOre: bonus + toBonus,
    };
    await record(tx, {
      providerId,
      transactionId: request.transactionId,
      kind: 'win',
      roundId: request.roundId,
      sessionId: session.id,
      amountOre: request.amountOre,
      bonusAmountOre: toBonus,
      requestHash: hash,
      transferId,
      answer: answer as unknown as Record<string, unknown>,
    });
    await tx
      .update(gameRounds)
      .set(
        request.amountOre > 0
          ? { wonOre: sql`${gameRounds.wonOre} + ${request.amountOre}`, hasWin: true, balanceAfterOre: answer.balanceOre }
          : { balanceAfterOre: answer.balanceOre },
      )
      .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, request.roundId)));
    return answer;
  }

  return { answerSeen, findTransaction, underRoundLock, roundFor, openRound, record, reference, stakeIn, payIn };
}
