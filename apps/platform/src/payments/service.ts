import { MAX_DEPOSIT_ORE, MIN_DEPOSIT_ORE } from '@krone/domain';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { BonusService } from '../bonus/service.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { LimitsService } from '../limits/service.js';
import type { PlayersService } from '../players/service.js';
import { lockUntilCommit } from '../shared/db.js';
import { checkSignature } from '../shared/signed-requests.js';
import { fail } from '../shared/errors.js';
import type { WalletService } from '../wallet/service.js';
import { UNSETTLED_DEPOSIT_STATUSES } from './history.js';
import { createCardProvider, createMobilePayProvider, type ProviderOutcome } from './providers.js';
import { payments } from './schema.js';

/** A webhook older (or newer) than this is refused: a replay of a captured request gets nowhere. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type PaymentMethod = 'card' | 'mobilepay';
const UNDER_WAY: readonly string[] = UNSETTLED_DEPOSIT_STATUSES;

/** The page the provider sends the browser back to, naming our payment (`deposit=<id>`). */
function returnUrlFor(returnUrl: string, paymentId: string) {
  const url = new URL(returnUrl);
  url.searchParams.set('deposit', paymentId);
  return url.toString();
}

/** A provider's webhook event, in our shape (each route turns its provider's event into this). */
export interface ProviderEvent {
  providerPaymentId: string;
  /** Our payment id, which we gave the provider as its reference. */
  reference: string;
  amountOre: number;
  succeeded: boolean;
  failureCode: string | null;
}

/** Checks `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` in constant time, within the tolerance. */
export function verifyWebhookSignature(header: string | undefined, body: string, secret: string, now: Date): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  return checkSignature({ timestamp: match[1], signature: match[2], body, secret, now }, WEBHOOK_TOLERANCE_SECONDS) === 'ok';
}

export interface PaymentsDeps {
  db: Db;
  config: Config;
  clock: () => Date;
  wallet: WalletService;
  limits: LimitsService;
  bonus: BonusService;
  players: Pick<PlayersService, 'markDepositor' | 'declinedWelcomeBonus' | 'mobilePaySettings'>;
  /** The providers' HTTP; tests may pass their own. */
  fetch?: typeof fetch;
}

type Payment = typeof payments.$inferSelect;

/**
 * Deposits by card and MobilePay. Before any money moves: the amount (≥ 100 kr.), the bonus
 * code, and the player's deposit limits, counted over their look-back windows including deposits
 * still under way, under a per-player lock so two deposits cannot both slip under a limit. A
 * success is credited once (`deposit:<payment id>`), with its bonus and the first-deposit mark,
 * in one transaction, whichever of the provider's answer, its webhook or our own look at the
 * provider comes first.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, config, clock, wallet, limits, bonus } = deps;
  const http = deps.fetch ?? fetch;
  const cards = createCardProvider(config, http);
  const mobilePay = createMobilePayProvider(config, http);

  /**
   * What a bonus code's usage rules need to know of the player (bonus `UsageFacts`): a deposit of
   * theirs that already succeeded (other than this one), and their registration choice (players).
   */
  async function bonusFacts(playerId: string, runner: Pick<Db, 'select'>, method: PaymentMethod, exceptPaymentId?: string) {
    const conditions = [eq(payments.playerId, playerId), eq(payments.status, 'succeeded')];
    if (exceptPaymentId) conditions.push(sql`${payments.id} <> ${exceptPaymentId}`);
    const earlier = await runner
      .select({ method: payments.method })
      .from(payments)
      .where(and(...conditions))
      .groupBy(payments.method);
    return {
      hasEarlierDeposit: earlier.length > 0,
      declinedWelcomeBonus: await deps.players.declinedWelcomeBonus(playerId, runner),
      method,
      hasEarlierMethodDeposit: earlier.some((row) => row.method === method),
    };
  }

  /**
   * What every deposit checks before a provider hears of it, whatever the method: the amount, the
   * player's state, the bonus code and the deposit limits (the limits context's check, under the
   * per-player lock). Answers the new payment row, status created.
   */
  async function openPayment(playerId: string, method: PaymentMethod, input: { amountOre: number; bonusCode?: string }) {
    if (!Number.isSafeInteger(input.amountOre) || input.amountOre < MIN_DEPOSIT_ORE)
      throw fail('DEPOSIT_TOO_SMALL', { fields: { amount: 'deposit.min_amount' } });
    if (input.amountOre > MAX_DEPOSIT_ORE) throw fail('DEPOSIT_TOO_LARGE', { fields: { amount: 'validation.invalid_input' } });
    // Paused, closed, or without a deposit limit yet: no deposit (limits context).
    await limits.assertMayDeposit(playerId);
    const code =
      input.bonusCode === undefined
        ? null
        : await bonus.checkCode(input.bonusCode, input.amountOre, playerId, await bonusFacts(playerId, db, method));
    // Deposits still under way count toward the limits: first learn from the providers which of
    // them have ended (an unanswered MobilePay request expires, a challenge fails), so a payment
    // the player walked away from does not hold the limit.
    await settleUnderWay(playerId);

    return db.transaction(async (tx) => {
      // One deposit decision at a time per player, across processes. Everything inside reads
      // through the transaction: the embedded database has one connection.
      await lockUntilCommit(tx, `deposit:${playerId}`);
      await limits.assertDepositWithinLimits(playerId, input.amountOre, tx);
      const now = clock();
      const [row] = await tx
        .insert(payments)
        .values({
          playerId,
          method,
          amountOre: input.amountOre,
          status: 'created',
          bonusCode: code?.code ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    });
  }

  /** Asks the providers about the player's latest payments still under way (a few, bounded). */
  async function settleUnderWay(playerId: string) {
    const open = await db
      .select()
      .from(payments)
      .where(and(eq(payments.playerId, playerId), inArray(payments.status, UNDER_WAY)))
      .orderBy(desc(payments.createdAt))
      .limit(5);
    for (const payment of open) await refresh(payment);
  }

  /**
   * Credits a succeeded payment, once: under the payment row's lock, the ledger transfer, the
   * bonus grant, the first-deposit mark and the payment's status commit together or not at all.
   * A second call (webhook, answer, our own look) finds it succeeded and changes nothing.
   */
  async function credit(paymentId: string) {
    await db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1).for('update');
      if (!payment || payment.status === 'succeeded') return;
      // With a bonus to grant, the bonus's locks are taken first, in the order settlements take them.
      if (payment.bonusCode) await bonus.lockForGrant(tx, payment.playerId);
      const transfer = await wallet.transfer(
        {
          idempotencyKey: `deposit:${payment.id}`,
          kind: 'deposit',
          entries: [
            { accountId: await wallet.systemAccount('payment_clearing', tx), amountOre: -payment.amountOre },
            { accountId: await wallet.playerAccount(payment.playerId, 'player_cash', tx), amountOre: payment.amountOre },
          ],
          reference: { paymentId: payment.id, method: payment.method },
        },
        tx,
      );
      if (payment.bonusCode) {
        // The code's usage rules again, under the player's locks taken above: of two deposits with
        // a first-deposit code racing here, the second sees the first succeeded.
        const facts = await bonusFacts(payment.playerId, tx, payment.method as PaymentMethod, payment.id);
        await bonus.grantForDeposit(tx, {
          playerId: payment.playerId,
          paymentId: payment.id,
          depositOre: payment.amountOre,
          code: payment.bonusCode,
          facts,
          startedAt: payment.createdAt,
        });
      }
      await deps.players.markDepositor(payment.playerId, tx);
      const now = clock();
      await tx
        .update(payments)
        .set({ status: 'succeeded', transferId: transfer.transferId, failureCode: null, actionUrl: null, settledAt: now, updatedAt: now })
        .where(eq(payments.id, payment.id));
    });
  }

  /** A payment that failed: recorded, unless it already succeeded (a late or reordered event). */
  async function markFailed(paymentId: string, code: string) {
    const now = clock();
    await db
      .update(payments)
      .set({ status: 'failed', failureCode: code.slice(0, 60), actionUrl: null, settledAt: now, updatedAt: now })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, UNDER_WAY)));
  }

  async function load(paymentId: string) {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    return payment;
  }

  /** Applies what the provider said about a payment of ours. */
  async function apply(payment: Payment, outcome: ProviderOutcome & { kind: 'answer' }) {
    await db
      .update(payments)
      .set({
        providerPaymentId: payment.providerPaymentId ?? outcome.id,
        last4: payment.last4 ?? outcome.last4 ?? null,
        actionUrl: outcome.actionUrl ?? payment.actionUrl,
        updatedAt: clock(),
      })
      .where(eq(payments.id, payment.id));
    if (outcome.status === 'succeeded') await credit(payment.id);
    else if (outcome.status === 'failed') await markFailed(payment.id, outcome.failureCode ?? 'failed');
    else if (outcome.status === 'requires_action') {
      await db
        .update(payments)
        .set({ status: 'requires_action', updatedAt: clock() })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')));
    }
  }

  /** A refusal at the start: recorded on the payment, answered with its code. */
  async function refused(payment: Payment, outcome: Exclude<ProviderOutcome, { kind: 'answer' }>): Promise<never> {
    // No answer at all: the payment stays "created"; the provider's webhook settles it either way.
    if (outcome.kind === 'unreachable') throw fail('PAYMENT_PROVIDER_ERROR');
    await markFailed(payment.id, outcome.detail);
    if (outcome.reason === 'invalid_token') throw fail('CARD_DETAILS_INCORRECT', undefined, { status: 400 });
    throw fail('PAYMENT_PROVIDER_ERROR');
  }

  /**
   * Starts a card deposit with a token from the provider's tokenisation endpoint. Answers where
   * the payment stands: succeeded (credited), requires_action (the 3-D Secure page to open), or a
   * refusal with the provider's reason.
   */
  async function startCardDeposit(playerId: string, input: { token: string; amountOre: number; returnUrl: string; bonusCode?: string }) {
    const payment = await openPayment(playerId, 'card', input);
    const outcome = await cards.charge({
      paymentId: payment.id,
      token: input.token,
      amountOre: input.amountOre,
      returnUrl: returnUrlFor(input.returnUrl, payment.id),
    });
    if (outcome.kind !== 'answer') return refused(payment, outcome);
    await apply(payment, outcome);
    if (outcome.status === 'failed') {
      const wrongDetails = outcome.failureCode === 'incorrect_details';
      throw fail(wrongDetails ? 'CARD_DETAILS_INCORRECT' : 'CARD_DECLINED');
    }
    return receipt((await load(payment.id))!);
  }

  /**
   * Starts a MobilePay deposit: the payment is created at MobilePay and the answer carries the
   * app's address (actionUrl) the browser goes to; the player comes back to
   * `returnUrl?deposit=<our id>&payment=<MobilePay's id>`.
   */
  async function startMobilePayDeposit(playerId: string, input: { amountOre: number; returnUrl: string; bonusCode?: string }) {
    // The operator's settingMobilePay: MobilePay deposits on, the amount within its bounds, its timeout.
    const settings = await deps.players.mobilePaySettings();
    if (!settings.depositEnabled && !settings.quickDepositEnabled) throw fail('MOBILEPAY_DEPOSIT_DISABLED');
    if (Number.isSafeInteger(input.amountOre) && input.amountOre < settings.minOre)
      throw fail('DEPOSIT_TOO_SMALL', { fields: { amount: 'deposit.mobilepay_range' }, minOre: settings.minOre, maxOre: settings.maxOre });
    if (input.amountOre > settings.maxOre)
      throw fail('DEPOSIT_TOO_LARGE', { fields: { amount: 'deposit.mobilepay_range' }, minOre: settings.minOre, maxOre: settings.maxOre });
    const payment = await openPayment(playerId, 'mobilepay', input);
    const outcome = await mobilePay.create({
      paymentId: payment.id,
      amountOre: input.amountOre,
      returnUrl: returnUrlFor(input.returnUrl, payment.id),
      description: `Indbetaling til ${config.BRAND_NAME}`.slice(0, 100),
      expiresInSeconds: settings.timeoutSeconds,
    });
    if (outcome.kind !== 'answer') return refused(payment, outcome);
    await apply(payment, outcome);
    return receipt((await load(payment.id))!);
  }

  /**
   * A payment still under way is settled from the provider's own account of it: a lost webhook,
   * or a crash between two steps, leaves nothing stuck. Without an answer it stays as it is.
   */
  async function refresh(payment: Payment): Promise<Payment> {
    if (!UNDER_WAY.includes(payment.status) || !payment.providerPaymentId) return payment;
    const outcome =
      payment.method === 'mobilepay' ? await mobilePay.read(payment.providerPaymentId) : await cards.read(payment.providerPaymentId);
    if (outcome.kind !== 'answer' || outcome.id !== payment.providerPaymentId) return payment;
    await apply(payment, outcome);
    return (await load(payment.id))!;
  }

  /** Where a payment stands and what its receipt shows (amount, method, card, time, order id, bonus). */
  async function receipt(payment: Payment) {
    const grant = payment.status === 'succeeded' && payment.bonusCode ? await bonus.grantForPayment(payment.id) : null;
    return {
      id: payment.id,
      orderId: payment.id.slice(0, 8).toUpperCase(),
      method: payment.method as PaymentMethod,
      amountOre: payment.amountOre,
      status: payment.status,
      last4: payment.last4,
      failureCode: payment.failureCode,
      actionUrl: payment.status === 'requires_action' ? payment.actionUrl : null,
      createdAt: payment.createdAt,
      settledAt: payment.settledAt,
      bonus: grant
        ? {
            code: grant.code,
            amountOre: grant.amountOre,
            wageringRequirementOre: grant.wageringRequirementOre,
            expiresAt: grant.expiresAt,
            freeRounds: grant.freeRounds,
          }
        : null,
    };
  }

  /** The player's own payment, for the page the provider sends the browser back to. */
  async function paymentForPlayer(playerId: string, paymentId: string) {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.playerId, playerId)))
      .limit(1);
    if (!payment) throw fail('PAYMENT_NOT_FOUND');
    return receipt(await refresh(payment));
  }

  /**
   * A provider's webhook, signature already checked. Repeated and out-of-order events are
   * harmless: a success credits once (ledger key), a failure never undoes a success.
   */
  async function handleProviderEvent(method: PaymentMethod, event: ProviderEvent) {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.method, method), eq(payments.id, event.reference)))
      .limit(1);
    if (!payment) throw fail('PAYMENT_NOT_FOUND');
    if (payment.providerPaymentId && payment.providerPaymentId !== event.providerPaymentId) throw fail('PAYMENT_MISMATCH');
    if (event.amountOre !== payment.amountOre) throw fail('PAYMENT_MISMATCH');
    await apply(
      payment,
      event.succeeded
        ? { kind: 'answer', id: event.providerPaymentId, status: 'succeeded' }
        : { kind: 'answer', id: event.providerPaymentId, status: 'failed', failureCode: event.failureCode ?? 'failed' },
    );
    return receipt((await load(payment.id))!);
  }

  /**
   * Payments left under way (the player walked away, a webhook never came, a process died between
   * two steps) settled without waiting for the player to come back: each one untouched for
   * PAYMENT_STALE_SECONDS is asked of its provider, whose own rules end it (an unanswered MobilePay
   * request, an unanswered 3-D Secure challenge). One the provider never named (the process died,
   * or the provider gave no answer, before its id was kept) is failed as `not_sent`; a provider
   * that did take it still reports it by webhook, and a success is credited then (`credit` only
   * skips a payment that succeeded). Every platform process runs this (`app.ts`); each step is
   * idempotent, so two at once do no harm. Answers what it did, for the job's log.
   */
  async function settleStale(limit = 100) {
    const before = new Date(clock().getTime() - config.PAYMENT_STALE_SECONDS * 1000);
    const stale = await db
      .select()
      .from(payments)
      .where(and(inArray(payments.status, UNDER_WAY), lt(payments.updatedAt, before)))
      .orderBy(asc(payments.updatedAt))
      .limit(limit);
    const totals = { checked: stale.length, settled: 0, notSent: 0 };
    for (const payment of stale) {
      if (!payment.providerPaymentId) {
        await markFailed(payment.id, 'not_sent');
        totals.notSent++;
        continue;
      }
      const now = await refresh(payment);
      if (now.status !== payment.status) totals.settled++;
      // Still under way at the provider: looked at again after another PAYMENT_STALE_SECONDS, not on every run.
      else
        await db
          .update(payments)
          .set({ updatedAt: clock() })
          .where(and(eq(payments.id, payment.id), inArray(payments.status, UNDER_WAY)));
    }
    return totals;
  }

  /** What a bonus code's rules need to know of the player before any deposit (a claim from a campaign page). */
  async function claimFacts(playerId: string) {
    const { method: _method, ...facts } = await bonusFacts(playerId, db, 'card');
    return { ...facts, hasEarlierMethodDeposit: undefined };
  }

  return { startCardDeposit, startMobilePayDeposit, paymentForPlayer, handleProviderEvent, settleStale, claimFacts };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
