/** Cookie names shared by the proxy (which cannot import server-only modules) and lib/session. */
export const SESSION_COOKIE = 'krone_session';
export const USER_COOKIE = 'krone_uid';
