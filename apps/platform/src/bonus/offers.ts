import { and, desc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError, fail } from '../shared/errors.js';
import type { BonusCode } from './codes.js';
import { bonusCodes, bonusGrants, freeRoundGrants } from './schema.js';
import { BONUS_MAX_BET_ORE, type BonusService, type UsageFacts } from './service.js';
import { windowAt } from './windows.js';

/** The terms of an offer as the player is shown them beside it (the numbers; the campaign page has the whole text). */
export interface OfferTerms {
  code: string;
  campaignSlug: string | null;
  kind: 'money' | 'free_rounds';
  matchPercent: number;
  /** A money bonus's most; free rounds' value (rounds × stake). */
  maxBonusOre: number;
  freeRounds: number | null;
  freeRoundStakeOre: number | null;
  gameIds: string[];
  minDepositOre: number;
  wageringMultiple: number;
  grantValidDays: number;
  maxBetOre: number;
  paymentMethod: string | null;
  firstDepositOnly: boolean;
  welcomeOffer: boolean;
  validUntil: Date;
  weeklyWindow: { days: number[]; from: string; until: string } | null;
}

export interface AvailableOffer extends OfferTerms {
  /** The weekly window now (null for an offer without one). */
  window: { open: boolean; opensAt: Date | null; closesAt: Date | null } | null;
  /** Why the player may not claim it now (a code of the catalogue), or null. */
  refusal: string | null;
}

export interface PlayerBonus {
  id: string;
  code: string;
  campaignSlug: string | null;
  kind: 'money' | 'free_rounds';
  amountOre: number;
  wageringRequirementOre: number;
  wageredOre: number;
  grantedAt: Date;
  expiresAt: Date;
  maxBetOre: number;
  freeRounds: { id: string; stakeOre: number; gameIds: string[]; roundsTotal: number; roundsLeft: number; wonOre: number } | null;
  /** Ended bonuses: converted (wagered through), forfeited (by a withdrawal), expired, or merged (migration 0012). */
  outcome: 'converted' | 'forfeited' | 'expired' | 'merged' | null;
  endedAt: Date | null;
}

const termsOf = (code: BonusCode): OfferTerms => ({
  code: code.code,
  campaignSlug: code.campaignSlug,
  kind: code.kind as OfferTerms['kind'],
  matchPercent: code.matchPercent,
  maxBonusOre: code.maxBonusOre,
  freeRounds: code.freeRounds,
  freeRoundStakeOre: code.freeRoundStakeOre,
  gameIds: code.freeRoundGameIds ?? [],
  minDepositOre: code.minDepositOre,
  wageringMultiple: code.wageringMultiple,
  grantValidDays: code.grantValidDays,
  maxBetOre: BONUS_MAX_BET_ORE,
  paymentMethod: code.paymentMethod,
  firstDepositOnly: code.firstDepositOnly,
  welcomeOffer: code.welcomeOffer,
  validUntil: code.validUntil,
  weeklyWindow: code.weeklyWindow,
});

export interface OffersDeps {
  db: Db;
  clock: () => Date;
  bonus: Pick<BonusService, 'usageRefusalOf' | 'settle'>;
  /** The facts a code's rules need (payments: earlier deposits; players: the registration's choice). */
  usageFacts: (playerId: string) => Promise<UsageFacts>;
  /** The limits context's refusal of a paused or closed player (ACCOUNT_PAUSED, ACCOUNT_CLOSED). */
  assertMayPlay: (playerId: string) => Promise<void>;
}

/**
 * The player's offers (issue 27): the campaigns' codes they may claim (with why not, when not),
 * their open bonus and their ended ones; and a claim, which checks every rule of the code for the
 * player now and moves nothing: the bonus is granted by the qualifying deposit that names it.
 */
export function createOffers(deps: OffersDeps) {
  const { db, clock, bonus } = deps;

  /** Why the player may not claim the code now: paused or closed, another bonus open, the code's rules; null when they may. */
  async function refusalOf(code: BonusCode, playerId: string, facts: UsageFacts, hasOpenBonus: boolean): Promise<AppError | null> {
    const now = clock();
    if (code.validFrom > now || code.validUntil <= now) return fail('INVALID_BONUS_CODE');
    try {
      await deps.assertMayPlay(playerId);
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    const refused = await bonus.usageRefusalOf(code, playerId, facts);
    if (refused) return refused;
    if (hasOpenBonus) return fail('BONUS_ALREADY_ACTIVE');
    return null;
  }

  /** The codes the campaigns offer, valid now. */
  const campaignCodes = () =>
    db
      .select()
      .from(bonusCodes)
      .where(and(isNotNull(bonusCodes.campaignSlug), lte(bonusCodes.validFrom, clock()), gt(bonusCodes.validUntil, clock())));

  async function bonusesOf(playerId: string): Promise<PlayerBonus[]> {
    const rows = await db
      .select({ grant: bonusGrants, rounds: freeRoundGrants, campaignSlug: bonusCodes.campaignSlug })
      .from(bonusGrants)
      .leftJoin(freeRoundGrants, eq(freeRoundGrants.bonusGrantId, bonusGrants.id))
      .leftJoin(bonusCodes, eq(bonusCodes.code, bonusGrants.code))
      .where(eq(bonusGrants.playerId, playerId))
      .orderBy(desc(bonusGrants.grantedAt))
      .limit(50);
    return rows.map(({ grant, rounds, campaignSlug }) => ({
      id: grant.id,
      code: grant.code,
      campaignSlug,
      kind: grant.kind as PlayerBonus['kind'],
      amountOre: grant.amountOre,
      wageringRequirementOre: grant.wageringRequirementOre,
      wageredOre: Math.min(grant.wageredOre, grant.wageringRequirementOre),
      grantedAt: grant.grantedAt,
      expiresAt: grant.expiresAt,
      maxBetOre: BONUS_MAX_BET_ORE,
      freeRounds: rounds
        ? {
            id: rounds.id,
            stakeOre: rounds.stakeOre,
            gameIds: rounds.gameIds,
            roundsTotal: rounds.roundsTotal,
            roundsLeft: grant.endedAt ? 0 : rounds.roundsTotal - rounds.roundsUsed,
            wonOre: rounds.wonOre,
          }
        : null,
      outcome: !grant.endedAt
        ? null
        : grant.outcome === 'completed'
          ? 'converted'
          : grant.outcome === 'merged'
            ? 'merged'
            : grant.forfeitedByWithdrawalId || grant.endedAt < grant.expiresAt
              ? 'forfeited'
              : 'expired',
      endedAt: grant.endedAt,
    }));
  }

  /** The player's offers page: what they may claim, their open bonus, and the ended ones (newest first). */
  async function offersOf(playerId: string) {
    // The open bonus brought up to date first (wagered through or expired ends it).
    const open = await bonus.settle(playerId);
    const facts = await deps.usageFacts(playerId);
    const codes = await campaignCodes();
    const available: AvailableOffer[] = [];
    for (const code of codes) {
      const refusal = await refusalOf(code, playerId, facts, open !== null);
      const window = code.weeklyWindow ? windowAt(code.weeklyWindow, clock()) : null;
      available.push({
        ...termsOf(code),
        window: window && { open: window.open, opensAt: window.opensAt, closesAt: window.closesAt },
        refusal: refusal?.code ?? null,
      });
    }
    const bonuses = await bonusesOf(playerId);
    return {
      available,
      active: bonuses.filter((entry) => entry.outcome === null),
      ended: bonuses.filter((entry) => entry.outcome !== null),
    };
  }

  /** The terms of the campaigns' codes, for anyone (a guest reads them on the campaign page). */
  async function publicOffers() {
    return (await campaignCodes()).map((code) => {
      const window = code.weeklyWindow ? windowAt(code.weeklyWindow, clock()) : null;
      return { ...termsOf(code), window: window && { open: window.open, opensAt: window.opensAt, closesAt: window.closesAt } };
    });
  }

  /**
   * A claim from a campaign page ("Hent tilbud"): every rule of the code for the player now, and
   * nothing moves. Refused with the rule's code (outside the window, used, declined at
   * registration, paused, another bonus open, …); allowed, it answers the terms the qualifying
   * deposit must meet, and the storefront takes the player to the deposit with the code chosen.
   */
  async function claim(playerId: string, rawCode: string) {
    const [code] = await db.select().from(bonusCodes).where(eq(bonusCodes.code, rawCode.trim().toUpperCase())).limit(1);
    if (!code?.campaignSlug) throw fail('INVALID_BONUS_CODE');
    const open = await bonus.settle(playerId);
    const refusal = await refusalOf(code, playerId, await deps.usageFacts(playerId), open !== null);
    if (refusal) throw refusal;
    return termsOf(code);
  }

  return { offersOf, publicOffers, claim };
}

export type Offers = ReturnType<typeof createOffers>;
