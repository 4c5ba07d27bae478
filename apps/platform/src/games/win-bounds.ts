import { copenhagenIsoDate } from '@krone/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/db.js';
import { AppError, fail } from '../shared/errors.js';
import type { Tx } from './round-money.js';

/**
 * Every win bounded (games/README.md, "Bounds"; docs/decisions.md): a round's wins never pass
 * its stake × the title's largest win (the catalogue's exact fraction), and a provider's wins,
 * net of its rounds' stakes, never pass its limit for the Copenhagen day. A provider, or anyone
 * holding its secret, can then pay no more than the game itself could, and no more in a day than
 * the operator allows. Both are checked in the statement (or transaction) that would pay, so a
 * refused win changes nothing.
 */

/** The refusals that are security events: a provider asked to pay what no game allows. */
export const BOUND_REFUSALS = new Set(['GAME_WIN_EXCEEDS_MAXIMUM', 'GAME_PROVIDER_EXPOSURE_EXCEEDED']);

/** The Copenhagen day whose exposure a call counts in. */
export const exposureDay = (now: Date) => copenhagenIsoDate(now);

/**
 * Whether total wins of `wonOre` stay within ceil(staked × units / cost), in exact integers:
 * won ≤ ceil(q) ⇔ won − 1 < q ⇔ (won − 1) × cost < staked × units. An unknown bound (a title
 * the start-up sync has not written yet) allows nothing above 0. The SQL conditions of
 * one-statement.ts say the same in numeric.
 */
export function withinLargestWin(
  round: { stakedOre: number },
  wonOre: number,
  title: { largestWinUnits: number | null; costUnits: number | null } | null,
): boolean {
  if (wonOre <= 0) return true;
  if (!title || title.largestWinUnits === null || title.costUnits === null) return false;
  return (BigInt(wonOre) - 1n) * BigInt(title.costUnits) < BigInt(round.stakedOre) * BigInt(title.largestWinUnits);
}

/** The largest a round's wins may total: ceil(staked × units / cost), in øre (for the refusal's details). */
export function largestWinOre(stakedOre: number, title: { largestWinUnits: number | null; costUnits: number | null } | null): number {
  if (!title || title.largestWinUnits === null || title.costUnits === null) return 0;
  const product = BigInt(stakedOre) * BigInt(title.largestWinUnits);
  const cost = BigInt(title.costUnits);
  return Number((product + cost - 1n) / cost);
}

/** Refuses a win that takes its round's wins past the stake × the title's largest win. */
export async function assertWithinLargestWin(
  tx: Tx,
  round: { gameId: string; stakedOre: number; wonOre: number },
  amountOre: number,
): Promise<void> {
  if (amountOre <= 0) return;
  const [title] = await rowsOf<{ largest_win_units: string | number | null; cost_units: number | null }>(
    sql`select largest_win_units, cost_units from games where id = ${round.gameId}`,
    tx,
  );
  const bound = title
    ? { largestWinUnits: title.largest_win_units === null ? null : Number(title.largest_win_units), costUnits: title.cost_units }
    : null;
  if (!withinLargestWin(round, round.wonOre + amountOre, bound))
    throw fail('GAME_WIN_EXCEEDS_MAXIMUM', {
      stakedOre: round.stakedOre,
      wonOre: round.wonOre,
      largestWinOre: largestWinOre(round.stakedOre, bound),
    });
}

/**
 * A round's stake (or, negative, a stake given back by a rollback) in the provider's takings of
 * the day. Inside the call's transaction.
 */
export async function recordTakings(tx: Tx, providerId: string, roundId: string, day: string, amountOre: number): Promise<void> {
  if (amountOre === 0) return;
  await tx.execute(sql`
    insert into game_provider_exposure (provider_id, day, slot, amount_ore)
    values (${providerId}, ${day}::date, (1 + (hashtext(${roundId}::text) & 15))::smallint, ${amountOre})
    on conflict (provider_id, day, slot) do update set amount_ore = game_provider_exposure.amount_ore + excluded.amount_ore`);
}

/**
 * A win's payout in the provider's day, refused (GAME_PROVIDER_EXPOSURE_EXCEEDED) when it would
 * take the day's net payout (paid − taken) past the provider's limit. The payout row is locked by
 * the upsert (every win of the provider that day queues on it, briefly), its amount read at its
 * latest; the takings are summed as the statement sees them. Inside the call's transaction, before
 * the win's transfer.
 */
export async function recordPayout(tx: Tx, providerId: string, day: string, amountOre: number, limitOre: number): Promise<void> {
  if (amountOre <= 0) return;
  const written = await rowsOf<{ net_paid_ore: string }>(
    sql`
      with tk as (
        select coalesce(sum(amount_ore), 0) as ore from game_provider_exposure
        where provider_id = ${providerId} and day = ${day}::date and slot > 0
      )
      insert into game_provider_exposure as x (provider_id, day, slot, amount_ore, net_paid_ore, limit_ore)
      select ${providerId}, ${day}::date, 0, ${amountOre}::bigint, ${amountOre}::bigint - tk.ore, ${limitOre}::bigint from tk
      where ${amountOre}::bigint - tk.ore <= ${limitOre}::bigint
      on conflict (provider_id, day, slot) do update
        set amount_ore = x.amount_ore + excluded.amount_ore, net_paid_ore = x.amount_ore + excluded.net_paid_ore, limit_ore = excluded.limit_ore
        where x.amount_ore + excluded.net_paid_ore <= excluded.limit_ore
      returning net_paid_ore`,
    tx,
  );
  if (written.length === 0) throw fail('GAME_PROVIDER_EXPOSURE_EXCEEDED', { limitOre });
}

/** Refuses a stake while the provider is suspended for the day (a win of its was refused past its limit). */
export async function assertProviderOpen(tx: Tx, providerId: string, day: string): Promise<void> {
  const [suspended] = await rowsOf<{ suspended_at: unknown }>(
    sql`select suspended_at from game_provider_exposure
        where provider_id = ${providerId} and day = ${day}::date and slot = 0 and suspended_at is not null`,
    tx,
  );
  if (suspended) throw fail('GAME_PROVIDER_SUSPENDED');
}

/**
 * A refused win on the audit log's security chain (audit/README.md), one entry each, appended at
 * once (the provider is authenticated: its calls are bounded by its own rate, unlike the
 * unauthenticated events counted in totals). After the refused call's transaction has rolled back.
 * A win refused past the provider's limit also suspends it for the rest of the day.
 */
export async function recordBoundRefusal(
  db: Db,
  now: Date,
  error: unknown,
  call: { providerId: string; sessionId: string; roundId: string; transactionId: string; amountOre: number },
): Promise<void> {
  if (!(error instanceof AppError) || !BOUND_REFUSALS.has(error.code)) return;
  const body = {
    event: 'game_win_refused',
    reason: error.code,
    provider: call.providerId,
    gameSessionId: call.sessionId,
    roundId: call.roundId,
    transactionId: call.transactionId,
    amountOre: call.amountOre,
    ...error.details,
  };
  await db.execute(
    sql`select audit_append('security', 'security_event', ${JSON.stringify(body)}::jsonb, ${now.toISOString()}::timestamptz)`,
  );
  // Past its limit, the provider takes no new stakes for the rest of the day: refusing only the
  // winning rounds would leave its players playing rounds that can lose but not win.
  if (error.code === 'GAME_PROVIDER_EXPOSURE_EXCEEDED')
    await db.execute(sql`
      insert into game_provider_exposure as x (provider_id, day, slot, amount_ore, suspended_at)
      values (${call.providerId}, ${exposureDay(now)}::date, 0, 0, ${now.toISOString()}::timestamptz)
      on conflict (provider_id, day, slot) do update set suspended_at = coalesce(x.suspended_at, excluded.suspended_at)`);
}
