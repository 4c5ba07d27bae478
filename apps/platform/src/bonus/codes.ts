import { readFileSync } from 'node:fs';
import { isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { bonusCodes } from './schema.js';

/** The operator's bonus codes (`codes.json`): their shape, the Danish caps, loading them. */

export const MAX_BONUS_CODE_LENGTH = 40;
export type BonusCode = typeof bonusCodes.$inferSelect;

/** What a player typed, as codes are stored: trimmed, upper case. */
export const normaliseBonusCode = (raw: string) => raw.trim().toUpperCase();

/**
 * The bonus a deposit of this size earns with a code, in whole øre (rounded down): a share of the
 * deposit up to the code's most, or a free-rounds code's fixed value (rounds × stake).
 */
export const bonusFor = (code: Pick<BonusCode, 'kind' | 'matchPercent' | 'maxBonusOre'>, depositOre: number) =>
  code.kind === 'free_rounds' ? code.maxBonusOre : Math.min(Math.floor((depositOre * code.matchPercent) / 100), code.maxBonusOre);

/**
 * Danish caps on any bonus an operator offers (danish-rules.md): worth at most 1,000 kr, at most
 * 100 % of the deposit it requires, wagering at most 10 × (deposit + bonus), at least 60 days to
 * meet it.
 */
export const DANISH_BONUS_CAPS = { maxBonusOre: 100_000, maxMatchPercent: 100, maxWageringMultiple: 10, minValidDays: 60 } as const;

const commonTerms = {
  code: z.string().trim().min(1).max(MAX_BONUS_CODE_LENGTH),
  minDepositOre: z.number().int().positive('minDepositOre must be positive: a bonus requires a deposit'),
  wageringMultiple: z
    .number()
    .int()
    .min(1)
    .max(DANISH_BONUS_CAPS.maxWageringMultiple, `wageringMultiple over ${DANISH_BONUS_CAPS.maxWageringMultiple} × (deposit + bonus)`),
  validFrom: z.iso.datetime({ offset: true }),
  validUntil: z.iso.datetime({ offset: true }),
  grantValidDays: z
    .number()
    .int()
    .min(DANISH_BONUS_CAPS.minValidDays, `grantValidDays under ${DANISH_BONUS_CAPS.minValidDays} days to meet the wagering`),
  maxUsesPerPlayer: z.number().int().positive(),
  firstDepositOnly: z.boolean(),
  welcomeOffer: z.boolean(),
  /** The campaign page (content slug) that offers the code. */
  campaign: z
    .string()
    .regex(/^[a-z0-9-]{1,120}$/)
    .optional(),
  /** Claimable only within a weekly window, Copenhagen time; uses counted per occurrence. */
  weeklyWindow: z
    .object({
      days: z.array(z.number().int().min(1).max(7)).min(1).max(7),
      from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
      until: z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/),
    })
    .strict()
    .refine((window) => window.from < window.until, { message: 'from must be before until' })
    .optional(),
  /** Only with a deposit by this method. */
  paymentMethod: z.enum(['card', 'mobilepay']).optional(),
  /** Only the player's first deposit with `paymentMethod`. */
  firstMethodDepositOnly: z.boolean().optional(),
};

const moneyCode = z
  .object({
    ...commonTerms,
    kind: z.literal('money'),
    matchPercent: z
      .number()
      .int()
      .positive()
      .max(DANISH_BONUS_CAPS.maxMatchPercent, `matchPercent over ${DANISH_BONUS_CAPS.maxMatchPercent} % of the deposit`),
    maxBonusOre: z
      .number()
      .int()
      .positive()
      .max(DANISH_BONUS_CAPS.maxBonusOre, `maxBonusOre over ${DANISH_BONUS_CAPS.maxBonusOre} øre (1,000 kr)`),
  })
  .strict();

/**
 * Free rounds: `freeRounds` rounds at `freeRoundStakeOre` on the titles named. Their value (rounds ×
 * stake) is the bonus's value under the Danish caps: at most 1,000 kr. and at most the deposit the
 * code requires (100 %); the wagering is `wageringMultiple` × (deposit + that value).
 */
const freeRoundsCode = z
  .object({
    ...commonTerms,
    kind: z.literal('free_rounds'),
    freeRounds: z.number().int().positive().max(10_000),
    freeRoundStakeOre: z.number().int().positive(),
    freeRoundGameIds: z
      .array(z.string().regex(/^[a-z0-9-]{1,80}$/))
      .min(1)
      .max(50),
  })
  .strict()
  .refine((code) => code.freeRounds * code.freeRoundStakeOre <= DANISH_BONUS_CAPS.maxBonusOre, {
    message: `the free rounds' value (freeRounds × freeRoundStakeOre) over ${DANISH_BONUS_CAPS.maxBonusOre} øre (1,000 kr)`,
    path: ['freeRounds'],
  })
  .refine((code) => code.freeRounds * code.freeRoundStakeOre <= code.minDepositOre, {
    message: `the free rounds' value over ${DANISH_BONUS_CAPS.maxMatchPercent} % of the deposit required (minDepositOre)`,
    path: ['freeRounds'],
  });

const codeConfig = z
  .discriminatedUnion('kind', [moneyCode, freeRoundsCode])
  .refine((code) => new Date(code.validFrom) < new Date(code.validUntil), {
    message: 'validFrom must be before validUntil',
    path: ['validUntil'],
  });

/** The value of a free_rounds code's rounds (rounds × stake), in øre; 0 for a money code. */
export const freeRoundsValueOre = (code: Pick<BonusCode, 'freeRounds' | 'freeRoundStakeOre'>) =>
  (code.freeRounds ?? 0) * (code.freeRoundStakeOre ?? 0);

/** One code's terms as the file and the back office give them (before `normaliseBonusCode`). */
export type BonusCodeTerms = z.input<typeof codeConfig>;

/** A code's terms as a row (its code normalised; a free-rounds code's value is rounds × stake). */
function rowOf(code: z.output<typeof codeConfig>): BonusCode {
  const terms = {
    code: normaliseBonusCode(code.code),
    kind: code.kind,
    minDepositOre: code.minDepositOre,
    wageringMultiple: code.wageringMultiple,
    validFrom: new Date(code.validFrom),
    validUntil: new Date(code.validUntil),
    grantValidDays: code.grantValidDays,
    maxUsesPerPlayer: code.maxUsesPerPlayer,
    firstDepositOnly: code.firstDepositOnly,
    welcomeOffer: code.welcomeOffer,
    campaignSlug: code.campaign ?? null,
    weeklyWindow: code.weeklyWindow ?? null,
    paymentMethod: code.paymentMethod ?? null,
    firstMethodDepositOnly: code.firstMethodDepositOnly ?? false,
    updatedBy: null,
    updatedAt: null,
  };
  return code.kind === 'money'
    ? {
        ...terms,
        matchPercent: code.matchPercent,
        maxBonusOre: code.maxBonusOre,
        freeRounds: null,
        freeRoundStakeOre: null,
        freeRoundGameIds: null,
      }
    : {
        ...terms,
        // A free-rounds code's value is fixed: its rounds × stake, whatever the deposit above its minimum.
        matchPercent: 0,
        maxBonusOre: code.freeRounds * code.freeRoundStakeOre,
        freeRounds: code.freeRounds,
        freeRoundStakeOre: code.freeRoundStakeOre,
        freeRoundGameIds: code.freeRoundGameIds,
      };
}

/**
 * One code's terms checked as the file's are (shape and the Danish caps): the row, or each field
 * out of bounds with why (the back office's form shows them by field).
 */
export function checkBonusTerms(raw: unknown): { ok: true; code: BonusCode } | { ok: false; fields: Record<string, string> } {
  const parsed = codeConfig.safeParse(raw);
  if (parsed.success) return { ok: true, code: rowOf(parsed.data) };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return { ok: false, fields };
}

/** A code's row as terms again (what the back office's form edits). */
export function bonusTermsOf(code: BonusCode): BonusCodeTerms {
  const common = {
    code: code.code,
    minDepositOre: code.minDepositOre,
    wageringMultiple: code.wageringMultiple,
    validFrom: code.validFrom.toISOString(),
    validUntil: code.validUntil.toISOString(),
    grantValidDays: code.grantValidDays,
    maxUsesPerPlayer: code.maxUsesPerPlayer,
    firstDepositOnly: code.firstDepositOnly,
    welcomeOffer: code.welcomeOffer,
    ...(code.campaignSlug ? { campaign: code.campaignSlug } : {}),
    ...(code.weeklyWindow ? { weeklyWindow: code.weeklyWindow } : {}),
    ...(code.paymentMethod ? { paymentMethod: code.paymentMethod as 'card' | 'mobilepay' } : {}),
    ...(code.firstMethodDepositOnly ? { firstMethodDepositOnly: true } : {}),
  };
  return code.kind === 'free_rounds'
    ? {
        ...common,
        kind: 'free_rounds',
        freeRounds: code.freeRounds ?? 0,
        freeRoundStakeOre: code.freeRoundStakeOre ?? 0,
        freeRoundGameIds: code.freeRoundGameIds ?? [],
      }
    : { ...common, kind: 'money', matchPercent: code.matchPercent, maxBonusOre: code.maxBonusOre };
}

/**
 * The operator's codes, checked against their shape and the Danish caps. Throws one clear message
 * naming every code and field out of bounds, so the platform does not start with such an offer.
 */
export function parseBonusCodes(raw: unknown): BonusCode[] {
  const parsed = z.array(codeConfig).safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const [index, ...field] = issue.path;
      const name = Array.isArray(raw) && typeof index === 'number' ? (raw[index] as { code?: unknown })?.code : undefined;
      return `${typeof name === 'string' ? name : `#${String(index)}`}${field.length ? `.${field.join('.')}` : ''}: ${issue.message}`;
    });
    throw new Error(`bonus codes: refused, outside the Danish bonus rules or malformed — ${problems.join('; ')}`);
  }
  const codes = parsed.data.map(rowOf);
  const seen = new Set<string>();
  for (const { code } of codes) {
    if (seen.has(code)) throw new Error(`bonus codes: refused, ${code} is configured twice`);
    seen.add(code);
  }
  return codes;
}

/** The operator's codes of `codes.json`, checked (parseBonusCodes). */
export const readBonusCodes = (file: URL = new URL('./codes.json', import.meta.url)) =>
  parseBonusCodes(JSON.parse(readFileSync(file, 'utf8')));

/** Loads the operator's codes (new ones added, existing ones updated unless staff changed them), refusing any outside the Danish caps. */
export async function seedBonusCodes(db: Db, codes: BonusCode[] = readBonusCodes()) {
  // A code staff changed in the back office (updated_by set) is theirs now: the file adds codes and
  // updates its own, never one staff changed.
  for (const row of codes)
    await db
      .insert(bonusCodes)
      .values(row)
      .onConflictDoUpdate({ target: bonusCodes.code, set: row, setWhere: isNull(bonusCodes.updatedBy) });
}
