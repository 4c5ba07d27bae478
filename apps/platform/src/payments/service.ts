import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { LimitPeriod, LimitsService } from '../limits/service.js';
import type { PlayersService } from '../players/service.js';
import { AppError } from '../shared/errors.js';
import type { WalletService } from '../wallet/service.js';
import { createPaymentHistory } from './history.js';
import { payments } from './schema.js';

/** Spec §5 and §9: the smallest deposit is 100.00 kr. */
export const MIN_DEPOSIT_ORE = 10_000;
export const MAX_DEPOSIT_ORE = 10_000_000;
/** How far back a limit looks (spec §9): a day, 7 days for a week, 30 days for a month. */
export const LOOK_BACK_MS: Record<LimitPeriod, number> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };
/** A webhook older (or newer) than this is refused: a replay of a captured request gets nowhere. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const fail = (code: string, status: number, key: string, details?: Record<string, unknown>) => new AppError(code, status, key, details);

type ProviderPayment = { id: string; status: 'succeeded' | 'declined' | 'requires_action' | 'failed'; last4: string; declineCode: string | null; actionUrl?: string };

export interface CardEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  data: { paymentId: string; reference: string; amountOre: number; status: string; declineCode: string | null };
}

/** Checks `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` in constant time, within the tolerance. */
export function verifyWebhookSignature(header: string | undefined, body: string, secret: string, now: Date): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const timestamp = Number(match[1]);
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

export interface PaymentsDeps {
  db: Db;
  config: Config;
  clock: () => Date;
  wallet: WalletService;
  limits: LimitsService;
  players: Pick<PlayersService, 'playerForSession'>;
  /** The provider's HTTP; tests may pass their own. */
  fetch?: typeof fetch;
}

/**
 * Deposits by card: the storefront's card form tokenises the card at the provider; the platform
 * sees only the token and the last four digits. Before any money moves: the amount (≥ 100 kr.)
 * and the player's deposit limits, counted over their look-back windows including deposits
 * still under way, under a per-player lock so two deposits cannot both slip under a limit.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, config, clock, wallet, limits } = deps;
  const http = deps.fetch ?? fetch;

  async function depositedSince(playerId: string, since: Date, runner: Pick<Db, 'select'> = db): Promise<number> {
    const [row] = await runner
      .select({ total: sql<string>`coalesce(sum(${payments.amountOre}), 0)` })
      .from(payments)
      .where(and(eq(payments.playerId, playerId), gte(payments.createdAt, since), inArray(payments.status, ['created', 'requires_action', 'succeeded'])));
    return Number(row!.total);
  }

  /** The first limit the deposit would break, or null. */
  async function limitBroken(
    playerId: string,
    amountOre: number,
    current: Partial<Record<LimitPeriod, number>>,
    runner: Pick<Db, 'select'>,
  ): Promise<{ period: LimitPeriod; remainingOre: number } | null> {
    for (const [period, limit] of Object.entries(current) as [LimitPeriod, number][]) {
      const used = await depositedSince(playerId, new Date(clock().getTime() - LOOK_BACK_MS[period]), runner);
      if (used + amountOre > limit) return { period, remainingOre: Math.max(0, limit - used) };
    }
    return null;
  }

  /** Credits a succeeded payment once: the ledger's key makes a second call a replay. */
  async function credit(paymentId: string) {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (!payment) return null;
    const cash = await wallet.playerAccount(payment.playerId, 'player_cash');
    const clearing = await wallet.systemAccount('payment_clearing');
    const transfer = await wallet.transfer({
      idempotencyKey: `deposit:${payment.id}`,
      kind: 'deposit',
      entries: [
        { accountId: clearing, amountOre: -payment.amountOre },
        { accountId: cash, amountOre: payment.amountOre },
      ],
      reference: { paymentId: payment.id, method: payment.method },
    });
    await db
      .update(payments)
      .set({ status: 'succeeded', transferId: transfer.transferId, failureCode: null, actionUrl: null, updatedAt: clock() })
      .where(eq(payments.id, payment.id));
    return transfer;
  }

  /** A payment that failed: recorded, unless it already succeeded (a late or reordered event). */
  async function markFailed(paymentId: string, code: string) {
    await db
      .update(payments)
      .set({ status: 'failed', failureCode: code, actionUrl: null, updatedAt: clock() })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['created', 'requires_action'])));
  }

  async function view(paymentId: string) {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    return payment!;
  }

  /**
   * Starts a card deposit with a token from the provider's tokenisation endpoint. Answers where
   * the payment stands: succeeded (credited), requires_action (the 3-D Secure page to open), or
   * failed with the provider's reason.
   */
  async function startCardDeposit(sessionToken: string, input: { token: string; amountOre: number; returnUrl: string }) {
    const player = await deps.players.playerForSession(sessionToken);
    if (!Number.isSafeInteger(input.amountOre) || input.amountOre < MIN_DEPOSIT_ORE) throw fail('DEPOSIT_TOO_SMALL', 400, 'deposit.min_amount', { fields: { amount: 'deposit.min_amount' } });
    if (input.amountOre > MAX_DEPOSIT_ORE) throw fail('DEPOSIT_TOO_LARGE', 400, 'validation.invalid_input', { fields: { amount: 'validation.invalid_input' } });
    if (player.status !== 'active') throw fail('ACCOUNT_NOT_ACTIVE', 403, 'deposit.error_transfer');

    // The limits in force, read before the transaction: the embedded database has one connection.
    const current = await limits.currentDepositLimits(player.id);
    const payment = await db.transaction(async (tx) => {
      // One deposit decision at a time per player, across processes.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit:${player.id}`}))`);
      const broken = await limitBroken(player.id, input.amountOre, current, tx);
      if (broken) throw fail('DEPOSIT_LIMIT_EXCEEDED', 409, 'deposit.error_limit', { period: broken.period, remainingOre: broken.remainingOre });
      const now = clock();
      const [row] = await tx
        .insert(payments)
        .values({ playerId: player.id, method: 'card', amountOre: input.amountOre, status: 'created', createdAt: now, updatedAt: now })
        .returning();
      return row!;
    });

    let answer: ProviderPayment;
    try {
      const response = await http(`${config.CARDS_API_URL}/v1/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.CARDS_SECRET_KEY}`, 'idempotency-key': `krone-${payment.id}` },
        body: JSON.stringify({ token: input.token, amountOre: input.amountOre, currency: 'DKK', reference: payment.id, returnUrl: input.returnUrl }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<ProviderPayment> & { error?: string };
      if (response.status === 400 && body.error === 'invalid_token') {
        await markFailed(payment.id, 'invalid_token');
        throw fail('CARD_DETAILS_INCORRECT', 400, 'deposit.error_card');
      }
      if (!response.ok || !body.id || !body.status) {
        await markFailed(payment.id, body.error ?? `http_${response.status}`);
        throw fail('PAYMENT_PROVIDER_ERROR', 502, 'deposit.error_transfer');
      }
      answer = body as ProviderPayment;
    } catch (error) {
      if (error instanceof AppError) throw error;
      // No answer: the payment stays "created"; the provider's webhook settles it either way.
      throw fail('PAYMENT_PROVIDER_ERROR', 502, 'deposit.error_transfer');
    }

    await db
      .update(payments)
      .set({ providerPaymentId: answer.id, last4: answer.last4, actionUrl: answer.actionUrl ?? null, updatedAt: clock() })
      .where(eq(payments.id, payment.id));
    if (answer.status === 'succeeded') await credit(payment.id);
    else if (answer.status === 'requires_action') {
      await db.update(payments).set({ status: 'requires_action', updatedAt: clock() }).where(and(eq(payments.id, payment.id), eq(payments.status, 'created')));
    } else {
      await markFailed(payment.id, answer.declineCode ?? answer.status);
      throw fail(answer.declineCode === 'incorrect_details' ? 'CARD_DETAILS_INCORRECT' : 'CARD_DECLINED', 402, answer.declineCode === 'incorrect_details' ? 'deposit.error_card' : 'deposit.error_declined');
    }
    return publicView(await view(payment.id));
  }

  const publicView = (payment: typeof payments.$inferSelect) => ({
    id: payment.id,
    method: payment.method,
    amountOre: payment.amountOre,
    status: payment.status,
    last4: payment.last4,
    failureCode: payment.failureCode,
    actionUrl: payment.status === 'requires_action' ? payment.actionUrl : null,
    createdAt: payment.createdAt,
  });

  /** The player's own payment, for the page the provider sends the browser back to. */
  async function paymentForPlayer(sessionToken: string, paymentId: string) {
    const player = await deps.players.playerForSession(sessionToken);
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.playerId, player.id)))
      .limit(1);
    if (!payment) throw fail('PAYMENT_NOT_FOUND', 404, 'validation.not_found');
    return publicView(payment);
  }

  /**
   * A card provider's webhook, signature already checked. Repeated and out-of-order events are
   * harmless: a success credits once (ledger key), a failure never undoes a success.
   */
  async function handleCardEvent(event: CardEvent) {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.method, 'card'), eq(payments.id, event.data.reference)))
      .limit(1);
    if (!payment) throw fail('PAYMENT_NOT_FOUND', 404, 'validation.not_found');
    if (payment.providerPaymentId && payment.providerPaymentId !== event.data.paymentId) throw fail('PAYMENT_MISMATCH', 409, 'validation.invalid_input');
    if (event.data.amountOre !== payment.amountOre) throw fail('PAYMENT_MISMATCH', 409, 'validation.invalid_input');
    if (!payment.providerPaymentId) {
      await db.update(payments).set({ providerPaymentId: event.data.paymentId, updatedAt: clock() }).where(eq(payments.id, payment.id));
    }
    if (event.type === 'payment.succeeded') await credit(payment.id);
    else await markFailed(payment.id, event.data.declineCode ?? event.data.status);
    return publicView(await view(payment.id));
  }

  return { startCardDeposit, paymentForPlayer, handleCardEvent, depositedSince, ...createPaymentHistory(db) };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
