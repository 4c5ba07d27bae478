/**
 * Client-side stored values of spec §3 that live in cookies (`krone_<key>`). Only these names may
 * be read or written through /api/cookie, so that call can never touch the session or consent
 * cookies. Plain data: the route and the bad-input test read the same list.
 */
export const CLIENT_COOKIE_KEYS = [
  'item_register',
  'landing_variant',
  'cpr_check',
  'redirect_item',
  'wagering',
  'accept_news',
  'global_popup',
  'responsible_gambling_time',
  'last_login',
  'notification_show_time',
  'marketing_popup',
  'btag',
] as const;
