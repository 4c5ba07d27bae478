import 'server-only';
import { isErrorCode, messageKeyOf } from '@krone/domain';
import { cookies } from 'next/headers';
import { fail, ok } from './api';
import { clientIp } from './forwarding';
import { platformNoStore } from './platform';
import { secureCookies } from './session';
import { isProduction } from './session-cookies';
import { openFunSession, openRealSession, type StudioResult } from './studio';
import type { StudioSession } from './studio-schemas';

/**
 * Game sessions as the storefront's server runs them: launching one (fun straight at the studio;
 * money through the platform's launch and then the studio), and keeping the studio's bearer token
 * away from page script.
 *
 * The token travels in an HttpOnly cookie whose path is the session's own API path
 * (`/api/spil/sessions/<id>`): the browser sends it only on that session's calls, two games in two
 * tabs each keep their own, and no other request carries it. The page and its script never see it.
 */

/** A title id (and /mobilspil slug), as the catalogue writes them. */
export const GAME_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,79}$/;
/** A studio session id as it may appear in our paths and cookie paths. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

const TOKEN_COOKIE = 'krone_spil';
/** The studio token lives at most as long as a game session for money does (12 hours). */
const TOKEN_COOKIE_SECONDS = 12 * 60 * 60;
const PROVIDER_ID = 'krone-studio';

/** In production the cookie carries `__Secure-` (a `__Host-` cookie must have Path=/, which this one must not). */
export const studioTokenCookie = () => (isProduction() ? '__Secure-' : '') + TOKEN_COOKIE;
export const sessionApiPath = (sessionId: string) => `/api/spil/sessions/${sessionId}`;

export type LaunchMode = 'fun' | 'real';
type Refusal = Extract<StudioResult<unknown>, { ok: false }>;

/**
 * A new game session: `fun` for anyone; `real` for the logged-in player whose platform session
 * token is given (the platform refuses a paused or closed player, an unknown game).
 */
export async function launchGameSession(
  gameId: string,
  mode: LaunchMode,
  platformToken: string | null,
  visitor: string,
): Promise<StudioResult<StudioSession & { token: string }>> {
  if (mode === 'fun') return openFunSession(gameId, visitor);
  if (!platformToken) return { ok: false, status: 401, code: 'SESSION_INVALID', extra: {} };
  let launched;
  try {
    launched = await platformNoStore.POST('/Games/launch/{sessionId}', {
      params: { path: { sessionId: platformToken } },
      body: { providerId: PROVIDER_ID, gameId, mode: 'real' },
    });
  } catch {
    return { ok: false, status: 503, code: 'GAME_PLATFORM_UNAVAILABLE', extra: {} };
  }
  if (!launched.data) {
    const error = launched.error as { code?: string } | undefined;
    const status = launched.response.status;
    return { ok: false, status, code: error?.code ?? (status === 401 ? 'SESSION_INVALID' : 'GAME_PLATFORM_UNAVAILABLE'), extra: {} };
  }
  return openRealSession(launched.data.data.token, visitor);
}

/** The answer of a new session: the session without its token, which goes into the session's cookie. */
export function sessionOpened(session: StudioSession & { token: string }) {
  const { token, ...rest } = session;
  const response = ok({ result: 1, data: rest });
  response.cookies.set(studioTokenCookie(), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isProduction() || secureCookies(),
    path: sessionApiPath(session.sessionId),
    maxAge: TOKEN_COOKIE_SECONDS,
  });
  return response;
}

/** Drops a session's token cookie (the session ended). */
export function clearStudioToken(
  response: { cookies: { set: (name: string, value: string, options: object) => unknown } },
  sessionId: string,
) {
  const secure = isProduction() || secureCookies();
  response.cookies.set(studioTokenCookie(), '', { path: sessionApiPath(sessionId), maxAge: 0, httpOnly: true, sameSite: 'strict', secure });
}

/** A studio bearer token as the studio gives them (base64url, 256 random bits; a little room either way). */
const BEARER_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The bearer token of the session this request's path names (the cookie is only sent there), or
 * null when there is none or it cannot be one: a forged value with other characters made the
 * studio call itself fail (an invalid Authorization header) and answered 503 "unavailable".
 */
export async function studioBearer(): Promise<string | null> {
  const value = (await cookies()).get(studioTokenCookie())?.value;
  return value !== undefined && BEARER_PATTERN.test(value) ? value : null;
}

/**
 * A studio or platform refusal as the browser gets it: the code, the Danish message of the error
 * catalogue (or the game screen's generic one), and what the code carries (`nextRoundAt`,
 * `balanceOre`).
 */
export function gameRefusal(refusal: Refusal) {
  const key = isErrorCode(refusal.code)
    ? messageKeyOf(refusal.code)
    : refusal.code === 'GAME_STUDIO_UNAVAILABLE'
      ? 'slot_machines.game_error'
      : 'slot_machines.round_error';
  const extra: Record<string, unknown> = {};
  for (const name of ['nextRoundAt', 'balanceOre'] as const) if (name in refusal.extra) extra[name] = refusal.extra[name];
  const status = refusal.status >= 500 ? 503 : refusal.status;
  return fail(status, refusal.code, key, extra);
}

export const visitorOf = (request: Request) => clientIp(request.headers);
