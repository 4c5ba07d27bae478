import { readFileSync } from 'node:fs';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from '../shared/errors.js';
import type { WalletService } from '../wallet/service.js';
import { bonusCodes, bonusGrants } from './schema.js';

export const MAX_BONUS_CODE_LENGTH = 40;

type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'transaction'>;
export type BonusCode = typeof bonusCodes.$inferSelect;

/** What a player typed, as codes are stored: trimmed, upper case. */
export const normaliseBonusCode = (raw: string) => raw.trim().toUpperCase();

/** The bonus a deposit of this size earns with a code, in whole øre (rounded down). */
export const bonusFor = (code: Pick<BonusCode, 'matchPercent' | 'maxBonusOre'>, depositOre: number) =>
  Math.min(Math.floor((depositOre * code.matchPercent) / 100), code.maxBonusOre);

/** Loads the operator's codes of `codes.json` (new ones added, existing ones updated). */
export async function seedBonusCodes(db: Db) {
  const codes = JSON.parse(readFileSync(new URL('./codes.json', import.meta.url), 'utf8')) as (Omit<BonusCode, 'validFrom' | 'validUntil'> & {
    validFrom: string;
    validUntil: string;
  })[];
  for (const code of codes) {
    const row = { ...code, code: normaliseBonusCode(code.code), validFrom: new Date(code.validFrom), validUntil: new Date(code.validUntil) };
    await db.insert(bonusCodes).values(row).onConflictDoUpdate({ target: bonusCodes.code, set: row });
  }
}

/**
 * Bonus codes and the bonuses they grant. A code is checked before any money moves (the deposit
 * routes); the bonus is granted once, when the deposit succeeds, in the same transaction as the
 * deposit's credit, through the ledger (`bonus_grant`, bonus_cost → player_bonus).
 */
export function createBonusService(db: Db, clock: () => Date, wallet: WalletService) {
  const invalid = () => new AppError('INVALID_BONUS_CODE', 400, 'deposit.error_bonus_code', { fields: { bonusCode: 'deposit.error_bonus_code' } });

  /**
   * The code a deposit may use, or a refusal: empty, unknown, outside its validity, or a deposit
   * below its minimum.
   */
  async function checkCode(raw: string, depositOre: number): Promise<BonusCode> {
    const code = normaliseBonusCode(raw);
    if (!code) throw new AppError('BONUS_CODE_EMPTY', 400, 'validation.bonus_code_empty', { fields: { bonusCode: 'validation.bonus_code_empty' } });
    if (code.length > MAX_BONUS_CODE_LENGTH) throw invalid();
    const [row] = await db.select().from(bonusCodes).where(eq(bonusCodes.code, code)).limit(1);
    const now = clock();
    if (!row || row.validFrom > now || row.validUntil <= now || depositOre < row.minDepositOre) throw invalid();
    return row;
  }

  /**
   * Grants the code's bonus for a succeeded deposit, at most once per payment (unique key and
   * ledger key), inside the caller's transaction. Answers the grant, or null when the code earns
   * nothing.
   */
  async function grantForDeposit(tx: Runner, input: { playerId: string; paymentId: string; depositOre: number; code: string }) {
    const [code] = await tx.select().from(bonusCodes).where(eq(bonusCodes.code, normaliseBonusCode(input.code))).limit(1);
    if (!code) return null;
    const amountOre = bonusFor(code, input.depositOre);
    if (amountOre <= 0) return null;
    const now = clock();
    await tx
      .insert(bonusGrants)
      .values({
        playerId: input.playerId,
        code: code.code,
        paymentId: input.paymentId,
        amountOre,
        wageringRequirementOre: amountOre * code.wageringMultiple,
        grantedAt: now,
        expiresAt: new Date(now.getTime() + code.grantValidDays * 86_400_000),
      })
      .onConflictDoNothing({ target: bonusGrants.paymentId });
    const [grant] = await tx.select().from(bonusGrants).where(eq(bonusGrants.paymentId, input.paymentId)).limit(1);
    if (grant!.transferId) return grant!;
    const transfer = await wallet.transfer(
      {
        idempotencyKey: `bonus:${grant!.id}`,
        kind: 'bonus_grant',
        entries: [
          { accountId: await wallet.systemAccount('bonus_cost', tx), amountOre: -grant!.amountOre },
          { accountId: await wallet.playerAccount(input.playerId, 'player_bonus', tx), amountOre: grant!.amountOre },
        ],
        reference: { grantId: grant!.id, code: grant!.code },
      },
      tx,
    );
    await tx.update(bonusGrants).set({ transferId: transfer.transferId }).where(eq(bonusGrants.id, grant!.id));
    return { ...grant!, transferId: transfer.transferId };
  }

  /** The bonus a payment earned, for its receipt. */
  async function grantForPayment(paymentId: string) {
    const [grant] = await db.select().from(bonusGrants).where(eq(bonusGrants.paymentId, paymentId)).limit(1);
    return grant ?? null;
  }

  /**
   * The account summary's wagering figures over the player's active grants (not expired, not yet
   * wagered through): what is still to be wagered, and the share already wagered.
   */
  async function wageringSummary(playerId: string) {
    const [row] = await db
      .select({
        required: sql<string>`coalesce(sum(${bonusGrants.wageringRequirementOre}), 0)`,
        wagered: sql<string>`coalesce(sum(least(${bonusGrants.wageredOre}, ${bonusGrants.wageringRequirementOre})), 0)`,
      })
      .from(bonusGrants)
      .where(
        and(
          eq(bonusGrants.playerId, playerId),
          gt(bonusGrants.expiresAt, clock()),
          sql`${bonusGrants.wageredOre} < ${bonusGrants.wageringRequirementOre}`,
        ),
      );
    const required = Number(row!.required);
    const wagered = Number(row!.wagered);
    return {
      TotalActiveWageringRequirement: required,
      TotalActiveBonusWageredFraction: required > 0 ? Math.round((wagered / required) * 10_000) / 10_000 : 0,
    };
  }

  return { checkCode, grantForDeposit, grantForPayment, wageringSummary };
}

export type BonusService = ReturnType<typeof createBonusService>;
