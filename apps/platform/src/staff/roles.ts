/**
 * The back office's roles (docs/backoffice.md). The platform checks them on every staff call; the
 * back office only hides what a role cannot do. `administrator` is admitted everywhere.
 */
export const STAFF_ROLES = ['support', 'payments', 'compliance', 'content', 'marketing', 'administrator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who works with players' accounts: their search and page. */
export const PLAYER_READERS: StaffRole[] = ['support', 'payments', 'compliance'];
/** Who decides on players' identity documents (KYC). */
export const KYC_REVIEWERS: StaffRole[] = ['compliance'];
/** Who works the withdrawals queue: holds, approves (four eyes over the set amount) and rejects. */
export const WITHDRAWAL_REVIEWERS: StaffRole[] = ['payments'];
/** Who reads the operator's figures (deposits, payouts, stakes, wins, GGR, bonus cost, NGR). */
export const FIGURE_READERS: StaffRole[] = ['payments'];
/** Who works responsible gaming: the markers of risk, the players to contact, the contacts. */
export const RG_OFFICERS: StaffRole[] = ['compliance'];
/** Who may write a note on a player's page: whoever works with players' accounts. */
export const NOTE_WRITERS: StaffRole[] = PLAYER_READERS;
/** Who works the support inbox: reads the contact form's messages, answers them by e-mail, closes them. */
export const SUPPORT_AGENTS: StaffRole[] = ['support'];
/** Who edits the storefront's content: pages, news, the dictionary, settings, site documents. */
export const CONTENT_EDITORS: StaffRole[] = ['content'];
/** Who keeps the offers and the games: bonus codes within the Danish caps, titles off and on, the lobby's own rows. */
export const MARKETERS: StaffRole[] = ['marketing'];
/** Who reads who looked at a player's data (compliance answers the player and the data protection authority). */
export const READ_LOG_READERS: StaffRole[] = ['compliance'];
/** Who may lock and unlock a player. */
export const PLAYER_LOCKERS: StaffRole[] = ['support', 'compliance'];

export const admits = (roles: readonly string[], allowed: readonly StaffRole[]) =>
  roles.includes('administrator') || roles.some((role) => (allowed as readonly string[]).includes(role));
