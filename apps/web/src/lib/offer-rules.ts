// Relative imports only: the unit tests run under vitest, which has no '@/' alias.
import { copenhagenIsoDate, formatDateTimeDa, formatKr, isErrorCode, messageKeyOf, type DateInput, type ErrorCode } from '@krone/domain';
import type { Translate } from './i18n';
import type { OfferTerms, PlayerBonus } from './platform-types';

/**
 * The offers' rules as the player reads them (issue 27): an offer's key terms in one Danish line,
 * why it cannot be claimed now, how far a bonus's wagering has come, and which code the deposit
 * chooses for the player. Pure and type-only imports: safe in client components.
 */

/** The player's offers page. */
export const OFFERS_PATH = '/min-konto/kampagne';
/** The main deposit, which a claimed offer leads to with its code chosen (`?bonus=`). */
export const DEPOSIT_PATH = '/min-konto/overfoer';

export const depositHrefFor = (code: string) => `${DEPOSIT_PATH}?bonus=${encodeURIComponent(code)}`;
export const campaignHref = (slug: string) => `/kampagner/${encodeURIComponent(slug)}`;

/** A code as the platform compares it: trimmed, upper case. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** A bonus code in the deposit's address (`?bonus=VELKOMST500`), or null for none or anything that cannot be one. */
export function bonusCodeParam(value: string | string[] | undefined): string | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string') return null;
  const code = raw.trim();
  return /^[A-Za-z0-9_-]{1,40}$/.test(code) ? code.toUpperCase() : null;
}

/** "1.000": a count with the Danish thousands separator. */
const groupThousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** The terms' dictionary keys, for a client component that shows an offer's terms (pickTranslations). */
export const OFFER_TERM_TEXT_KEYS = [
  'deposit.receipt_free_rounds',
  'deposit.method_card',
  'deposit.method_mobilepay',
  'campaign.offer_money',
  'campaign.offer_min_deposit',
  'campaign.offer_wagering_free_rounds',
  'campaign.offer_wagering_money',
  'campaign.offer_max_bet',
  'campaign.offer_valid_days',
  'campaign.offer_first_deposit_only',
  'campaign.offer_method',
  'campaign.offer_weekly',
  'campaign.offer_weekly_hours',
  'campaign.every_day',
  'campaign.weekday_1',
  'campaign.weekday_2',
  'campaign.weekday_3',
  'campaign.weekday_4',
  'campaign.weekday_5',
  'campaign.weekday_6',
  'campaign.weekday_7',
] as const;

/**
 * An offer's key terms, each a part of one line ("500 spins à 0,20 kr. · min. indbetaling 100 kr.
 * · omsætning 10 × (spinværdi + indbetaling) · maks. indsats 100 kr. · 60 dage"); the campaign page
 * has the whole text.
 */
export function offerTermParts(offer: OfferTerms, t: Translate): string[] {
  const freeRounds = offer.kind === 'free_rounds';
  return [
    freeRounds
      ? t('deposit.receipt_free_rounds', { rounds: groupThousands(offer.freeRounds ?? 0), stake: formatKr(offer.freeRoundStakeOre ?? 0) })
      : t('campaign.offer_money', { percent: offer.matchPercent, amount: formatKr(offer.maxBonusOre) }),
    t('campaign.offer_min_deposit', { amount: formatKr(offer.minDepositOre) }),
    t(freeRounds ? 'campaign.offer_wagering_free_rounds' : 'campaign.offer_wagering_money', { multiple: offer.wageringMultiple }),
    t('campaign.offer_max_bet', { amount: formatKr(offer.maxBetOre) }),
    t('campaign.offer_valid_days', { days: offer.grantValidDays }),
  ];
}

export const offerTermLine = (offer: OfferTerms, t: Translate) => offerTermParts(offer, t).join(' · ');

/** "fredag–søndag", "tirsdag og torsdag", "alle ugens dage": the days of a weekly window (1 Monday … 7 Sunday). */
export function weekdaysText(days: readonly number[], t: Translate): string {
  const sorted = [...new Set(days)].filter((day) => Number.isInteger(day) && day >= 1 && day <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return t('campaign.every_day');
  const name = (day: number) => t(`campaign.weekday_${day}`);
  const consecutive = sorted.every((day, i) => i === 0 || day === sorted[i - 1]! + 1);
  if (sorted.length >= 3 && consecutive) return `${name(sorted[0]!)}–${name(sorted.at(-1)!)}`;
  const names = sorted.map(name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} og ${names.at(-1)}`;
}

/** What limits who may claim the offer, and when: only the first deposit, one payment method, a weekly window (Copenhagen time). */
export function offerConditions(offer: OfferTerms, t: Translate): string[] {
  const conditions: string[] = [];
  if (offer.firstDepositOnly) conditions.push(t('campaign.offer_first_deposit_only'));
  if (offer.paymentMethod === 'mobilepay' || offer.paymentMethod === 'card')
    conditions.push(
      t('campaign.offer_method', { method: t(offer.paymentMethod === 'card' ? 'deposit.method_card' : 'deposit.method_mobilepay') }),
    );
  const window = offer.weeklyWindow;
  if (window) {
    const days = weekdaysText(window.days, t);
    conditions.push(
      window.from === '00:00' && window.until === '24:00'
        ? t('campaign.offer_weekly', { days })
        : t('campaign.offer_weekly_hours', { days, from: window.from, until: window.until }),
    );
  }
  return conditions;
}

/** The rules that may stand between a player and an offer (the platform's `refusal`, or a claim's refusal). */
export const OFFER_REFUSAL_CODES = [
  'INVALID_BONUS_CODE',
  'BONUS_OUTSIDE_WINDOW',
  'BONUS_CODE_USED',
  'BONUS_ALREADY_ACTIVE',
  'BONUS_DECLINED_AT_REGISTRATION',
  'BONUS_FIRST_DEPOSIT_ONLY',
  'BONUS_PAYMENT_METHOD',
  'BONUS_FIRST_METHOD_DEPOSIT_ONLY',
  'ACCOUNT_PAUSED',
  'ACCOUNT_CLOSED',
] as const satisfies readonly ErrorCode[];

const isOfferRefusal = (code: string): code is (typeof OFFER_REFUSAL_CODES)[number] =>
  (OFFER_REFUSAL_CODES as readonly string[]).includes(code);

/** The Danish message key of a refusal: the error catalogue's, so the offers say what the deposit would; a code the offers do not know, a general one. */
export function refusalKey(code: string): string {
  return isOfferRefusal(code) && isErrorCode(code) ? messageKeyOf(code) : 'campaign.offer_unavailable';
}

export const OFFER_REFUSAL_TEXT_KEYS: readonly string[] = [
  ...new Set([...OFFER_REFUSAL_CODES.map((code) => messageKeyOf(code)), 'campaign.offer_unavailable', 'campaign.offer_opens_at']),
];

/**
 * Why the player cannot claim an offer now, in Danish: the refusal's message and, for a weekly
 * window that is closed, when it next opens (Copenhagen time, as every time on the site).
 */
export function refusalLines(code: string, opensAt: string | null | undefined, t: Translate): string[] {
  const lines = [t(refusalKey(code))];
  if (code === 'BONUS_OUTSIDE_WINDOW' && opensAt && !Number.isNaN(Date.parse(opensAt)))
    lines.push(t('campaign.offer_opens_at', { date: formatDateTimeDa(opensAt) }));
  return lines;
}

/** A claim's refusal as the storefront answers it: an offer's rule, another refusal of the catalogue (a rate limit), or a general one. */
export function claimRefusalKey(code: string): string {
  if (isOfferRefusal(code)) return refusalKey(code);
  return isErrorCode(code) ? messageKeyOf(code) : 'campaign.claim_error';
}

/** What the campaign page shows under "Hent tilbud" when a claim is refused: the answer's Danish message, and when a closed window opens. */
export function claimRefusalLines(body: { code?: unknown; message?: unknown; opensAt?: unknown }, t: Translate): string[] {
  const lines = [typeof body.message === 'string' && body.message.trim() ? body.message : t('campaign.claim_error')];
  if (body.code === 'BONUS_OUTSIDE_WINDOW' && typeof body.opensAt === 'string' && !Number.isNaN(Date.parse(body.opensAt)))
    lines.push(t('campaign.offer_opens_at', { date: formatDateTimeDa(body.opensAt) }));
  return lines;
}

/** How much of a bonus's wagering is done, in whole percent (rounded down: 100 only when it is met). */
export function wageringShare({ wageredOre, wageringRequirementOre }: Pick<PlayerBonus, 'wageredOre' | 'wageringRequirementOre'>): number {
  if (wageringRequirementOre <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((wageredOre * 100) / wageringRequirementOre)));
}

const dayNumber = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 86_400_000;
};

/** Whole Copenhagen calendar days from `now` to the expiry (0 on its last day, never negative). */
export function daysLeft(expiresAt: DateInput, now: DateInput): number {
  return Math.max(0, dayNumber(copenhagenIsoDate(expiresAt)) - dayNumber(copenhagenIsoDate(now)));
}

/** "Udløber 26. januar 2027 kl. 10:00 · 59 dage tilbage": a date and a plain count, nothing that ticks. */
export function expiryText(expiresAt: string, now: DateInput, t: Translate): string {
  const date = formatDateTimeDa(expiresAt);
  const days = daysLeft(expiresAt, now);
  if (days === 0) return t('campaign.offer_last_day', { date });
  return days === 1 ? t('campaign.offer_day_left', { date }) : t('campaign.offer_days_left', { date, days });
}

/** How an ended bonus ended, as the player reads it. */
export const OUTCOME_KEYS: Readonly<Record<NonNullable<PlayerBonus['outcome']>, string>> = {
  converted: 'campaign.outcome_converted',
  forfeited: 'campaign.outcome_forfeited',
  expired: 'campaign.expired',
  merged: 'campaign.outcome_merged',
};

export const KIND_KEYS: Readonly<Record<PlayerBonus['kind'], string>> = {
  money: 'campaign.bonus_type_money',
  free_rounds: 'campaign.bonus_type_free',
};

/** A title free rounds are played on: its name and where a lobby tile would take a logged-in player. */
export interface GameLink {
  id: string;
  name: string;
  href: string;
}

/** An offer as the deposit page knows it: the terms, and for the player's own offers why they may not claim it (null: they may). */
export type DepositOffer = OfferTerms & { refusal?: string | null };

/** The offer of a code typed or chosen, if the campaigns have one. */
export const offerForCode = <T extends OfferTerms>(offers: readonly T[], code: string): T | undefined => {
  const wanted = normaliseCode(code);
  return wanted ? offers.find((offer) => offer.code === wanted) : undefined;
};

/** The welcome offer the player may still take (their registration's "yes", no deposit yet), or null. */
export const welcomeOfferCode = (offers: readonly DepositOffer[]): string | null =>
  offers.find((offer) => offer.welcomeOffer && offer.refusal === null)?.code ?? null;

export interface BonusChoice {
  /** The bonus code field is shown (its checkbox ticked). */
  open: boolean;
  code: string;
  /** The welcome offer the player may take, which they can untick ("Jeg vil ikke have velkomsttilbuddet"). */
  welcomeCode: string | null;
}

/**
 * The bonus code the deposit starts with: the one the player chose on a campaign page (`?bonus=`),
 * else the welcome offer when the platform says the player may take it (they said yes at
 * registration and have not deposited: its `refusal` is null), else none. Public terms alone (no
 * refusal known) never choose anything for the player.
 */
export function initialBonusChoice(offers: readonly DepositOffer[], requested: string | null): BonusChoice {
  const welcomeCode = welcomeOfferCode(offers);
  if (requested) return { open: true, code: requested, welcomeCode };
  if (welcomeCode) return { open: true, code: welcomeCode, welcomeCode };
  return { open: false, code: '', welcomeCode: null };
}

/** Whether the player has set the welcome offer aside: it is not the code the deposit would send. */
export const welcomeDeclined = (state: { bonusOpen: boolean; bonusCode: string; welcomeCode: string | null }) =>
  state.welcomeCode !== null && !(state.bonusOpen && normaliseCode(state.bonusCode) === state.welcomeCode);

/** The "Jeg vil ikke have velkomsttilbuddet" choice shows while the welcome offer is chosen or nothing else is typed. */
export const showsWelcomeDecline = (state: { bonusOpen: boolean; bonusCode: string; welcomeCode: string | null }) =>
  state.welcomeCode !== null && (!state.bonusOpen || !state.bonusCode.trim() || normaliseCode(state.bonusCode) === state.welcomeCode);
