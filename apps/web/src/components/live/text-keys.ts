import { LIVE_NO_VIDEO_KEYS, LIVE_STATE_KEYS } from '../../lib/live-casino';

/** The texts a live table's tile state reads in the browser (live-tile-state.tsx): its state, dealer, players, limits and last results. */
export const LIVE_TILE_TEXT_KEYS = [
  ...Object.values(LIVE_STATE_KEYS),
  ...Object.values(LIVE_NO_VIDEO_KEYS),
  'games.live_closes_in',
  'games.dealer',
  'games.live_players',
  'games.live_players_one',
  'games.live_limits',
  'games.live_last_results',
  'games.live_no_results',
  'games.live_pocket_red',
  'games.live_pocket_black',
  'games.live_pocket_green',
  'games.live_wheel_multiplied',
  'games.live_wheel_result',
  'games.live_wheel_result_multiplied',
  'games.live_dealer_total',
  'games.live_dealer_bust',
  'games.live_dealer_bust_short',
] as const;

/** The texts of the live launch page's screen (live-screen.tsx): the game bar, the frame, refusals and the money-played warning. */
export const LIVE_SCREEN_TEXT_KEYS = [
  'games.live_back_to_lobby',
  'games.back_to_lobby',
  'games.live_frame_title',
  'games.live_opening',
  'games.live_money_only',
  ...Object.values(LIVE_NO_VIDEO_KEYS),
  'games.error_live_unavailable',
  'slot_machines.clock',
  'label.clock',
  'slot_machines.time_since_login',
  'slot_machines.session_net',
  'slot_machines.balance',
  'slot_machines.play_again',
  'slot_machines.duration_minutes',
  'slot_machines.duration_hours',
  'slot_machines.warning_title',
  'slot_machines.warning_text',
  'slot_machines.warning_continue',
  'slot_machines.warning_stop',
  'slot_machines.warning_limits',
] as const;
