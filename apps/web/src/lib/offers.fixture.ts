import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTranslator, type Dictionary } from './i18n';
import type { AvailableOffer, OfferTerms, PlayerBonus } from './platform-types';

/** The seeded Danish dictionary, for the offers' unit tests. */
const SEED = join(import.meta.dirname, '..', '..', '..', 'platform', 'src', 'content', 'seed', 'translations.json');

export function offersDictionary(): Dictionary {
  return JSON.parse(readFileSync(SEED, 'utf8')) as Dictionary;
}

export const offersTranslator = () => createTranslator(offersDictionary());

/** The welcome offer as the platform answers it (apps/platform/src/bonus/codes.json VELKOMST500). */
export const WELCOME_TERMS: OfferTerms = {
  code: 'VELKOMST500',
  campaignSlug: 'velkomstbonus',
  kind: 'free_rounds',
  matchPercent: 0,
  maxBonusOre: 10_000,
  freeRounds: 500,
  freeRoundStakeOre: 20,
  gameIds: ['fyrtaarnets-skat', 'anker-og-fyr', 'isdronningens-is'],
  minDepositOre: 10_000,
  wageringMultiple: 10,
  grantValidDays: 60,
  maxBetOre: 10_000,
  paymentMethod: null,
  firstDepositOnly: true,
  welcomeOffer: true,
  validUntil: '2035-12-31T23:00:00.000Z',
  weeklyWindow: null,
  window: null,
};

/** The weekend's spins, on a Tuesday: the window closed until Friday 4 December 2026 00:00 in Copenhagen. */
export const WEEKEND_TERMS: OfferTerms = {
  ...WELCOME_TERMS,
  code: 'WEEKENDSPINS',
  campaignSlug: 'weekendspins',
  maxBonusOre: 5_000,
  freeRounds: 50,
  freeRoundStakeOre: 100,
  gameIds: ['kaperkaptajnen'],
  minDepositOre: 20_000,
  firstDepositOnly: false,
  welcomeOffer: false,
  validUntil: '2027-02-28T22:59:59.000Z',
  weeklyWindow: { days: [5, 6, 7], from: '00:00', until: '24:00' },
  window: { open: false, opensAt: '2026-12-03T23:00:00.000Z', closesAt: null },
};

export const MOBILEPAY_TERMS: OfferTerms = {
  ...WELCOME_TERMS,
  code: 'MOBILEPAY20',
  campaignSlug: 'mobilepay-spins',
  maxBonusOre: 2_000,
  freeRounds: 20,
  freeRoundStakeOre: 100,
  gameIds: ['havfruens-perler'],
  firstDepositOnly: false,
  welcomeOffer: false,
  paymentMethod: 'mobilepay',
};

/** A money code (no campaign): 100 % up to 1.000 kr. */
export const MONEY_TERMS: OfferTerms = {
  ...WELCOME_TERMS,
  code: 'VELKOMST100',
  campaignSlug: null,
  kind: 'money',
  matchPercent: 100,
  maxBonusOre: 100_000,
  freeRounds: null,
  freeRoundStakeOre: null,
  gameIds: [],
};

export const available = (terms: OfferTerms, refusal: string | null): AvailableOffer => ({ ...terms, refusal });

/** The welcome offer's free rounds a day after the deposit: 13 played, 250 kr. of 2.000 kr. wagered. */
export const ACTIVE_FREE_ROUNDS: PlayerBonus = {
  id: '3f0a8e2c-1b4d-4c6e-8f10-2a3b4c5d6e7f',
  code: 'VELKOMST500',
  campaignSlug: 'velkomstbonus',
  kind: 'free_rounds',
  amountOre: 10_000,
  wageringRequirementOre: 200_000,
  wageredOre: 25_000,
  grantedAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2027-01-26T10:00:00.000Z',
  maxBetOre: 10_000,
  freeRounds: {
    id: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
    stakeOre: 20,
    gameIds: ['fyrtaarnets-skat', 'anker-og-fyr', 'isdronningens-is'],
    roundsTotal: 500,
    roundsLeft: 487,
    wonOre: 1_240,
  },
  outcome: null,
  endedAt: null,
};

export const ENDED_MONEY: PlayerBonus = {
  ...ACTIVE_FREE_ROUNDS,
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  code: 'KRONE50',
  campaignSlug: null,
  kind: 'money',
  amountOre: 50_000,
  wageredOre: 200_000,
  grantedAt: '2026-06-02T08:00:00.000Z',
  expiresAt: '2026-08-01T08:00:00.000Z',
  freeRounds: null,
  outcome: 'converted',
  endedAt: '2026-06-20T18:30:00.000Z',
};
