/** The texts a winners list reads in the browser (WinnersFeed, WinnerItem). */
export const WINNER_TEXT_KEYS = [
  'games.no_winners',
  'games.winners_no_older',
  'games.winner_won',
  'games.winner_jackpot',
  'games.winner_jackpot_of',
  'games.winner_stake',
  'games.jackpot_hit_on',
  'games.jackpot_anonymous',
] as const;

/**
 * The texts of the profile's new-winners choice (WinnersOptOut). Here, not in the client module: a
 * server page importing a value from a 'use client' module gets a client reference, not the array.
 */
export const WINNERS_OPT_OUT_TEXT_KEYS = [
  'profile.winners_opt_out',
  'profile.winners_saved',
  'profile.save_error',
  'btn.save',
  'btn.loading',
] as const;
