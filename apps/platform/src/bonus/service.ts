import { ERROR_CATALOGUE } from '@krone/domain';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { gameTypesOf, type GameType } from '../games/service.js';
import { fail } from '../shared/errors.js';
import type { WalletService } from '../wallet/service.js';
import { bonusFor, DANISH_BONUS_CAPS, MAX_BONUS_CODE_LENGTH, normaliseBonusCode, type BonusCode } from './codes.js';
import { createFreeRounds } from './free-rounds.js';
import { windowAt } from './windows.js';
export {
  bonusFor,
  DANISH_BONUS_CAPS,
  freeRoundsValueOre,
  MAX_BONUS_CODE_LENGTH,
  normaliseBonusCode,
  parseBonusCodes,
  readBonusCodes,
  seedBonusCodes,
  type BonusCode,
  type BonusCodeTerms,
} from './codes.js';
export { createCodeAdmin, type CodeAdmin, type CodeState } from './code-admin.js';
import { bonusCodes, bonusGrants, freeRoundGrants } from './schema.js';
import { weightedWageringOre } from './wagering.js';

/** The code of a bonus given outside a campaign (four eyes): what the player's bonus list and the ledger call it. */
export const MANUAL_BONUS_CODE = 'KUNDESERVICE';

/** Spec §1: the largest stake a player with an open bonus may place (100 kr). */
export const BONUS_MAX_BET_ORE = 10_000;

type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'transaction' | 'execute'>;
export type BonusGrant = typeof bonusGrants.$inferSelect;
/**
 * What a code's usage rules need to know of the player, from the contexts that own it: whether a
 * deposit of theirs has already succeeded (payments), and whether they declined the welcome bonus
 * at registration (players).
 */
export type UsageFacts = {
  hasEarlierDeposit: boolean;
  declinedWelcomeBonus: boolean;
  /** The deposit's payment method, and whether a deposit of the player's by it already succeeded (absent: a claim before any deposit). */
  method?: 'card' | 'mobilepay';
  hasEarlierMethodDeposit?: boolean;
};

/**
 * Bonus codes and the bonuses they grant. A code is checked before any money moves (the deposit
 * routes); the bonus is granted once, when the deposit succeeds, in the same transaction as the
 * deposit's credit, through the ledger (`bonus_grant`, bonus_cost → player_bonus).
 */
export function createBonusService(
  db: Db,
  clock: () => Date,
  wallet: WalletService,
  ports: {
    /** The game type of each title named (the games catalogue's), read in the caller's transaction. */
    gameTypes?: (ids: string[], runner: Pick<Db, 'select'>) => Promise<Map<string, GameType>>;
  } = {},
) {
  const gameTypes = ports.gameTypes ?? gameTypesOf;
  const freeRounds = createFreeRounds(db, clock);
  /** The player's open bonus (at most one: `bonus_grants_open_key`); callers add a lock where they need it. */
  const openGrantOf = (runner: Pick<Db, 'select'>, playerId: string) =>
    runner
      .select()
      .from(bonusGrants)
      .where(and(eq(bonusGrants.playerId, playerId), isNull(bonusGrants.endedAt)));

  const invalid = () => fail('INVALID_BONUS_CODE', { fields: { bonusCode: 'deposit.error_bonus_code' } });
  const refusal = (
    code:
      | 'BONUS_DECLINED_AT_REGISTRATION'
      | 'BONUS_CODE_USED'
      | 'BONUS_FIRST_DEPOSIT_ONLY'
      | 'BONUS_PAYMENT_METHOD'
      | 'BONUS_FIRST_METHOD_DEPOSIT_ONLY'
      | 'BONUS_OUTSIDE_WINDOW',
    details: Record<string, unknown> = {},
  ) => fail(code, { fields: { bonusCode: ERROR_CATALOGUE[code].messageKey }, ...details });

  /**
   * The code's usage rules for this player, or null when they allow it: never for a player who
   * declined the welcome bonus at registration (a welcome offer), only with the player's first
   * deposit, and at most `maxUsesPerPlayer` grants per player. The grant runs it again under the
   * player's locks, so two deposits racing past the check at the start earn one bonus.
   */
  async function usageRefusal(
    runner: Pick<Db, 'select'>,
    code: BonusCode,
    playerId: string,
    facts: UsageFacts,
    paymentId?: string,
    at: Date = clock(),
  ) {
    if (code.welcomeOffer && facts.declinedWelcomeBonus) return refusal('BONUS_DECLINED_AT_REGISTRATION');
    const conditions = [eq(bonusGrants.playerId, playerId), eq(bonusGrants.code, code.code)];
    if (paymentId) conditions.push(sql`${bonusGrants.paymentId} <> ${paymentId}`);
    if (code.weeklyWindow) {
      // A weekly offer is claimable within its window, its uses counted per occurrence (a weekend's).
      const window = windowAt(code.weeklyWindow, at);
      if (!window.open) return refusal('BONUS_OUTSIDE_WINDOW', { opensAt: window.opensAt?.toISOString() });
      conditions.push(gte(bonusGrants.grantedAt, window.openedAt!));
    }
    const [used] = await runner
      .select({ n: count() })
      .from(bonusGrants)
      .where(and(...conditions));
    if ((used?.n ?? 0) >= code.maxUsesPerPlayer) return refusal('BONUS_CODE_USED');
    if (code.firstDepositOnly && facts.hasEarlierDeposit) return refusal('BONUS_FIRST_DEPOSIT_ONLY');
    if (code.paymentMethod && facts.method && facts.method !== code.paymentMethod) return refusal('BONUS_PAYMENT_METHOD');
    if (code.firstMethodDepositOnly && facts.hasEarlierMethodDeposit) return refusal('BONUS_FIRST_METHOD_DEPOSIT_ONLY');
    return null;
  }

  /**
   * The code a deposit may use, or a refusal: empty, unknown, outside its validity, a deposit
   * below its minimum (400 INVALID_BONUS_CODE), its usage rules (409 BONUS_DECLINED_AT_REGISTRATION,
   * BONUS_FIRST_DEPOSIT_ONLY, BONUS_CODE_USED), or another bonus still open (409 BONUS_ALREADY_ACTIVE).
   */
  async function checkCode(raw: string, depositOre: number, playerId: string, facts: UsageFacts): Promise<BonusCode> {
    const code = normaliseBonusCode(raw);
    if (!code) throw fail('BONUS_CODE_EMPTY', { fields: { bonusCode: 'validation.bonus_code_empty' } });
    if (code.length > MAX_BONUS_CODE_LENGTH) throw invalid();
    const [row] = await db.select().from(bonusCodes).where(eq(bonusCodes.code, code)).limit(1);
    const now = clock();
    if (!row || row.validFrom > now || row.validUntil <= now || depositOre < row.minDepositOre) throw invalid();
    const refused = await usageRefusal(db, row, playerId, facts);
    if (refused) throw refused;
    // One bonus at a time: the open one is settled first (wagered through or expired ends it).
    const open = await settle(playerId);
    if (open) {
      throw fail('BONUS_ALREADY_ACTIVE', { fields: { bonusCode: 'deposit.error_bonus_active' }, expiresAt: open.expiresAt.toISOString() });
    }
    return row;
  }

  /**
   * Grants the code's bonus for a succeeded deposit, at most once per payment (unique key and
   * ledger key), inside the caller's transaction, after `lockForGrant` (the player's money rows
   * locked, so grants of one player run one at a time). The code's usage rules are checked again
   * here, with the facts as they stand under those locks: a deposit that raced past the check at
   * the start goes through without a bonus. Answers the grant, or null when the deposit earns none.
   */
  async function grantForDeposit(
    tx: Runner,
    input: { playerId: string; paymentId: string; depositOre: number; code: string; facts: UsageFacts; startedAt?: Date },
  ) {
    const [code] = await tx
      .select()
      .from(bonusCodes)
      .where(eq(bonusCodes.code, normaliseBonusCode(input.code)))
      .limit(1);
    if (!code) return null;
    const amountOre = bonusFor(code, input.depositOre);
    if (amountOre <= 0) return null;
    const [mine] = await tx.select().from(bonusGrants).where(eq(bonusGrants.paymentId, input.paymentId)).limit(1);
    // A weekly window is judged at the deposit's start (a deposit begun in it and credited after still earns it).
    if (!mine && (await usageRefusal(tx, code, input.playerId, input.facts, input.paymentId, input.startedAt ?? clock()))) return null;
    const now = clock();
    // The player's open bonus, if it has run out meanwhile, ends first (in this transaction).
    const [open] = await openGrantOf(tx, input.playerId).for('update');
    if (open && open.paymentId !== input.paymentId) await settleGrant(tx, open);
    await tx
      .insert(bonusGrants)
      .values({
        playerId: input.playerId,
        code: code.code,
        kind: code.kind,
        paymentId: input.paymentId,
        amountOre,
        // Spec §1 and the Danish cap: the deposit and the bonus, wagered `wageringMultiple` times.
        wageringRequirementOre: (input.depositOre + amountOre) * code.wageringMultiple,
        grantedAt: now,
        expiresAt: new Date(now.getTime() + code.grantValidDays * 86_400_000),
      })
      // Conflicts: this payment's grant exists (a repeat), or another bonus is still open (two
      // deposits with a code raced past checkCode): then this deposit earns none.
      .onConflictDoNothing();
    const [grant] = await tx.select().from(bonusGrants).where(eq(bonusGrants.paymentId, input.paymentId)).limit(1);
    if (!grant) return null;
    if (grant.kind === 'free_rounds') {
      // Free rounds move no money when given: the rounds are the grant (their wins go to the bonus balance).
      await tx
        .insert(freeRoundGrants)
        .values({
          bonusGrantId: grant.id,
          playerId: grant.playerId,
          gameIds: code.freeRoundGameIds ?? [],
          stakeOre: code.freeRoundStakeOre ?? 0,
          roundsTotal: code.freeRounds ?? 0,
          grantedAt: grant.grantedAt,
          expiresAt: grant.expiresAt,
        })
        .onConflictDoNothing();
      return grant;
    }
    if (grant.transferId) return grant;
    const transfer = await wallet.transfer(
      {
        idempotencyKey: `bonus:${grant.id}`,
        kind: 'bonus_grant',
        entries: [
          { accountId: await wallet.systemAccount('bonus_cost', tx), amountOre: -grant.amountOre },
          { accountId: await wallet.playerAccount(input.playerId, 'player_bonus', tx), amountOre: grant.amountOre },
        ],
        reference: { grantId: grant.id, code: grant.code },
      },
      tx,
    );
    await tx.update(bonusGrants).set({ transferId: transfer.transferId }).where(eq(bonusGrants.id, grant.id));
    return { ...grant, transferId: transfer.transferId };
  }

  /** The bonus a payment earned, for its receipt: with the free rounds it granted, if any. */
  async function grantForPayment(paymentId: string) {
    const [grant] = await db.select().from(bonusGrants).where(eq(bonusGrants.paymentId, paymentId)).limit(1);
    if (!grant) return null;
    const rounds = grant.kind === 'free_rounds' ? await freeRounds.ofBonusGrant(grant.id) : null;
    return { ...grant, freeRounds: rounds && { roundsTotal: rounds.roundsTotal, stakeOre: rounds.stakeOre, gameIds: rounds.gameIds } };
  }

  /**
   * What the bonus's stakes until `until` count toward its requirement: the player's stakes since
   * the grant, per game, each weighed by its game type (wagering.ts: slots in full, table and live
   * games 10 %).
   */
  async function wageredFor(tx: Runner, grant: BonusGrant, until: Date) {
    const stakes = await wallet.stakedByGameBetween(grant.playerId, grant.grantedAt, until, tx);
    const types = await gameTypes(
      stakes.flatMap(({ gameId }) => (gameId === null ? [] : [gameId])),
      tx,
    );
    return weightedWageringOre(stakes, types);
  }

  /**
   * Counts an open bonus's wagering from the ledger and ends it when due, inside the caller's
   * transaction (the grant row locked by the caller):
   * - wagered through (stakes from its grant until now, or until it expired, reach the
   *   requirement): `completed`, the whole bonus balance moves to cash (`bonus_convert`);
   * - expired before that: `forfeited`, the whole bonus balance goes back (`bonus_forfeit`);
   * - otherwise the count is kept on the grant (`wagered_ore`, `checked_at`).
   * The bonus balance's row is locked before it is read, so no stake moves it meanwhile. The
   * ledger keys (`bonus-end:<grant id>`) make the money move once whatever retries.
   * Answers the grant as it now stands.
   */
  async function settleGrant(tx: Runner, grant: BonusGrant): Promise<BonusGrant> {
    if (grant.endedAt) return grant;
    const now = clock();
    const until = now < grant.expiresAt ? now : grant.expiresAt;
    const wagered = await wageredFor(tx, grant, until);
    // A free-rounds bonus converts once its wagering is met and its rounds are played (or expired).
    const roundsLeft = grant.kind === 'free_rounds' && now < grant.expiresAt ? await freeRounds.roundsLeftOf(tx, grant.id) : 0;
    const completed = wagered >= grant.wageringRequirementOre && roundsLeft === 0;
    if (!completed && now < grant.expiresAt) {
      const [kept] = await tx
        .update(bonusGrants)
        .set({ wageredOre: wagered, checkedAt: now })
        .where(eq(bonusGrants.id, grant.id))
        .returning();
      return kept!;
    }
    const endTransferId = await moveWholeBonusBalance(tx, grant, completed, async () => `bonus-end:${grant.id}`);
    await freeRounds.endWith(tx, grant.id, now);
    const [ended] = await tx
      .update(bonusGrants)
      .set({ wageredOre: wagered, checkedAt: now, endedAt: now, outcome: completed ? 'completed' : 'forfeited', endTransferId })
      .where(eq(bonusGrants.id, grant.id))
      .returning();
    return ended!;
  }

  /**
   * Brings the player's open bonus up to date (see settleGrant), in a transaction of its own that
   * holds the grant's row, so two processes never settle one bonus at once. Answers the bonus as
   * it now stands (ended or still open), or null when the player had none open.
   */
  async function settleOpenGrant(playerId: string): Promise<BonusGrant | null> {
    // Most looks are by players with no bonus at all: one read, no transaction.
    const [any] = await db.select({ id: bonusGrants.id }).from(bonusGrants).where(eq(bonusGrants.playerId, playerId)).limit(1);
    if (!any) return null;
    return db.transaction(async (tx) => {
      const [open] = await openGrantOf(tx, playerId).for('update');
      if (open) return settleGrant(tx, open);
      await settleLateBonusMoney(tx, playerId);
      return null;
    });
  }

  /**
   * Money that reaches the bonus balance after the player's last bonus ended (a win of a round
   * staked before the end, a reversed stake from bonus) follows that bonus: to cash if it was
   * wagered through, back to the house if it was forfeited. Keyed by the transfer that brought it
   * (`bonus-late:<transfer id>`), so it moves once. Money in a bonus balance of a player who never
   * had a grant (moved there by another context) is left alone.
   */
  async function settleLateBonusMoney(tx: Runner, playerId: string) {
    const [last] = await tx
      .select()
      .from(bonusGrants)
      .where(eq(bonusGrants.playerId, playerId))
      .orderBy(desc(bonusGrants.endedAt))
      .limit(1);
    if (!last?.endedAt || last.outcome === 'merged') return;
    if ((await wallet.playerBalances(playerId, tx)).player_bonus <= 0) return;
    await moveWholeBonusBalance(
      tx,
      last,
      last.outcome === 'completed',
      async (bonusAccount) => `bonus-late:${await wallet.latestTransferOn(bonusAccount, tx)}`,
    );
  }

  /** Locks the player's bonus and cash rows, in id order as every transfer locks them; answers both ids and the bonus balance. */
  async function lockMoney(tx: Runner, playerId: string) {
    const bonusAccount = await wallet.playerAccount(playerId, 'player_bonus', tx);
    const cashAccount = await wallet.playerAccount(playerId, 'player_cash', tx);
    const balances = await wallet.lockBalances([bonusAccount, cashAccount], tx);
    return { bonusAccount, cashAccount, bonusOre: balances.get(bonusAccount) ?? 0 };
  }

  /**
   * Moves the player's whole bonus balance, its rows locked first: to cash (`bonus_convert`) or
   * back to the house (`bonus_forfeit`), with the grant as reference and the key given (read
   * under the lock). Answers the transfer, or null when the balance is empty.
   */
  async function moveWholeBonusBalance(
    tx: Runner,
    grant: BonusGrant,
    toCash: boolean,
    key: (bonusAccount: string) => Promise<string>,
    extraReference: Record<string, string> = {},
  ) {
    const { bonusAccount, cashAccount, bonusOre } = await lockMoney(tx, grant.playerId);
    if (bonusOre <= 0) return null;
    const moved = await wallet.transfer(
      {
        idempotencyKey: await key(bonusAccount),
        kind: toCash ? 'bonus_convert' : 'bonus_forfeit',
        entries: [
          { accountId: bonusAccount, amountOre: -bonusOre },
          { accountId: toCash ? cashAccount : await wallet.systemAccount('bonus_cost', tx), amountOre: bonusOre },
        ],
        reference: { grantId: grant.id, code: grant.code, bonusKind: grant.kind, ...extraReference },
      },
      tx,
    );
    return moved.transferId;
  }

  /**
   * A withdrawal asked while a bonus is open forfeits that bonus (the bonus money and its wagering,
   * never the player's own), inside the withdrawal's transaction before its hold, so both happen or
   * neither. Under the grant's row lock the bonus is first brought up to date: one wagered through
   * meanwhile turns into cash as ever, one expired ends as ever, and neither asks anything. Still
   * open with money in its balance, it is refused `WITHDRAWAL_FORFEITS_BONUS` with that balance
   * (`bonusOre`) unless the player confirmed (`confirmed`); confirmed, or with an empty balance, the
   * whole bonus balance goes back to the house (`bonus_forfeit`, key `bonus-end:<grant id>`, the
   * withdrawal in its reference, so the audit log's transfer entry names it) and the bonus ends
   * `forfeited`, naming the withdrawal. Answers what was forfeited, in øre (0 when nothing was open).
   */
  async function forfeitForWithdrawal(tx: Runner, input: { playerId: string; withdrawalId: string; confirmed: boolean }) {
    const [open] = await openGrantOf(tx, input.playerId).for('update');
    if (!open) return 0;
    const current = await settleGrant(tx, open);
    if (current.endedAt) return 0;
    const { bonusOre } = await lockMoney(tx, input.playerId);
    // Free rounds still to play are forfeited too: asked as bonus money is, never ended unasked.
    const freeRoundsLeft = current.kind === 'free_rounds' ? await freeRounds.roundsLeftOf(tx, current.id) : 0;
    if ((bonusOre > 0 || freeRoundsLeft > 0) && !input.confirmed)
      throw fail('WITHDRAWAL_FORFEITS_BONUS', { bonusOre: Math.max(bonusOre, 0), freeRoundsLeft });
    const endTransferId = await moveWholeBonusBalance(tx, current, false, async () => `bonus-end:${current.id}`, {
      withdrawalId: input.withdrawalId,
    });
    const now = clock();
    await freeRounds.endWith(tx, current.id, now);
    await tx
      .update(bonusGrants)
      .set({ endedAt: now, checkedAt: now, outcome: 'forfeited', endTransferId, forfeitedByWithdrawalId: input.withdrawalId })
      .where(eq(bonusGrants.id, current.id));
    return Math.max(bonusOre, 0);
  }

  /**
   * The player's open bonus as a withdrawal would find it, brought up to date first: the bonus
   * balance it would forfeit and when it would expire, or null when none is open.
   */
  async function openBonusForWithdrawal(playerId: string) {
    const open = await settle(playerId);
    if (!open) return null;
    const { player_bonus: bonusOre } = await wallet.playerBalances(playerId);
    const freeRoundsLeft = open.kind === 'free_rounds' ? await freeRounds.roundsLeftOf(db, open.id) : 0;
    return { bonusOre: Math.max(bonusOre, 0), freeRoundsLeft, expiresAt: open.expiresAt };
  }

  /**
   * Inside a deposit's credit, before any of its money moves: locks the player's open bonus and
   * then their cash and bonus rows (in id order), the order every settlement takes, so granting
   * a bonus never waits in a circle with a settlement or a stake.
   */
  async function lockForGrant(tx: Runner, playerId: string) {
    await openGrantOf(tx, playerId).for('update');
    await lockMoney(tx, playerId);
  }

  /**
   * Checks a bonus given outside a campaign against the Danish caps (no deposit: worth at most
   * 1.000 kr., wagering at most 10 × the bonus, 60 days to meet it): MANUAL_BONUS_INVALID.
   */
  function assertManualBonus(amountOre: number, wageringMultiple: number) {
    if (
      !Number.isSafeInteger(amountOre) ||
      amountOre <= 0 ||
      amountOre > DANISH_BONUS_CAPS.maxBonusOre ||
      !Number.isSafeInteger(wageringMultiple) ||
      wageringMultiple < 1 ||
      wageringMultiple > DANISH_BONUS_CAPS.maxWageringMultiple
    )
      throw fail('MANUAL_BONUS_INVALID', { maxOre: DANISH_BONUS_CAPS.maxBonusOre });
  }

  /**
   * A bonus given outside a campaign (a four-eyes proposal approved, staff/proposals.ts), in the
   * approval's transaction: a money bonus of `amountOre` with `wageringMultiple` × the bonus to
   * wager within DANISH_BONUS_CAPS.minValidDays, once per proposal (unique, and the ledger's key).
   * Refused while the player has another bonus open (BONUS_ALREADY_ACTIVE): one bonus at a time.
   */
  async function grantOutsideCampaign(
    tx: Runner,
    input: { playerId: string; amountOre: number; wageringMultiple: number; proposalId: string },
  ) {
    assertManualBonus(input.amountOre, input.wageringMultiple);
    await lockForGrant(tx, input.playerId);
    const [open] = await openGrantOf(tx, input.playerId);
    if (open && !(await settleGrant(tx, open)).endedAt) throw fail('BONUS_ALREADY_ACTIVE');
    const now = clock();
    const [grant] = await tx
      .insert(bonusGrants)
      .values({
        playerId: input.playerId,
        code: MANUAL_BONUS_CODE,
        kind: 'money',
        paymentId: null,
        proposalId: input.proposalId,
        amountOre: input.amountOre,
        wageringRequirementOre: input.amountOre * input.wageringMultiple,
        grantedAt: now,
        expiresAt: new Date(now.getTime() + DANISH_BONUS_CAPS.minValidDays * 86_400_000),
      })
      .returning();
    const transfer = await wallet.transfer(
      {
        idempotencyKey: `bonus:${grant!.id}`,
        kind: 'bonus_grant',
        entries: [
          { accountId: await wallet.systemAccount('bonus_cost', tx), amountOre: -grant!.amountOre },
          { accountId: await wallet.playerAccount(input.playerId, 'player_bonus', tx), amountOre: grant!.amountOre },
        ],
        reference: { grantId: grant!.id, code: MANUAL_BONUS_CODE, proposalId: input.proposalId },
      },
      tx,
    );
    await tx.update(bonusGrants).set({ transferId: transfer.transferId }).where(eq(bonusGrants.id, grant!.id));
    return { grantId: grant!.id, transferId: transfer.transferId, amountOre: grant!.amountOre, expiresAt: grant!.expiresAt };
  }

  /** Whether the player has a bonus open now (brought up to date first): a bonus outside a campaign is not proposed then. */
  async function hasOpenBonus(playerId: string) {
    return (await settle(playerId)) !== null;
  }

  /** The player's bonus still open once brought up to date, or null. */
  async function settle(playerId: string): Promise<BonusGrant | null> {
    const grant = await settleOpenGrant(playerId);
    return grant && !grant.endedAt ? grant : null;
  }

  /**
   * Settles open bonuses in the background: those that have expired first, then those counted
   * longest ago, at most `limit` in one run. Answers how many were looked at and how many ended.
   */
  async function settleOpen(limit = 200) {
    const now = clock();
    const due = await db
      .select({ playerId: bonusGrants.playerId })
      .from(bonusGrants)
      .where(isNull(bonusGrants.endedAt))
      .orderBy(
        sql`${bonusGrants.expiresAt} > ${now.toISOString()}::timestamptz`,
        asc(sql`coalesce(${bonusGrants.checkedAt}, ${bonusGrants.grantedAt})`),
      )
      .limit(limit);
    const totals = { checked: 0, completed: 0, forfeited: 0 };
    for (const { playerId } of due) {
      const grant = await settleOpenGrant(playerId);
      totals.checked += 1;
      if (grant?.outcome === 'completed') totals.completed += 1;
      if (grant?.outcome === 'forfeited') totals.forfeited += 1;
    }
    return totals;
  }

  /**
   * The account summary's wagering figures of the player's open bonus, counted from the ledger
   * first (so a bonus wagered through turns into cash, and an expired one ends, as the player
   * looks): what is to be wagered, and the share already wagered. Without one, both are 0.
   */
  async function wageringSummary(playerId: string, options: { settle?: boolean } = {}) {
    const open =
      options.settle === false
        ? ((await openGrantOf(db, playerId)).find((grant) => grant.expiresAt > clock()) ?? null)
        : await settle(playerId);
    const required = open?.wageringRequirementOre ?? 0;
    const wagered = Math.min(open?.wageredOre ?? 0, required);
    return {
      TotalActiveWageringRequirement: required,
      // Rounded down to 0.01 %: never shows more wagered than there is.
      TotalActiveBonusWageredFraction: required > 0 ? Math.floor((wagered * 10_000) / required) / 10_000 : 0,
    };
  }

  /**
   * Spec §1: while a bonus is open, a stake may be at most 100 kr. Refuses a larger stake of a
   * player with an open, unexpired bonus (BONUS_MAX_BET); smaller stakes cost no look-up. A bonus
   * found open is settled first: one wagered through a moment ago no longer limits the stake.
   */
  async function assertStakeAllowed(playerIds: string[], stakeOre: number) {
    if (stakeOre <= BONUS_MAX_BET_ORE || playerIds.length === 0) return;
    const open = await db
      .select({ playerId: bonusGrants.playerId })
      .from(bonusGrants)
      .where(and(inArray(bonusGrants.playerId, playerIds), isNull(bonusGrants.endedAt), gt(bonusGrants.expiresAt, clock())));
    for (const { playerId } of open) {
      if (await settle(playerId)) throw fail('BONUS_MAX_BET', { maxBetOre: BONUS_MAX_BET_ORE });
    }
  }

  /**
   * The player's bonuses, newest first, for the back office's player page: the code, its kind and
   * value, the wagering as last counted from the ledger (`checkedAt`: a read moves no money, the
   * background settlement and the player's own calls count it), expiry and how it ended; a
   * free-rounds bonus with its rounds used and what they won.
   */
  async function grantsOf(playerId: string, limit = 100) {
    return db
      .select({
        id: bonusGrants.id,
        code: bonusGrants.code,
        kind: bonusGrants.kind,
        amountOre: bonusGrants.amountOre,
        wageringRequirementOre: bonusGrants.wageringRequirementOre,
        wageredOre: bonusGrants.wageredOre,
        checkedAt: bonusGrants.checkedAt,
        grantedAt: bonusGrants.grantedAt,
        expiresAt: bonusGrants.expiresAt,
        endedAt: bonusGrants.endedAt,
        outcome: bonusGrants.outcome,
        freeRoundsTotal: freeRoundGrants.roundsTotal,
        freeRoundsUsed: freeRoundGrants.roundsUsed,
        freeRoundsWonOre: freeRoundGrants.wonOre,
      })
      .from(bonusGrants)
      .leftJoin(freeRoundGrants, eq(freeRoundGrants.bonusGrantId, bonusGrants.id))
      .where(eq(bonusGrants.playerId, playerId))
      .orderBy(desc(bonusGrants.grantedAt))
      .limit(limit);
  }

  return {
    freeRounds,
    grantsOf,
    /** A code's usage rules for the player now (null: they allow it), for the offers a player is shown (offers.ts). */
    usageRefusalOf: (code: BonusCode, playerId: string, facts: UsageFacts) => usageRefusal(db, code, playerId, facts),
    checkCode,
    lockForGrant,
    grantForDeposit,
    grantForPayment,
    assertManualBonus,
    grantOutsideCampaign,
    hasOpenBonus,
    wageringSummary,
    settle,
    settleOpen,
    assertStakeAllowed,
    forfeitForWithdrawal,
    openBonusForWithdrawal,
  };
}

export type BonusService = ReturnType<typeof createBonusService>;
