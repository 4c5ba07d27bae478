import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { providerGamesAccountKind, type StakeRules, type TransferEntry, type WalletService } from '../wallet/service.js';
import {
  ledgerKey,
  requestHash,
  type BetAndWinAnswer,
  type BetAndWinRequest,
  type MoneyAnswer,
  type MoneyRequest,
  type RollbackRequest,
} from './contract.js';
import { createOneStatementCalls } from './one-statement.js';
import { createRoundMoney, RoundStakesMoved, type RoundStakeCheck } from './round-money.js';
import { createFreeRoundMoney, type FreeRoundAnswer, type FreeRoundsPort } from './free-round-money.js';
import { exposureDay, recordBoundRefusal, recordTakings } from './win-bounds.js';
import { gameRounds, gameTransactions } from './schema.js';
import { createCatalogue } from './catalogue.js';
import { syncCatalogue, type CatalogueTitle } from './catalogue-sync.js';
// What the bonus context weighs an open bonus's stakes by (bonus/wagering.ts).
export { GAME_TYPES, gameNamesOf, gameTypesOf, type GameType } from './catalogue.js';
// The lobby's table order from the content context's `BordspilCategory` (app.ts).
export { categoryIdsByPosition } from './catalogue.js';
// The back office's hold on the catalogue: titles off and on, the lobby's own rows (staff/offer-routes.ts).
export {
  createCatalogueOperator,
  LOBBY_CATEGORY_MAX_TITLES,
  LOBBY_CATEGORY_SLUG,
  TITLE_STATES,
  type CatalogueOperator,
  type OperatorTitle,
} from './operator.js';
import { createPlayerGames, type ResolvePeriod } from './player-games.js';
import { createJackpots, DEFAULT_BIG_WIN, recordBigWinOfRound, type BigWinRule } from './jackpots/pools.js';
import { createGameSessions, type GameSessionsDeps } from './sessions.js';

export { GAME_ID_PATTERN, type GameMode, type GameSessionEndReason } from './sessions.js';
export {
  ledgerKey,
  PROVIDER_REF_PATTERN,
  shownRoundId,
  type BetAndWinAnswer,
  type BetAndWinRequest,
  type MoneyAnswer,
  type MoneyRequest,
  type RollbackRequest,
} from './contract.js';

export interface GamesDeps extends GameSessionsDeps {
  wallet: Pick<WalletService, 'playerAccount' | 'systemAccount' | 'lockBalances' | 'playerBalances' | 'transfer'>;
  /** The wallet's stake rules (wallet/stakes.ts): the open bonus's maximum bet, a play exclusion explained. */
  stakes: Pick<StakeRules, 'checkStake' | 'explainRefusal'>;
  /** The players context's refusal of a bet by a player whose user or game account is locked. */
  assertAccountOpen: (playerId: string) => Promise<void>;
  /** The wallet's rule for a history's period (wallet/history.ts resolvePeriod): the game history follows it. */
  resolvePeriod: ResolvePeriod;
  /** The table categories in the operator's order (the content context's system config `BordspilCategory`). */
  tableCategories?: () => Promise<readonly string[]>;
  /** What counts as a big win for the new winners (config WINNERS_MIN_ORE, WINNERS_MIN_MULTIPLE). */
  bigWin?: BigWinRule;
  /** The bonus context's free rounds (issue 27): offered at authenticate and balance, used by betAndWin with freeRoundsId. */
  freeRounds?: FreeRoundsPort;
}

/**
 * Game sessions and the games contract (games/README.md): a provider moves money only between
 * its session's player and its own games account (`provider:<id>:games`), in the kinds bet, win
 * and rollback, each call idempotent by its transaction id in its own namespace. A round's calls
 * are serialised by a lock on the round (and the transaction ids they name), in one database
 * transaction with the ledger's transfer and the contract's own records: all or nothing.
 */
export function createGamesService(deps: GamesDeps) {
  const { db, clock, wallet, stakes } = deps;
  const catalogue = createCatalogue({ db, clock, tableCategories: deps.tableCategories });
  const playerGames = createPlayerGames({ db, clock, catalogue, resolvePeriod: deps.resolvePeriod });
  const sessions = createGameSessions({ ...deps, catalogue });
  const { providerOf, isEnded, sessionOf, balances } = sessions;
  const jackpots = createJackpots({ db, clock, wallet });
  const bigWin = deps.bigWin ?? DEFAULT_BIG_WIN;

  /** The catalogue from the titles (at start-up: loadTitles() and TABLE_TITLES); the bets' cached stake rules are read again. */
  async function syncTitles(titles: readonly CatalogueTitle[]) {
    const result = await syncCatalogue(db, titles, clock());
    catalogue.forgetStakes();
    return result;
  }

  /** A lock seen at a bet ends the player's game sessions, as the login's look-up ends their sessions. */
  async function endSessionsIfLocked(playerId: string, error: unknown): Promise<never> {
    const code = (error as { code?: string }).code;
    if (code === 'USER_LOCKED' || code === 'GAME_ACCOUNT_LOCKED') await sessions.endPlayerSessions(playerId, 'locked');
    throw error;
  }

  /** The player's cash and bonus accounts and the provider's games account (made on first use, outside any transaction). */
  async function accountsOf(providerId: string, playerId: string) {
    const [cash, bonus, games] = await Promise.all([
      wallet.playerAccount(playerId, 'player_cash'),
      wallet.playerAccount(playerId, 'player_bonus'),
      wallet.systemAccount(providerGamesAccountKind(providerId)),
    ]);
    return { cash, bonus, games };
  }

  /** The provider's exposure limit per Copenhagen day (win-bounds.ts; GAME_PROVIDER_DAILY_PAYOUT_LIMIT_ORE). */
  const payoutLimitOre = (providerId: string) => providerOf(providerId).dailyPayoutLimitOre;

  const roundMoney = createRoundMoney({ db, clock, wallet, payoutLimitOre, jackpots });
  const { answerSeen, findTransaction, underRoundLock, roundFor, openRound, record, reference, stakeIn, payIn } = roundMoney;

  const playFreeRound = deps.freeRounds
    ? createFreeRoundMoney({
        db,
        clock,
        wallet,
        freeRounds: deps.freeRounds,
        money: roundMoney,
        sessionOf,
        isEnded,
        accountsOf,
        assertAccountOpen: (playerId) => deps.assertAccountOpen(playerId).catch((error: unknown) => endSessionsIfLocked(playerId, error)),
        bigWin,
      })
    : null;

  const fastCalls = createOneStatementCalls({
    db,
    clock,
    sessionFacts: sessions.sessionFacts,
    assertStakeAllowed: catalogue.assertStakeAllowed,
    checkStake: stakes.checkStake,
    accountsOf,
    reference,
    payoutLimitOre,
    bigWin,
    feedsOf: jackpots.feedsOf,
  });

  /** A win refused by its bounds (win-bounds.ts) is a security event; the refusal is answered as it is. */
  async function boundedWin<T>(providerId: string, call: MoneyRequest, pay: () => Promise<T>): Promise<T> {
    try {
      return await pay();
    } catch (error) {
      await recordBoundRefusal(db, clock(), error, { ...call, providerId });
      throw error;
    }
  }

  /** The round's bets not rolled back, read without a lock: 0 for a round not yet open, ended, or another session's. */
  async function standingStakeOre(providerId: string, roundId: string, sessionId: string): Promise<number> {
    const [round] = await db
      .select({ stakedOre: gameRounds.stakedOre, sessionId: gameRounds.sessionId, endedAt: gameRounds.endedAt })
      .from(gameRounds)
      .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, roundId)))
      .limit(1);
    return round && round.sessionId === sessionId && !round.endedAt ? round.stakedOre : 0;
  }

  /**
   * A stake's checks that count the round's other stakes: the open bonus's maximum bet (spec §1,
   * 100 kr.) holds for the round's standing stakes together with this one, as the bonus context
   * answers it before the round's transaction; the title's stake rule is applied with the standing
   * stakes again under the round's lock (`stakeIn`). Should another bet of the round land in
   * between, the bonus is asked again with it (a few times; then the provider is told to try again).
   */
  async function withRoundStakeChecks<T>(
    providerId: string,
    session: { id: string; playerId: string; gameId: string },
    request: MoneyRequest,
    work: (check: RoundStakeCheck) => Promise<T>,
  ): Promise<T> {
    const rule = await catalogue.stakeRuleOf(session.gameId);
    const feeds = await jackpots.feedsOf(session.gameId);
    const key = ledgerKey(providerId, request.transactionId);
    for (let attempt = 1; ; attempt++) {
      const standing = await standingStakeOre(providerId, request.roundId, session.id);
      await stakes.checkStake([session.playerId], standing + request.amountOre, key);
      try {
        return await work({ rule, bonusCheckedStandingOre: standing, feeds });
      } catch (error) {
        if (!(error instanceof RoundStakesMoved)) throw error;
        if (attempt >= 3) throw fail('TRANSFER_IN_PROGRESS');
      }
    }
  }

  /**
   * A stake: from the player's cash first, then their bonus balance, to the provider's games
   * account. Refused for an unknown or ended session, a round ended or another session's, a bet
   * whose id a rollback already took, a stake off the title's rule (a slot's steps; a table's unit,
   * most a call and most a round), insufficient funds (with the balance), a paused or closed
   * player, a round's stakes over the open bonus's maximum bet (the wallet's stake rules).
   */
  async function bet(providerId: string, request: MoneyRequest): Promise<MoneyAnswer> {
    providerOf(providerId);
    return (await fastCalls.bet(providerId, request)) ?? betInSteps(providerId, request);
  }

  async function betInSteps(providerId: string, request: MoneyRequest): Promise<MoneyAnswer> {
    const hash = requestHash('bet', request);
    const seen = await findTransaction(db, providerId, request.transactionId);
    if (seen) return answerSeen(seen, hash);
    const session = await sessionOf(providerId, request.sessionId);
    if (isEnded(session)) throw fail('GAME_SESSION_ENDED');
    await catalogue.assertStakeAllowed(session.gameId, request.amountOre);
    await deps.assertAccountOpen(session.playerId).catch((error: unknown) => endSessionsIfLocked(session.playerId, error));
    const accounts = await accountsOf(providerId, session.playerId);
    try {
      return await withRoundStakeChecks(providerId, session, request, (check) =>
        underRoundLock(providerId, request.roundId, [request.transactionId], async (tx) => {
          const again = await findTransaction(tx, providerId, request.transactionId);
          if (again) return answerSeen(again, hash);
          const live = await sessionOf(providerId, request.sessionId, tx);
          if (isEnded(live)) throw fail('GAME_SESSION_ENDED');
          return stakeIn(tx, live, accounts, request, hash, check);
        }),
      );
    } catch (error) {
      return stakes.explainRefusal(error, [session.playerId]);
    }
  }

  /**
   * A win of a round of the session (never refused for an ended session): from the provider's
   * games account to the player, into the bonus balance in the share the round's stakes came
   * from it (rounded down), the rest to cash. A win of 0 is recorded and moves nothing.
   */
  async function win(providerId: string, request: MoneyRequest): Promise<MoneyAnswer> {
    providerOf(providerId);
    return boundedWin(providerId, request, async () => (await fastCalls.win(providerId, request)) ?? winInSteps(providerId, request));
  }

  async function winInSteps(providerId: string, request: MoneyRequest): Promise<MoneyAnswer> {
    const hash = requestHash('win', request);
    const seen = await findTransaction(db, providerId, request.transactionId);
    if (seen) return answerSeen(seen, hash);
    const session = await sessionOf(providerId, request.sessionId);
    const accounts = await accountsOf(providerId, session.playerId);
    return underRoundLock(providerId, request.roundId, [request.transactionId], async (tx) => {
      const again = await findTransaction(tx, providerId, request.transactionId);
      if (again) return answerSeen(again, hash);
      return payIn(tx, session, accounts, request, hash);
    });
  }

  /**
   * A whole round in one transaction (betAndWin): the stake as `bet` takes it (every refusal of a
   * bet, and nothing moves), the win as `win` pays it (0 too), and the round's end when asked. The
   * same call again answers as the first time; either transaction id used by another call is refused.
   * A rollback of its bet is always refused (GAME_ROLLBACK_ROUND_SETTLED), win or no win: the round
   * is settled as drawn.
   */
  async function betAndWin(
    providerId: string,
    request: BetAndWinRequest & { freeRoundsId?: string },
  ): Promise<BetAndWinAnswer | FreeRoundAnswer> {
    providerOf(providerId);
    if (request.winTransactionId === request.transactionId) throw fail('INVALID_INPUT');
    const call = { ...request, amountOre: request.winAmountOre, transactionId: request.winTransactionId };
    const { freeRoundsId } = request;
    if (freeRoundsId !== undefined) {
      // A free round: its stake the house's, its win the bonus's (free-round-money.ts).
      if (!playFreeRound) throw fail('FREE_ROUNDS_NOT_FOUND');
      return boundedWin(providerId, call, async () => {
        try {
          return await playFreeRound(providerId, { ...request, freeRoundsId });
        } catch (error) {
          // A play exclusion the ledger refused is explained as at a bet (a pause: ACCOUNT_PAUSED).
          if ((error as { code?: string }).code !== 'PLAY_EXCLUDED') throw error;
          return stakes.explainRefusal(error, [(await sessionOf(providerId, request.sessionId)).playerId]);
        }
      });
    }
    return boundedWin(
      providerId,
      call,
      async () => (await fastCalls.betAndWin(providerId, request)) ?? betAndWinInSteps(providerId, request),
    );
  }

  async function betAndWinInSteps(providerId: string, request: BetAndWinRequest): Promise<BetAndWinAnswer> {
    const hash = requestHash('betAndWin', request);
    const ids = [request.transactionId, request.winTransactionId];
    const seenFirst = async (runner: Pick<Db, 'select'>) => {
      for (const id of ids) {
        const seen = await findTransaction(runner, providerId, id);
        if (seen) return answerSeen<BetAndWinAnswer>(seen, hash);
      }
      return null;
    };
    const seen = await seenFirst(db);
    if (seen) return seen;
    const session = await sessionOf(providerId, request.sessionId);
    if (isEnded(session)) throw fail('GAME_SESSION_ENDED');
    await catalogue.assertStakeAllowed(session.gameId, request.amountOre);
    await deps.assertAccountOpen(session.playerId).catch((error: unknown) => endSessionsIfLocked(session.playerId, error));
    const accounts = await accountsOf(providerId, session.playerId);
    const { winTransactionId, winAmountOre, endRound: ends, ...bet } = request;
    try {
      return await withRoundStakeChecks(providerId, session, bet, (check) =>
        underRoundLock(providerId, request.roundId, ids, async (tx) => {
          const again = await seenFirst(tx);
          if (again) return again;
          const live = await sessionOf(providerId, request.sessionId, tx);
          if (isEnded(live)) throw fail('GAME_SESSION_ENDED');
          const staked = await stakeIn(tx, live, accounts, bet, hash, check);
          const won = await payIn(tx, live, accounts, { ...bet, transactionId: winTransactionId, amountOre: winAmountOre }, hash);
          if (ends) {
            await tx
              .update(gameRounds)
              .set({ endedAt: clock() })
              .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, request.roundId)));
            await recordBigWinOfRound(tx, providerId, request.roundId, bigWin, clock());
          }
          const answer: BetAndWinAnswer = {
            transactionId: request.transactionId,
            ledgerTransferId: staked.ledgerTransferId!,
            winTransactionId,
            winLedgerTransferId: won.ledgerTransferId,
            balanceOre: won.balanceOre,
            cashOre: won.cashOre,
            bonusOre: won.bonusOre,
            roundEnded: ends,
            ...(staked.jackpotWins ? { jackpotWins: staked.jackpotWins } : {}),
          };
          // Both ids answer the round's answer when asked again.
          await tx
            .update(gameTransactions)
            .set({ answer: answer as unknown as Record<string, unknown> })
            .where(and(eq(gameTransactions.providerId, providerId), inArray(gameTransactions.transactionId, ids)));
          return answer;
        }),
      );
    } catch (error) {
      return stakes.explainRefusal(error, [session.playerId]);
    }
  }

  /** A bet that landed with its round's win and end in one call (betAndWin): its answer names the win. */
  const landedWhole = (bet: { answer: Record<string, unknown> | null }) => bet.answer !== null && 'winTransactionId' in bet.answer;

  /**
   * Undoes a bet (never refused for an ended session): its money back as it was taken (kind
   * rollback, reversing the bet's transfer, so the wallet's reports and the history count the bet
   * as reversed). A bet never seen leaves a marker under its id, so that bet arriving late is
   * refused; a bet already rolled back moves nothing again. Refused after the round's win and for
   * a bet that landed whole with betAndWin (GAME_ROLLBACK_ROUND_SETTLED).
   */
  async function rollback(providerId: string, request: RollbackRequest): Promise<MoneyAnswer> {
    providerOf(providerId);
    if (request.referenceTransactionId === request.transactionId) throw fail('INVALID_INPUT');
    const hash = requestHash('rollback', request);
    const seen = await findTransaction(db, providerId, request.transactionId);
    if (seen) return answerSeen(seen, hash);
    const session = await sessionOf(providerId, request.sessionId);
    const accounts = await accountsOf(providerId, session.playerId);
    const ids = [request.transactionId, request.referenceTransactionId];
    return underRoundLock(providerId, request.roundId, ids, async (tx) => {
      const again = await findTransaction(tx, providerId, request.transactionId);
      if (again) return answerSeen(again, hash);
      const target = await findTransaction(tx, providerId, request.referenceTransactionId);
      if (target && target.kind !== 'bet') throw fail('GAME_ROLLBACK_NOT_A_BET');
      if (target && (target.roundId !== request.roundId || target.sessionId !== session.id)) throw fail('GAME_ROUND_CONFLICT');
      const round = await openRound(tx, session, request.roundId);
      let transferId: string | null = null;
      let back = { cash: 0, bonus: 0 };
      if (!target) {
        // The bet was never seen (lost, or still on its way): its id is taken, so it can never land.
        await record(tx, {
          providerId,
          transactionId: request.referenceTransactionId,
          kind: 'bet',
          roundId: request.roundId,
          sessionId: session.id,
          amountOre: 0,
          requestHash: null,
          status: 'rolled_back',
        });
      } else if (target.status !== 'rolled_back') {
        // A round that paid a win, or that landed whole (betAndWin, win or no win: its outcome was
        // drawn before the stake and is settled as drawn), stands; only a bet whose outcome no one
        // has seen yet (a provider's bet before its win) is given back.
        // A stake that won a jackpot pool has been seen too: the hit was paid with it.
        if (round.hasWin || round.jackpotWonOre > 0 || landedWhole(target)) throw fail('GAME_ROLLBACK_ROUND_SETTLED');
        back = { cash: target.amountOre - target.bonusAmountOre, bonus: target.bonusAmountOre };
        const entries: TransferEntry[] = [{ accountId: accounts.games, amountOre: -target.amountOre }];
        if (back.cash > 0) entries.push({ accountId: accounts.cash, amountOre: back.cash });
        if (back.bonus > 0) entries.push({ accountId: accounts.bonus, amountOre: back.bonus });
        const transfer = await wallet.transfer(
          {
            idempotencyKey: ledgerKey(providerId, request.transactionId),
            kind: 'rollback',
            entries,
            reference: { ...reference(session, request.roundId, request.transactionId), reverses: target.transferId! },
          },
          tx,
        );
        transferId = transfer.transferId;
        // The stake given back leaves the provider's takings of the day (win-bounds.ts).
        await recordTakings(tx, providerId, request.roundId, exposureDay(clock()), -target.amountOre);
        await tx
          .update(gameTransactions)
          .set({ status: 'rolled_back' })
          .where(and(eq(gameTransactions.providerId, providerId), eq(gameTransactions.transactionId, target.transactionId)));
        await tx
          .update(gameRounds)
          .set({
            stakedOre: sql`${gameRounds.stakedOre} - ${target.amountOre}`,
            bonusStakedOre: sql`${gameRounds.bonusStakedOre} - ${target.bonusAmountOre}`,
            // The stake's jackpot part leaves the round with it; the part stays in its pool (a pool only
            // grows by stakes and seeds), paid for by the provider's games account, which gave the stake back whole.
            jackpotStakedOre: sql`${gameRounds.jackpotStakedOre} - (select coalesce(sum(c.amount_ore), 0) from jackpot_contributions c
              where c.provider_id = ${providerId} and c.transaction_id = ${target.transactionId})`,
          })
          .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, request.roundId)));
      }
      const after = await balances(session.playerId, tx);
      const answer: MoneyAnswer = { transactionId: request.transactionId, ledgerTransferId: transferId, ...after };
      await tx
        .update(gameRounds)
        .set({ balanceAfterOre: after.balanceOre })
        .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, request.roundId)));
      await record(tx, {
        providerId,
        transactionId: request.transactionId,
        kind: 'rollback',
        roundId: request.roundId,
        sessionId: session.id,
        amountOre: target?.status === 'rolled_back' ? 0 : (target?.amountOre ?? 0),
        bonusAmountOre: back.bonus,
        requestHash: hash,
        transferId,
        answer: answer as unknown as Record<string, unknown>,
      });
      return answer;
    });
  }

  /** Closes a round: no bet or win joins it after (a rollback of a bet still may). Ending it again changes nothing. */
  async function endRound(providerId: string, request: { sessionId: string; roundId: string }) {
    providerOf(providerId);
    const fast = await fastCalls.endRound(providerId, request);
    if (fast) return fast;
    const session = await sessionOf(providerId, request.sessionId);
    return underRoundLock(providerId, request.roundId, [], async (tx) => {
      const round = await roundFor(tx, providerId, request.roundId);
      if (!round || round.sessionId !== session.id) throw fail('GAME_ROUND_NOT_FOUND');
      const endedAt = round.endedAt ?? clock();
      if (!round.endedAt) {
        await tx
          .update(gameRounds)
          .set({ endedAt })
          .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, request.roundId)));
        await recordBigWinOfRound(tx, providerId, request.roundId, bigWin, endedAt);
      }
      return {
        roundId: round.roundId,
        stakedOre: round.stakedOre,
        wonOre: round.wonOre,
        endedAt,
        ...(await balances(session.playerId, tx)),
      };
    });
  }

  /** The provider is told of the player's free rounds on the session's title at authenticate and balance (issue 27). */
  async function freeRoundsOffered(playerId: string, gameId: string) {
    return deps.freeRounds ? deps.freeRounds.available(playerId, gameId) : [];
  }

  return {
    catalogue,
    playerGames,
    syncTitles,
    jackpots,
    endPlayerSessions: sessions.endPlayerSessions,
    endSession: sessions.endSession,
    knownProvider: sessions.knownProvider,
    launch: sessions.launch,
    authenticate: async (providerId: string, token: string) => {
      const session = await sessions.authenticate(providerId, token);
      return { ...session, freeRounds: await freeRoundsOffered(session.playerId, session.gameId) };
    },
    balance: async (providerId: string, sessionId: string) => {
      const answer = await sessions.balance(providerId, sessionId);
      const session = await sessionOf(providerId, sessionId);
      return { ...answer, freeRounds: await freeRoundsOffered(session.playerId, session.gameId) };
    },
    warningMinutes: sessions.warningMinutes,
    bet,
    win,
    betAndWin,
    rollback,
    endRound,
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
