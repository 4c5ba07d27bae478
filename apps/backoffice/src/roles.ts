/**
 * What a member's roles admit, as the platform decides it (apps/platform/src/staff/roles.ts): the
 * back office only hides what a role cannot do, the platform refuses it anyway.
 */
const admits = (roles: readonly string[], allowed: readonly string[]) =>
  roles.includes('administrator') || roles.some((role) => allowed.includes(role));

const PROPOSAL_ROLES: Record<string, readonly string[]> = {
  balance_correction: ['payments'],
  withdrawal_payout: ['payments'],
  account_reopen: ['compliance'],
  manual_bonus: ['support', 'marketing'],
  // Administrators only (admitted everywhere).
  role_grant: [],
  protected_setting: [],
};

export const can = {
  readPlayers: (roles: readonly string[]) => admits(roles, ['support', 'payments', 'compliance']),
  reviewDocuments: (roles: readonly string[]) => admits(roles, ['compliance']),
  workResponsible: (roles: readonly string[]) => admits(roles, ['compliance']),
  readFigures: (roles: readonly string[]) => admits(roles, ['payments']),
  workSupport: (roles: readonly string[]) => admits(roles, ['support']),
  editContent: (roles: readonly string[]) => admits(roles, ['content']),
  reviewWithdrawals: (roles: readonly string[]) => admits(roles, ['payments']),
  manageOffers: (roles: readonly string[]) => admits(roles, ['marketing']),
  readReadLog: (roles: readonly string[]) => admits(roles, ['compliance']),
  lockPlayers: (roles: readonly string[]) => admits(roles, ['support', 'compliance']),
  reopenAccount: (roles: readonly string[]) => admits(roles, PROPOSAL_ROLES.account_reopen!),
  proposeBonus: (roles: readonly string[]) => admits(roles, ['support']),
  administer: (roles: readonly string[]) => roles.includes('administrator'),
  proposeCorrection: (roles: readonly string[]) => admits(roles, PROPOSAL_ROLES.balance_correction!),
  decide: (roles: readonly string[], kind: string) => admits(roles, PROPOSAL_ROLES[kind] ?? []),
};
