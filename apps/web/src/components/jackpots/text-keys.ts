/** The texts the jackpots' client parts read (JackpotLiveProvider): the last hits, the revealed drops, the next drop's hash, a hit announced. */
export const JACKPOT_LIVE_TEXT_KEYS = [
  'games.jackpot_last_hits',
  'games.jackpot_no_hits',
  'games.jackpot_hit_on',
  'games.jackpot_anonymous',
  'games.jackpot_check_drop',
  'games.jackpot_drop_value',
  'games.jackpot_drop_value_ore',
  'games.jackpot_drop_nonce',
  'games.jackpot_drop_text',
  'games.jackpot_drop_published_hash',
  'games.jackpot_next_drop_hash',
  'games.jackpot_just_won',
] as const;
