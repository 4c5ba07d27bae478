import 'server-only';
import type { z } from 'zod';
import { env } from './env';
import { logError } from './log-redaction';
import {
  anyGameRulesSchema,
  isTableRules,
  openedSessionSchema,
  roundSchema,
  studioSessionSchema,
  type AnyGameRules,
  type GameRules,
  type TableRules,
} from './studio-schemas';

/**
 * The one door to our game studio (apps/studio), as the storefront's server uses it: every call
 * carries the storefront's key (`Krone-Studio-Key`, never sent to a browser) and, for a session's
 * calls, the session's bearer token. Answers are parsed here into our shapes; a refusal keeps the
 * studio's code (GAME_ROUND_TOO_SOON, INSUFFICIENT_FUNDS, …) for the caller to translate.
 */

export type StudioResult<T> = { ok: true; data: T } | { ok: false; status: number; code: string; extra: Record<string, unknown> };

const TIMEOUT_MS = 8000;
/** Game rules change only with a new title version; the data cache keeps them an hour. */
const RULES_REVALIDATE_SECONDS = 3600;

async function call<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  options: { body?: unknown; bearer?: string; visitor?: string; cacheSeconds?: number } = {},
): Promise<StudioResult<z.output<S>>> {
  const headers: Record<string, string> = { 'Krone-Studio-Key': env.studioApiKey };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.visitor) headers['X-Forwarded-For'] = options.visitor;
  let response: Response;
  try {
    response = await fetch(`${env.studioUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      ...(options.cacheSeconds ? { next: { revalidate: options.cacheSeconds, tags: ['game-rules'] } } : { cache: 'no-store' }),
    } as RequestInit);
  } catch (error) {
    logError(`storefront: studio call failed: ${method} ${redactPath(path)}`, error);
    return { ok: false, status: 503, code: 'GAME_STUDIO_UNAVAILABLE', extra: {} };
  }
  const body = (await response.json().catch(() => null)) as { result?: number; data?: unknown; code?: unknown } | null;
  if (body?.result === 1) {
    const parsed = schema.safeParse(body.data);
    if (parsed.success) return { ok: true, data: parsed.data };
    logError(`storefront: studio answer not understood: ${method} ${redactPath(path)}`, parsed.error);
    return { ok: false, status: 502, code: 'GAME_STUDIO_UNAVAILABLE', extra: {} };
  }
  const { result: _result, code, message: _message, ...extra } = (body ?? {}) as Record<string, unknown>;
  return {
    ok: false,
    status: response.status >= 400 ? response.status : 502,
    code: typeof code === 'string' ? code : 'GAME_STUDIO_UNAVAILABLE',
    extra,
  };
}

/** Session ids in logged paths are cut short: they are not secrets, but a log needs no more. */
const redactPath = (path: string) => path.replace(/\/sessions\/[^/]+/, '/sessions/{id}');

const sessionPath = (sessionId: string) => `/sessions/${encodeURIComponent(sessionId)}`;

/**
 * Any title's rules, a slot's or a table game's (by its `kind`); GAME_NOT_FOUND (404) for an
 * unknown id. One cached answer per title serves the three readers below.
 */
export function loadAnyGameRules(gameId: string): Promise<StudioResult<AnyGameRules>> {
  return call('GET', `/games/${encodeURIComponent(gameId)}/rules`, anyGameRulesSchema, { cacheSeconds: RULES_REVALIDATE_SECONDS });
}

const notFound = { ok: false, status: 404, code: 'GAME_NOT_FOUND', extra: {} } as const;

/**
 * A slot's rules (paytable, lines, RTP, largest win, stake limits); GAME_NOT_FOUND (404) for an
 * unknown id and for a table game (its rules are another shape, and a slot's route does not play it).
 */
export async function loadGameRules(gameId: string): Promise<StudioResult<GameRules>> {
  const rules = await loadAnyGameRules(gameId);
  if (!rules.ok) return rules;
  return isTableRules(rules.data) ? notFound : { ok: true, data: rules.data };
}

/** A table game's rules (stakes, timeout, the roulette table, blackjack rule set or paytable); GAME_NOT_FOUND for a slot too. */
export async function loadTableRules(gameId: string): Promise<StudioResult<TableRules>> {
  const rules = await loadAnyGameRules(gameId);
  if (!rules.ok) return rules;
  return isTableRules(rules.data) ? { ok: true, data: rules.data } : notFound;
}

/** A play-money session of a title: anyone, no platform involved. */
export function openFunSession(gameId: string, visitor?: string) {
  return call('POST', '/sessions', openedSessionSchema, { body: { mode: 'fun', gameId }, visitor });
}

/** A real-money session from the platform's launch token (POST /Games/launch). */
export function openRealSession(launchToken: string, visitor?: string) {
  return call('POST', '/sessions', openedSessionSchema, { body: { mode: 'real', token: launchToken }, visitor });
}

export function readSession(sessionId: string, bearer: string) {
  return call('GET', sessionPath(sessionId), studioSessionSchema, { bearer });
}

/** A roulette bet as the studio takes it: an inside bet's numbers, an outside bet's selector. */
export type RouletteBetRequest = { kind: string; numbers?: number[]; selector?: number | string; stakeOre: number };

/**
 * A new round: `{stakeOre}` (a slot's spin, a blackjack or video-poker deal) or `{bets}` (a
 * roulette spin, settled at once). A deal answers status `playing` until the player has decided.
 */
export function playRound(
  sessionId: string,
  bearer: string,
  body: { stakeOre: number } | { bets: RouletteBetRequest[] } | { freeRoundsId: string },
  visitor?: string,
) {
  return call('POST', `${sessionPath(sessionId)}/rounds`, roundSchema, { bearer, body, visitor });
}

/** A decision in a table round that waits for one (blackjack's moves and insurance, video poker's draw). */
export type TableActionRequest =
  | { action: 'hit' | 'stand' | 'double' | 'split' | 'surrender' }
  | { action: 'insurance'; take: boolean }
  | { action: 'draw'; holds: boolean[] };

export function playTableAction(sessionId: string, roundId: string, bearer: string, body: TableActionRequest, visitor?: string) {
  return call('POST', `${sessionPath(sessionId)}/rounds/${encodeURIComponent(roundId)}/actions`, roundSchema, { bearer, body, visitor });
}

/** A round of the session as the player may see it now: pending, settled with its outcome, or refused. */
export function readRound(sessionId: string, roundId: string, bearer: string) {
  return call('GET', `${sessionPath(sessionId)}/rounds/${encodeURIComponent(roundId)}`, roundSchema, { bearer });
}

export function answerWarning(sessionId: string, bearer: string, answer: 'continue' | 'stop') {
  return call('POST', `${sessionPath(sessionId)}/warning`, studioSessionSchema, { bearer, body: { answer } });
}

export function endSession(sessionId: string, bearer: string) {
  return call('POST', `${sessionPath(sessionId)}/end`, studioSessionSchema, { bearer, body: {} });
}
