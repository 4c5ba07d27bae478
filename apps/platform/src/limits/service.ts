import {
  DEPOSIT_LIMIT_LOOK_BACK_DAYS,
  DEPOSIT_LIMIT_PERIODS,
  isValidDepositLimitOre,
  LIMIT_INCREASE_DELAY_MS,
  PAUSE_DURATION_MS,
  type DepositLimitPeriod,
  type PauseDuration,
} from '@krone/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { lockUntilCommit } from '../shared/db.js';
import { fail } from '../shared/errors.js';
import { accountExclusions, depositLimits } from './schema.js';

export type LimitPeriod = DepositLimitPeriod;
export const LIMIT_PERIODS: readonly LimitPeriod[] = DEPOSIT_LIMIT_PERIODS;
const DAY_MS = 86_400_000;

type LimitRow = typeof depositLimits.$inferSelect;
export type DepositedSince = (playerId: string, since: Date, runner?: Pick<Db, 'select'>) => Promise<number>;
type Runner = Pick<Db, 'select'>;

/** One period's limit: the one in force now and a change still waiting, if any. */
export interface PeriodLimit {
  /** The limit in force in øre; null when the period has none. */
  amountOre: number | null;
  /** A loosening that waits: its amount (null: the limit goes) and when it applies. */
  pending: { amountOre: number | null; effectiveAt: Date } | null;
}

export type AccountState = { status: 'active' } | { status: 'paused'; pausedUntil: Date } | { status: 'closed'; closedAt: Date };

export interface LimitsDeps {
  db: Db;
  clock: () => Date;
  /**
   * Deposits counted against a limit since an instant, those still under way included: the
   * payments context's own count (payments/history.ts), read in the caller's transaction when
   * given. Without it the limits page shows nothing used and `assertDepositWithinLimits` refuses
   * to run.
   */
  depositedSince?: DepositedSince;
  /** Where each change is logged for the operator, besides its own append-only row. */
  log?: (change: Record<string, unknown>) => void;
  /**
   * The games context's end of the player's game sessions (games/service.ts), in the pause's or
   * closure's own transaction: a bet after either is refused as GAME_SESSION_ENDED.
   */
  endGameSessions?: (playerId: string, reason: 'pause' | 'closure', tx: Db) => Promise<unknown>;
}

const invalidAmount = () => fail('LIMIT_AMOUNT_INVALID', { fields: { amountOre: 'validation.amount_invalid' } });

/**
 * The state of one period from its rows in the order they were made. A change that tightens
 * applies at once and replaces a waiting one; a change that loosens waits 24 hours and replaces
 * any change still waiting. Exported for the unit test of the rule.
 */
export function foldPeriod(rows: Pick<LimitRow, 'amountOre' | 'createdAt' | 'effectiveAt'>[], now: Date): PeriodLimit {
  let amountOre: number | null = null;
  let pending: PeriodLimit['pending'] = null;
  for (const row of rows) {
    // A waiting change that came due before this one was made had applied by then.
    if (pending && pending.effectiveAt <= row.createdAt) amountOre = pending.amountOre;
    // Either way this change replaces whatever waited.
    if (row.effectiveAt <= row.createdAt) {
      amountOre = row.amountOre;
      pending = null;
    } else pending = { amountOre: row.amountOre, effectiveAt: row.effectiveAt };
  }
  if (pending && pending.effectiveAt <= now) {
    amountOre = pending.amountOre;
    pending = null;
  }
  return { amountOre, pending };
}

/** Danish rule (danish-rules.md): a closed account is reopened no earlier than a year after its closure. */
export const REOPEN_AFTER_DAYS = 365;

/** Whether a limit of `next` (null: none) is looser than `current`: more money, or no limit. */
const loosens = (current: number | null, next: number | null) => current !== null && (next === null || next > current);

/**
 * Deposit limits, pauses and closure: what the player chose, derived from append-only rows and
 * the clock. Payments ask `assertMayDeposit` and `assertDepositWithinLimits` (the deposit-limit
 * check, over the deposits payments count for it), and the ledger's game door `assertMayPlay`.
 */
export function createLimitsService(deps: LimitsDeps) {
  const { db, clock } = deps;

  async function depositLimitState(playerId: string, runner: Runner = db): Promise<Record<LimitPeriod, PeriodLimit>> {
    const rows = await runner
      .select({
        period: depositLimits.period,
        amountOre: depositLimits.amountOre,
        createdAt: depositLimits.createdAt,
        effectiveAt: depositLimits.effectiveAt,
      })
      .from(depositLimits)
      .where(eq(depositLimits.playerId, playerId))
      .orderBy(asc(depositLimits.createdAt), asc(depositLimits.id));
    const now = clock();
    const state = {} as Record<LimitPeriod, PeriodLimit>;
    for (const period of LIMIT_PERIODS)
      state[period] = foldPeriod(
        rows.filter((row) => row.period === period),
        now,
      );
    return state;
  }

  /** The limits in force now, per period (a period without one is left out). */
  async function currentDepositLimits(playerId: string, runner: Runner = db): Promise<Partial<Record<LimitPeriod, number>>> {
    const state = await depositLimitState(playerId, runner);
    const result: Partial<Record<LimitPeriod, number>> = {};
    for (const period of LIMIT_PERIODS) {
      const amountOre = state[period].amountOre;
      if (amountOre !== null) result[period] = amountOre;
    }
    return result;
  }

  async function accountState(playerId: string, runner: Runner = db): Promise<AccountState> {
    const now = clock();
    const rows = await runner
      .select({ kind: accountExclusions.kind, startsAt: accountExclusions.startsAt, endsAt: accountExclusions.endsAt })
      .from(accountExclusions)
      .where(eq(accountExclusions.playerId, playerId))
      .orderBy(desc(accountExclusions.endsAt));
    // The newest closure stands unless staff reopened the account after it (four eyes, migration 0041).
    const closure = rows.filter((row) => row.kind === 'closure' && row.startsAt <= now).sort((a, b) => +b.startsAt - +a.startsAt)[0];
    const reopened = rows.some((row) => row.kind === 'reopen' && row.startsAt <= now && closure && row.startsAt > closure.startsAt);
    if (closure && !reopened) return { status: 'closed', closedAt: closure.startsAt };
    let pausedUntil: Date | null = null;
    for (const row of rows) {
      if (row.kind === 'pause' && row.startsAt <= now && row.endsAt && row.endsAt > now && (!pausedUntil || row.endsAt > pausedUntil))
        pausedUntil = row.endsAt;
    }
    return pausedUntil ? { status: 'paused', pausedUntil } : { status: 'active' };
  }

  function refuseExcluded(state: AccountState) {
    if (state.status === 'closed') throw fail('ACCOUNT_CLOSED');
    if (state.status === 'paused') throw fail('ACCOUNT_PAUSED', { pausedUntil: state.pausedUntil.toISOString() });
  }

  /** A paused or closed player may not deposit, nor may one without a deposit limit (Danish rule). */
  async function assertMayDeposit(playerId: string) {
    refuseExcluded(await accountState(playerId));
    const limits = await currentDepositLimits(playerId);
    if (Object.keys(limits).length === 0) throw fail('DEPOSIT_LIMIT_REQUIRED');
  }

  /** What the player deposited within a period's look-back (spec §9: a day, 7 or 30 days) until now. */
  async function depositedInPeriod(playerId: string, period: LimitPeriod, runner: Runner = db): Promise<number> {
    if (!deps.depositedSince) return 0;
    return deps.depositedSince(playerId, new Date(clock().getTime() - DEPOSIT_LIMIT_LOOK_BACK_DAYS[period] * DAY_MS), runner);
  }

  /**
   * The deposit-limit check: refuses (DEPOSIT_LIMIT_EXCEEDED, with the period and what is left of
   * it) a deposit that would take any period's deposits over its limit in force. The payments
   * context asks it under its per-player deposit lock, in its transaction (`runner`), so two
   * deposits cannot both slip under a limit.
   */
  async function assertDepositWithinLimits(playerId: string, amountOre: number, runner: Runner = db) {
    if (!deps.depositedSince) throw new Error('limits: the deposit count (depositedSince) is not wired');
    const current = await currentDepositLimits(playerId, runner);
    for (const [period, limit] of Object.entries(current) as [LimitPeriod, number][]) {
      const used = await depositedInPeriod(playerId, period, runner);
      if (used + amountOre > limit) throw fail('DEPOSIT_LIMIT_EXCEEDED', { period, remainingOre: Math.max(0, limit - used) });
    }
  }

  /** A paused or closed player may not play. */
  async function assertMayPlay(playerId: string) {
    refuseExcluded(await accountState(playerId));
  }

  /** One change at a time per player, across processes: the rule "never without a limit" holds. */
  async function underPlayerLock<T>(playerId: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await lockUntilCommit(tx, `limits:${playerId}`);
      return work(tx as Db);
    });
  }

  function record(change: Record<string, unknown>) {
    deps.log?.({ ...change, at: clock().toISOString() });
  }

  /** The first limit, chosen at registration: in force at once. */
  async function setInitialDepositLimit(tx: Db, playerId: string, period: LimitPeriod, amountOre: number, source = 'registration') {
    if (!isValidDepositLimitOre(amountOre)) throw invalidAmount();
    const now = clock();
    await tx.insert(depositLimits).values({ playerId, period, amountOre, createdAt: now, effectiveAt: now, source });
    record({ playerId, action: 'deposit_limit', period, amountOre, effectiveAt: now.toISOString(), source });
  }

  /**
   * Sets (or with null removes) one period's limit. A tightening applies at once: a lower amount,
   * or a limit for a period that had none (it can only lower what may be deposited). A loosening
   * waits 24 hours: a higher amount, or removing the period's limit, which is refused when it
   * would leave the player with no limit at all.
   */
  async function changeDepositLimit(playerId: string, period: LimitPeriod, amountOre: number | null, source = 'player') {
    if (amountOre !== null && !isValidDepositLimitOre(amountOre)) throw invalidAmount();
    return underPlayerLock(playerId, async (tx) => {
      if ((await accountState(playerId, tx)).status === 'closed') throw fail('ACCOUNT_CLOSED');
      const state = await depositLimitState(playerId, tx);
      const current = state[period].amountOre;
      if (amountOre === null) {
        if (current === null && !state[period].pending) throw fail('LIMIT_NOT_SET');
        // Asking again to remove a limit already on its way out changes nothing.
        const waiting = state[period].pending;
        if (waiting && waiting.amountOre === null) return { period, amountOre, effectiveAt: waiting.effectiveAt, immediate: false };
        // What each other period ends up with once waiting changes apply.
        const othersKept = LIMIT_PERIODS.some(
          (other) => other !== period && (state[other].pending ? state[other].pending!.amountOre : state[other].amountOre) !== null,
        );
        if (!othersKept) throw fail('LAST_LIMIT');
      }
      const now = clock();
      const waits = loosens(current, amountOre);
      const effectiveAt = waits ? new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS) : now;
      await tx.insert(depositLimits).values({ playerId, period, amountOre, createdAt: now, effectiveAt, source });
      record({
        playerId,
        action: amountOre === null ? 'deposit_limit_removed' : 'deposit_limit',
        period,
        amountOre,
        previousOre: current,
        effectiveAt: effectiveAt.toISOString(),
        source,
      });
      return { period, amountOre, effectiveAt, immediate: !waits };
    });
  }

  /** A pause of 24 hours or 30 days from now; it cannot be lifted early. */
  async function startPause(playerId: string, duration: PauseDuration) {
    return underPlayerLock(playerId, async (tx) => {
      if ((await accountState(playerId, tx)).status === 'closed') throw fail('ACCOUNT_CLOSED');
      const now = clock();
      const endsAt = new Date(now.getTime() + PAUSE_DURATION_MS[duration]);
      await tx.insert(accountExclusions).values({ playerId, kind: 'pause', startsAt: now, endsAt, createdAt: now, source: 'player' });
      await deps.endGameSessions?.(playerId, 'pause', tx);
      record({ playerId, action: 'pause', duration, endsAt: endsAt.toISOString(), source: 'player' });
    });
  }

  /** Closes the account for good: the player can still log in and withdraw what is left. */
  async function closeAccount(playerId: string) {
    return underPlayerLock(playerId, async (tx) => {
      if ((await accountState(playerId, tx)).status === 'closed') return;
      const now = clock();
      await tx
        .insert(accountExclusions)
        .values({ playerId, kind: 'closure', startsAt: now, endsAt: null, createdAt: now, source: 'player' });
      await deps.endGameSessions?.(playerId, 'closure', tx);
      record({ playerId, action: 'closure', source: 'player' });
    });
  }

  /**
   * Why a closed account may not be reopened now: not closed (ACCOUNT_NOT_CLOSED), or closed less
   * than REOPEN_AFTER_DAYS ago (ACCOUNT_REOPEN_TOO_EARLY, with `opensAt`); null when it may.
   */
  async function reopenRefusal(playerId: string, runner: Runner = db) {
    const state = await accountState(playerId, runner);
    if (state.status !== 'closed') return fail('ACCOUNT_NOT_CLOSED');
    const opensAt = new Date(state.closedAt.getTime() + REOPEN_AFTER_DAYS * 86_400_000);
    if (clock() < opensAt) return fail('ACCOUNT_REOPEN_TOO_EARLY', { opensAt: opensAt.toISOString() });
    return null;
  }

  /**
   * Reopens a closed account (staff, after four eyes), in the caller's transaction: the closure is
   * lifted by an appended `reopen` row, checked again under the player's lock.
   */
  async function reopenAccount(tx: Db, playerId: string) {
    await lockUntilCommit(tx, `limits:${playerId}`);
    const refused = await reopenRefusal(playerId, tx);
    if (refused) throw refused;
    const now = clock();
    await tx.insert(accountExclusions).values({ playerId, kind: 'reopen', startsAt: now, endsAt: null, createdAt: now, source: 'staff' });
    record({ playerId, action: 'reopen', source: 'staff' });
    return { reopenedAt: now };
  }

  /** Everything the limits page shows: the account's state, and per period the limit, what is left and what waits. */
  async function overview(playerId: string) {
    const [state, limits] = [await accountState(playerId), await depositLimitState(playerId)];
    const periods = [];
    for (const period of LIMIT_PERIODS) {
      const { amountOre, pending } = limits[period];
      const lookBackDays = DEPOSIT_LIMIT_LOOK_BACK_DAYS[period];
      const usedOre = await depositedInPeriod(playerId, period);
      periods.push({
        period,
        amountOre,
        usedOre,
        remainingOre: amountOre === null ? null : Math.max(0, amountOre - usedOre),
        lookBackDays,
        pending,
      });
    }
    return {
      status: state.status,
      pausedUntil: state.status === 'paused' ? state.pausedUntil : null,
      closedAt: state.status === 'closed' ? state.closedAt : null,
      limits: periods,
    };
  }

  /** Every deposit-limit change and every pause or closure of a player, newest first (the back office's player page). */
  async function history(playerId: string) {
    const [limitChanges, exclusions] = await Promise.all([
      db.select().from(depositLimits).where(eq(depositLimits.playerId, playerId)).orderBy(desc(depositLimits.createdAt)).limit(200),
      db
        .select()
        .from(accountExclusions)
        .where(eq(accountExclusions.playerId, playerId))
        .orderBy(desc(accountExclusions.createdAt))
        .limit(200),
    ]);
    return {
      limitChanges: limitChanges.map(({ period, amountOre, createdAt, effectiveAt, source }) => ({
        period,
        amountOre,
        createdAt,
        effectiveAt,
        source,
      })),
      exclusions: exclusions.map(({ kind, startsAt, endsAt, createdAt, source }) => ({ kind, startsAt, endsAt, createdAt, source })),
    };
  }

  return {
    setInitialDepositLimit,
    history,
    currentDepositLimits,
    depositLimitState,
    accountState,
    assertMayDeposit,
    assertDepositWithinLimits,
    assertMayPlay,
    changeDepositLimit,
    startPause,
    closeAccount,
    reopenRefusal,
    reopenAccount,
    overview,
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
export type LimitsOverview = Awaited<ReturnType<LimitsService['overview']>>;
export {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  createMarkers,
  MARKER_KINDS,
  MARKER_WINDOW_DAYS,
  MARKERS,
  type Marker,
  type MarkerKind,
  type Markers,
} from './markers.js';
