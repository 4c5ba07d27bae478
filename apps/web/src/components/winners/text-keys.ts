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
