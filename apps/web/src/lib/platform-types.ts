import type { paths } from './platform-api';

/**
 * The platform's answers as the storefront's components use them, derived from the generated
 * client (npm run openapi) so a changed contract fails the typecheck instead of drifting.
 * Type-only: safe to import from client components.
 */
type Method = 'get' | 'post' | 'put' | 'delete';
export type PlatformOk<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer R } } };
}
  ? R
  : never;
export type PlatformData<P extends keyof paths, M extends Method> = PlatformOk<P, M> extends { data: infer D } ? D : never;

/** A deposit as the platform answers it: where it stands and what its receipt shows (øre). */
export type Deposit = PlatformData<'/Payments/deposits/card/{sessionId}', 'post'>;

/** The account summary of spec §3, in øre. */
export type AccountSummary = PlatformData<'/GATMaven/users/{sessionId}/account-summary', 'get'>;
export type BetWinSummary = PlatformData<'/GATMaven/users/{sessionId}/betwin-summary', 'get'>;

/** The player's profile (userInfo of spec §3, playerType, properties) as the platform answers it. */
export type PlatformProfile = PlatformData<'/GATMaven/users/{sessionId}/profile', 'get'>;

/** The limits page's data (GET /Limits/{sessionId}): account state and each period's limit. */
export type LimitsOverview = PlatformData<'/Limits/{sessionId}', 'get'>;
/** A deposit limit set or removed: when the change applies, and the overview after it. */
export type DepositLimitChange = PlatformData<'/Limits/{sessionId}/deposit/{period}', 'put'>;
export type DepositLimitRemoval = PlatformData<'/Limits/{sessionId}/deposit/{period}', 'delete'>;
/** The player's choice of offers by e-mail and SMS, as stored (EmailNotify/update). */
export type NotifySettings = PlatformData<'/GATMaven/users/{sessionId}/EmailNotify/update', 'put'>;

/** The player's uploaded identity documents (GET /Players/documents/{sessionId}). */
export type PlayerDocument = PlatformData<'/Players/documents/{sessionId}', 'get'>['documents'][number];

/** The player's withdrawals and what they can withdraw, as the platform answers them. */
export type WithdrawalsOverview = PlatformData<'/Payments/withdrawals/{sessionId}', 'get'>;
export type Withdrawal = WithdrawalsOverview['withdrawals'][number];

/** A campaign's offer and the terms shown beside it (GET /Bonus/offers, issue 27). */
export type OfferTerms = PlatformData<'/Bonus/offers', 'get'>['offers'][number];
/** The player's offers page (GET /Bonus/offers/{sessionId}): what they may claim, their open bonus and their ended ones. */
export type PlayerOffers = PlatformData<'/Bonus/offers/{sessionId}', 'get'>;
/** An offer the player is shown, with why they may not claim it now (an error code), or null. */
export type AvailableOffer = PlayerOffers['available'][number];
/** One of the player's bonuses: open (`outcome` null) or ended. */
export type PlayerBonus = PlayerOffers['active'][number];

/** A tournament's edition now, with its rule, prizes and leaderboard (issue 27). */
export type Tournament = PlatformData<'/Tournaments', 'get'>['tournaments'][number];
/** The player's tournaments page: each tournament with their entry and place, and their prizes. */
export type PlayerTournaments = PlatformData<'/Tournaments/{sessionId}', 'get'>;
export type TournamentPrize = PlayerTournaments['prizes'][number];
