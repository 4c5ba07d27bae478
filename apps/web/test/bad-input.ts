import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEPOSIT_LIMIT_PERIODS, isErrorCode, MAX_DEPOSIT_ORE, MOBILE_COUNTRY_CODES, PAUSE_DURATIONS } from '@krone/domain';
import fc from 'fast-check';
import {
  BAD_INPUT_ENV,
  bump,
  databaseFingerprint,
  errorMessages,
  fieldsOf,
  hostileKey,
  hostileNumber,
  longString,
  malformedJson,
  multipartBodyMutations,
  newTally,
  sample,
  seedTargets,
  setAt,
  trickyString,
  violates,
  violation,
  wrongType,
  type Schema,
  type Tally,
  type Targets,
} from '../../platform/test/bad-input.js';
import { CLIENT_COOKIE_KEYS } from '../src/lib/client-cookies.js';
import { fundPlayer, scratchDatabase, startTestPlatform, type TestPlatform } from '../../platform/test/harness.js';
import { buildStudio, type Studio } from '../../studio/src/app.js';
import { loadConfig as loadStudioConfig } from '../../studio/src/config.js';
import { openDatabase as openStudioDatabase, type Database as StudioDatabase } from '../../studio/src/db/client.js';
import { loadTitleCatalogue } from '../../studio/src/titles.js';

/**
 * The storefront's half of "every endpoint against bad input" (issue 15 §2): every `/api/*` route
 * handler of apps/web, served by the production build through the front door (server.ts, as
 * deployed), gets generated invalid and hostile requests: wrong methods, a missing or foreign
 * Origin and simple content types (the CSRF guard, lib/api.ts sameOrigin), missing, forged,
 * expired and logged-out session cookies, other players' ids, dropped fields, wrong types,
 * amounts out of range or in fractions of øre, over-long and Unicode-tricky strings, malformed
 * JSON and multipart, a replayed idempotency key with another body. Each answer must be a 4xx
 * with a stable code and a Danish message from the dictionary (a read may answer 2xx to noise
 * alone; see `allowed2xx`), never a 5xx, never a hang; the platform's and the studio's databases
 * are fingerprinted before and after. The generator's pieces are the platform's
 * (apps/platform/test/bad-input.ts); the routes are described here, as the storefront has no
 * OpenAPI document. Shared by the CI test (bad-input.test.ts) and the bench
 * (npm run bench:badinput -- --storefront).
 */

// ---------------------------------------------------------------------------------------------
// The routes.

const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
const bool: Schema = { type: 'boolean' };
const oneOf = (...values: unknown[]): Schema => ({ type: typeof values[0] === 'boolean' ? 'boolean' : 'string', enum: values });
const obj = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({ type: 'object', properties, required });
const UUID: Schema = {
  type: 'string',
  format: 'uuid',
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
};
const GAME_ID: Schema = str({ pattern: '^[a-z0-9][a-z0-9-]{1,79}$' });

export interface Route {
  /** `METHOD /api/path/{param}`. */
  id: string;
  method: 'GET' | 'POST';
  path: string;
  pathParams?: Record<string, Schema>;
  query?: Record<string, { schema: Schema; required: boolean }>;
  body?: { kind: 'json'; schema: Schema } | { kind: 'multipart' };
  /** Guarded by sameOrigin (lib/api.ts): our Origin and a JSON body (or x-krone-csrf: 1). */
  csrf: boolean;
  /**
   * The session cookie: `required` refuses without a live one (401); `optional` answers a read's
   * spec §7 shape `{result: 0, message: 'no-session'}` (200) without one; `ignored` does not read it.
   */
  session: 'required' | 'optional' | 'ignored';
  /** A read: may answer 2xx to hostile noise that leaves its request valid. */
  read?: boolean;
  /**
   * The answer when not JSON: a redirect for the browser (login), an HTML page (3-D Secure's
   * return), server-sent events that never end (the live lobby's stream: its headers are checked,
   * its body is not waited for).
   */
  answer?: 'redirect' | 'html' | 'svg' | 'stream';
  /** Cookies the route reads besides the session's (their valid-shaped values are chosen in `baseDraft`). */
  cookies?: ('uid' | 'registration' | 'authTransaction' | 'studio')[];
}

/** Every storefront route handler under apps/web/src/app/api (storefront-bad-input.test.ts checks the list is complete). */
export const ROUTES: Route[] = [
  {
    id: 'GET /api/auth/{provider}/start',
    method: 'GET',
    path: '/api/auth/{provider}/start',
    pathParams: { provider: oneOf('mitid', 'mobilepay') },
    query: {
      purpose: { schema: oneOf('login', 'register'), required: false },
      redirect: { schema: str({ maxLength: 500 }), required: false },
    },
    csrf: false,
    session: 'ignored',
    answer: 'redirect',
  },
  {
    id: 'GET /api/auth/{provider}/callback',
    method: 'GET',
    path: '/api/auth/{provider}/callback',
    pathParams: { provider: oneOf('mitid', 'mobilepay') },
    query: { code: { schema: str({ maxLength: 4000 }), required: false }, state: { schema: str({ maxLength: 4000 }), required: false } },
    csrf: false,
    session: 'ignored',
    // Without the platform's own transaction (never seeded) every callback is refused.
    read: true,
    answer: 'redirect',
    cookies: ['authTransaction'],
  },
  { id: 'POST /api/auth/logout', method: 'POST', path: '/api/auth/logout', csrf: true, session: 'required' },
  // A claim from a campaign page (issue 27): every rule checked, nothing moves.
  {
    id: 'POST /api/bonus/claim',
    method: 'POST',
    path: '/api/bonus/claim',
    body: { kind: 'json', schema: obj({ code: str({ minLength: 1, maxLength: 40 }) }) },
    csrf: true,
    session: 'required',
    read: true,
  },
  // The tournaments (issue 27): the boards (a player's own, else the public ones), and a join.
  { id: 'GET /api/tournaments', method: 'GET', path: '/api/tournaments', csrf: false, session: 'ignored', read: true },
  {
    id: 'POST /api/tournaments/join',
    method: 'POST',
    path: '/api/tournaments/join',
    body: {
      kind: 'json',
      schema: obj({ tournament: str({ pattern: '^[a-z0-9-]{2,80}$' }), edition: str({ pattern: String.raw`^\d{4}-(\d{2}|W\d{2})$` }) }),
    },
    csrf: true,
    session: 'required',
  },
  { id: 'GET /api/contact/challenge', method: 'GET', path: '/api/contact/challenge', csrf: false, session: 'ignored', read: true },
  {
    id: 'POST /api/contact',
    method: 'POST',
    path: '/api/contact',
    body: {
      kind: 'json',
      schema: obj(
        {
          name: str({ minLength: 1, maxLength: 100 }),
          email: str({ maxLength: 254, pattern: '^[a-z]+@example\\.dk$' }),
          phone: str({ pattern: '^\\d{8}$' }),
          subject: oneOf('account', 'payment', 'bonus', 'technical', 'responsible', 'other'),
          message: str({ minLength: 10, maxLength: 4000 }),
          captcha: str({ maxLength: 8000 }),
        },
        ['name', 'email', 'subject', 'message'],
      ),
    },
    csrf: true,
    session: 'optional',
  },
  {
    id: 'GET /api/cookie',
    method: 'GET',
    path: '/api/cookie',
    query: { key: { schema: oneOf(...CLIENT_COOKIE_KEYS), required: true } },
    csrf: false,
    session: 'ignored',
    read: true,
  },
  {
    id: 'POST /api/cookie',
    method: 'POST',
    path: '/api/cookie',
    body: {
      kind: 'json',
      schema: obj({
        key: oneOf(...CLIENT_COOKIE_KEYS),
        value: str({ maxLength: 1024 }),
        max_age: int({ minimum: 0, maximum: 31_536_000 }),
      }),
    },
    csrf: true,
    session: 'ignored',
  },
  {
    id: 'GET /api/deposit/3ds-return',
    method: 'GET',
    path: '/api/deposit/3ds-return',
    query: { deposit: { schema: UUID, required: false } },
    csrf: false,
    session: 'ignored',
    read: true,
    answer: 'html',
  },
  {
    id: 'POST /api/deposit/account-summary',
    method: 'POST',
    path: '/api/deposit/account-summary',
    csrf: true,
    session: 'optional',
    read: true,
  },
  {
    id: 'POST /api/deposit/card',
    method: 'POST',
    path: '/api/deposit/card',
    body: {
      kind: 'json',
      schema: obj(
        {
          token: str({ minLength: 1, maxLength: 100 }),
          amountOre: int({ minimum: 10_000, maximum: MAX_DEPOSIT_ORE }),
          bonusCode: str({ maxLength: 100, pattern: '^[A-Z0-9]+$' }),
          from: oneOf('main', 'quick'),
        },
        ['token', 'amountOre'],
      ),
    },
    csrf: true,
    session: 'required',
  },
  {
    id: 'POST /api/deposit/mobilepay',
    method: 'POST',
    path: '/api/deposit/mobilepay',
    body: {
      kind: 'json',
      schema: obj(
        {
          amountOre: int({ minimum: 10_000, maximum: MAX_DEPOSIT_ORE }),
          bonusCode: str({ maxLength: 100, pattern: '^[A-Z0-9]+$' }),
          from: oneOf('main', 'quick'),
        },
        ['amountOre'],
      ),
    },
    csrf: true,
    session: 'required',
  },
  {
    id: 'POST /api/deposit/status',
    method: 'POST',
    path: '/api/deposit/status',
    body: { kind: 'json', schema: obj({ id: UUID }) },
    csrf: true,
    session: 'required',
  },
  { id: 'GET /api/footer', method: 'GET', path: '/api/footer', csrf: false, session: 'ignored', read: true },
  {
    id: 'GET /api/games/art/{id}',
    method: 'GET',
    path: '/api/games/art/{id}',
    pathParams: { id: GAME_ID },
    query: { w: { schema: oneOf('200', '360', '480'), required: false } },
    csrf: false,
    session: 'ignored',
    read: true,
    answer: 'svg',
  },
  {
    id: 'GET /api/games/art/{id}/symbols/{file}',
    method: 'GET',
    path: '/api/games/art/{id}/symbols/{file}',
    pathParams: { id: GAME_ID, file: str({ pattern: '^(0|[1-9][0-9]?)\\.svg$' }) },
    csrf: false,
    session: 'ignored',
    read: true,
    answer: 'svg',
  },
  { id: 'GET /api/games/favourites', method: 'GET', path: '/api/games/favourites', csrf: false, session: 'required', read: true },
  {
    id: 'POST /api/games/favourites',
    method: 'POST',
    path: '/api/games/favourites',
    body: { kind: 'json', schema: obj({ gameId: GAME_ID, favourite: bool }) },
    csrf: true,
    session: 'required',
  },
  { id: 'GET /api/games/recent', method: 'GET', path: '/api/games/recent', csrf: false, session: 'required', read: true },
  {
    id: 'GET /api/games/search',
    method: 'GET',
    path: '/api/games/search',
    query: { q: { schema: str(), required: false } },
    csrf: false,
    session: 'ignored',
    read: true,
  },
  { id: 'GET /api/images', method: 'GET', path: '/api/images', csrf: false, session: 'ignored', read: true },
  {
    id: 'GET /api/jackpots/stream',
    method: 'GET',
    path: '/api/jackpots/stream',
    csrf: false,
    session: 'ignored',
    read: true,
    answer: 'stream',
  },
  { id: 'GET /api/layouts', method: 'GET', path: '/api/layouts', csrf: false, session: 'ignored', read: true },
  {
    id: 'POST /api/live/launch',
    method: 'POST',
    path: '/api/live/launch',
    body: { kind: 'json', schema: obj({ gameId: GAME_ID }) },
    csrf: true,
    session: 'required',
  },
  {
    id: 'GET /api/live/sessions/{gameSessionId}',
    method: 'GET',
    path: '/api/live/sessions/{gameSessionId}',
    pathParams: { gameSessionId: UUID },
    // A format alone gives the generator nothing a text can break (violates() reads patterns), and
    // its filter would never end: the ISO instant the page sends, as a pattern.
    query: {
      from: {
        schema: str({ format: 'date-time', pattern: String.raw`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$`, maxLength: 40 }),
        required: true,
      },
    },
    csrf: false,
    session: 'required',
    read: true,
  },
  { id: 'GET /api/live/stream', method: 'GET', path: '/api/live/stream', csrf: false, session: 'ignored', read: true, answer: 'stream' },
  {
    id: 'POST /api/live/warning',
    method: 'POST',
    path: '/api/live/warning',
    body: { kind: 'json', schema: obj({ answer: oneOf('continue') }) },
    csrf: true,
    session: 'required',
  },
  { id: 'GET /api/limits', method: 'GET', path: '/api/limits', csrf: false, session: 'required', read: true },
  {
    id: 'POST /api/limits/closure',
    method: 'POST',
    path: '/api/limits/closure',
    body: { kind: 'json', schema: obj({ confirm: { type: 'boolean', enum: [true] } }) },
    csrf: true,
    session: 'required',
  },
  {
    id: 'POST /api/limits/deposit',
    method: 'POST',
    path: '/api/limits/deposit',
    body: {
      kind: 'json',
      schema: obj({ period: oneOf(...DEPOSIT_LIMIT_PERIODS), amountOre: int({ minimum: 100, maximum: 1_000_000_000 }) }),
    },
    csrf: true,
    session: 'required',
  },
  {
    id: 'POST /api/limits/pause',
    method: 'POST',
    path: '/api/limits/pause',
    body: { kind: 'json', schema: obj({ duration: oneOf(...PAUSE_DURATIONS) }) },
    csrf: true,
    session: 'required',
  },
  {
    id: 'POST /api/logs/session-expire',
    method: 'POST',
    path: '/api/logs/session-expire',
    body: { kind: 'json', schema: obj({ fromRoute: str({ maxLength: 500 }), datetime: str({ maxLength: 40 }) }) },
    csrf: true,
    // Its input is an ended session's cookie (the platform logs that session's player, issue 15 §3),
    // so no session cookie is bad input here: the requests carry none, and nothing is logged.
    session: 'ignored',
  },
  {
    id: 'POST /api/main-content',
    method: 'POST',
    path: '/api/main-content',
    body: { kind: 'json', schema: obj({ name: str({ minLength: 1, maxLength: 80, pattern: '^[a-z0-9_-]+$' }) }) },
    csrf: false,
    session: 'ignored',
    read: true,
  },
  { id: 'GET /api/menu', method: 'GET', path: '/api/menu', csrf: false, session: 'ignored', read: true },
  {
    id: 'POST /api/navigation',
    method: 'POST',
    path: '/api/navigation',
    body: { kind: 'json', schema: obj({ active: bool, isAdmin: bool }, []) },
    csrf: true,
    session: 'optional',
    read: true,
  },
  {
    id: 'POST /api/news/news-detail',
    method: 'POST',
    path: '/api/news/news-detail',
    body: { kind: 'json', schema: obj({ slug: str({ minLength: 1, maxLength: 120, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }) }) },
    csrf: false,
    session: 'ignored',
    read: true,
  },
  {
    id: 'POST /api/news/news-list',
    method: 'POST',
    path: '/api/news/news-list',
    body: {
      kind: 'json',
      schema: obj(
        {
          PageSize: int({ minimum: 1, maximum: 50 }),
          CurrentPage: int({ minimum: 1, maximum: 10_000 }),
          showArticleInNewsList: bool,
          status: oneOf('published'),
        },
        [],
      ),
    },
    csrf: false,
    session: 'ignored',
    read: true,
  },
  {
    id: 'POST /api/registration/complete',
    method: 'POST',
    path: '/api/registration/complete',
    body: {
      kind: 'json',
      schema: obj(
        {
          acceptTerms: { type: 'boolean', enum: [true] },
          bonus: bool,
          depositLimit: obj({ period: oneOf('day', 'week', 'month', 'year'), amountOre: int({ minimum: 100, maximum: 1_000_000_000 }) }),
        },
        ['acceptTerms', 'bonus'],
      ),
    },
    csrf: true,
    session: 'ignored',
    cookies: ['registration'],
  },
  {
    id: 'POST /api/user/address',
    method: 'POST',
    path: '/api/user/address',
    body: {
      kind: 'json',
      schema: obj(
        {
          address1: str({ maxLength: 200, pattern: '^[A-Z][a-z]+ [1-9]$' }),
          address2: str({ maxLength: 200, pattern: '^[a-z]*$' }),
          zip: str({ maxLength: 10, pattern: '^[1-9][0-9]{3}$' }),
          city: str({ maxLength: 100, pattern: '^[A-Z][a-z]+$' }),
        },
        ['address1', 'zip', 'city'],
      ),
    },
    csrf: true,
    session: 'required',
  },
  {
    id: 'POST /api/registration/cpr-check',
    method: 'POST',
    path: '/api/registration/cpr-check',
    body: {
      kind: 'json',
      schema: obj({ cpr: str({ maxLength: 20, pattern: '^\\d{10}$' }), redirect: str({ maxLength: 500, pattern: '^/[a-z]*$' }) }, ['cpr']),
    },
    csrf: true,
    session: 'ignored',
    cookies: ['registration'],
  },
  {
    id: 'POST /api/registration/details',
    method: 'POST',
    path: '/api/registration/details',
    body: {
      kind: 'json',
      schema: obj({
        cpr: str({ maxLength: 20, pattern: '^\\d{10}$' }),
        firstName: str({ minLength: 1, maxLength: 50 }),
        lastName: str({ minLength: 1, maxLength: 100 }),
        email: str({ maxLength: 254, pattern: '^[a-z]+@example\\.dk$' }),
        mobileCc: oneOf(...MOBILE_COUNTRY_CODES),
        mobileNo: str({ maxLength: 20, pattern: '^\\d{8}$' }),
      }),
    },
    csrf: true,
    session: 'ignored',
    cookies: ['registration'],
  },
  {
    id: 'POST /api/seo',
    method: 'POST',
    path: '/api/seo',
    body: { kind: 'json', schema: obj({ slug: str({ minLength: 1, maxLength: 200 }) }) },
    csrf: false,
    session: 'ignored',
    read: true,
  },
  {
    // The platform's word that published content changed: without the storefront key (which no
    // generated request has), refused whatever it carries.
    id: 'POST /api/revalidate',
    method: 'POST',
    path: '/api/revalidate',
    body: { kind: 'json', schema: obj({ tags: { type: 'array', items: oneOf('content') } }) },
    csrf: false,
    session: 'ignored',
  },
  { id: 'GET /api/siteInfo', method: 'GET', path: '/api/siteInfo', csrf: false, session: 'ignored' },
  {
    id: 'POST /api/spil/sessions',
    method: 'POST',
    path: '/api/spil/sessions',
    body: { kind: 'json', schema: obj({ gameId: GAME_ID, mode: oneOf('fun', 'real') }) },
    csrf: true,
    // For fun anyone may open one: the session is no credential here (for money, no cookie is a 401).
    session: 'ignored',
  },
  {
    id: 'GET /api/spil/sessions/{sessionId}',
    method: 'GET',
    path: '/api/spil/sessions/{sessionId}',
    pathParams: { sessionId: str({ pattern: '^[A-Za-z0-9_-]{1,100}$' }) },
    csrf: false,
    session: 'ignored',
    read: true,
    cookies: ['studio'],
  },
  {
    id: 'GET /api/spil/sessions/{sessionId}/rounds/{roundId}',
    method: 'GET',
    path: '/api/spil/sessions/{sessionId}/rounds/{roundId}',
    pathParams: {
      sessionId: str({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
      roundId: str({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
    },
    csrf: false,
    session: 'ignored',
    read: true,
    cookies: ['studio'],
  },
  {
    id: 'POST /api/spil/sessions/{sessionId}/rounds/{roundId}/actions',
    method: 'POST',
    path: '/api/spil/sessions/{sessionId}/rounds/{roundId}/actions',
    pathParams: {
      sessionId: str({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
      roundId: str({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
    },
    // The simplest decision; the others (insurance with take, draw with five holds) are the same door.
    body: { kind: 'json', schema: obj({ action: oneOf('hit', 'stand', 'double', 'split', 'surrender') }) },
    csrf: true,
    session: 'ignored',
    cookies: ['studio'],
  },
  {
    id: 'POST /api/spil/sessions/{sessionId}/end',
    method: 'POST',
    path: '/api/spil/sessions/{sessionId}/end',
    pathParams: { sessionId: str({ pattern: '^[A-Za-z0-9_-]{1,100}$' }) },
    csrf: true,
    session: 'ignored',
    cookies: ['studio'],
  },
  {
    id: 'POST /api/spil/sessions/{sessionId}/rounds',
    method: 'POST',
    path: '/api/spil/sessions/{sessionId}/rounds',
    pathParams: { sessionId: str({ pattern: '^[A-Za-z0-9_-]{1,100}$' }) },
    body: { kind: 'json', schema: obj({ stakeOre: int({ minimum: 1, maximum: 100_000_000 }) }) },
    csrf: true,
    session: 'ignored',
    cookies: ['studio'],
  },
  {
    id: 'POST /api/spil/sessions/{sessionId}/warning',
    method: 'POST',
    path: '/api/spil/sessions/{sessionId}/warning',
    pathParams: { sessionId: str({ pattern: '^[A-Za-z0-9_-]{1,100}$' }) },
    body: { kind: 'json', schema: obj({ answer: oneOf('continue', 'stop') }) },
    csrf: true,
    session: 'ignored',
    cookies: ['studio'],
  },
  { id: 'POST /api/theme-button', method: 'POST', path: '/api/theme-button', csrf: false, session: 'ignored', read: true },
  { id: 'POST /api/theme-input', method: 'POST', path: '/api/theme-input', csrf: false, session: 'ignored', read: true },
  { id: 'GET /api/time', method: 'GET', path: '/api/time', csrf: false, session: 'ignored', read: true },
  { id: 'GET /api/translations', method: 'GET', path: '/api/translations', csrf: false, session: 'ignored', read: true },
  {
    id: 'POST /api/unsubscribe',
    method: 'POST',
    path: '/api/unsubscribe',
    body: { kind: 'json', schema: obj({ channel: oneOf('email', 'sms', 'brand'), guid: UUID }) },
    csrf: true,
    session: 'ignored',
  },
  { id: 'POST /api/user/betwin-summary', method: 'POST', path: '/api/user/betwin-summary', csrf: true, session: 'optional', read: true },
  {
    id: 'POST /api/user/contact-change',
    method: 'POST',
    path: '/api/user/contact-change',
    body: {
      kind: 'json',
      schema: obj({
        email: str({ maxLength: 254, pattern: '^[a-z]+@example\\.dk$' }),
        mobileCc: oneOf(...MOBILE_COUNTRY_CODES),
        mobileNo: str({ maxLength: 20, pattern: '^\\d{8}$' }),
      }),
    },
    csrf: true,
    session: 'required',
  },
  { id: 'GET /api/user/documents', method: 'GET', path: '/api/user/documents', csrf: false, session: 'optional', read: true },
  {
    id: 'POST /api/user/documents',
    method: 'POST',
    path: '/api/user/documents',
    body: { kind: 'multipart' },
    csrf: true,
    session: 'required',
  },
  {
    id: 'POST /api/user/marketing-notification',
    method: 'POST',
    path: '/api/user/marketing-notification',
    body: { kind: 'json', schema: obj({ accepted: bool }) },
    csrf: true,
    session: 'required',
    cookies: ['uid'],
  },
  {
    id: 'POST /api/user/notify',
    method: 'POST',
    path: '/api/user/notify',
    body: { kind: 'json', schema: obj({ emailNotify: bool, smsNotify: bool }) },
    csrf: true,
    session: 'required',
  },
  { id: 'POST /api/user/user-profile', method: 'POST', path: '/api/user/user-profile', csrf: true, session: 'optional', read: true },
  {
    id: 'POST /api/user/validate-session',
    method: 'POST',
    path: '/api/user/validate-session',
    csrf: true,
    session: 'required',
    read: true,
  },
  {
    id: 'GET /api/winners',
    method: 'GET',
    path: '/api/winners',
    query: {
      limit: { schema: str({ pattern: '^([1-9]|[1-4][0-9]|50)$' }), required: false },
      before: { schema: str({ pattern: '^[1-9][0-9]{0,14}$' }), required: false },
    },
    csrf: false,
    session: 'ignored',
    read: true,
  },
  {
    id: 'POST /api/winners/opt-out',
    method: 'POST',
    path: '/api/winners/opt-out',
    body: { kind: 'json', schema: obj({ winnersOptOut: bool }) },
    csrf: true,
    session: 'required',
  },
  {
    id: 'GET /api/winners/stream',
    method: 'GET',
    path: '/api/winners/stream',
    csrf: false,
    session: 'ignored',
    read: true,
    answer: 'stream',
  },
  { id: 'GET /api/withdrawals', method: 'GET', path: '/api/withdrawals', csrf: false, session: 'optional', read: true },
  {
    id: 'POST /api/withdrawals',
    method: 'POST',
    path: '/api/withdrawals',
    body: {
      kind: 'json',
      // What parseKrToOre (@krone/domain) takes: Danish kroner, groups of three, up to two decimals, "kr." after.
      schema: obj({
        amount: str({ maxLength: 64, pattern: '^\\s*(?:\\d{1,3}(?:\\.\\d{3})+|\\d+)(?:,\\d{1,2})?(?:\\s*[kK][rR]\\.?)?\\s*$' }),
        requestId: UUID,
      }),
    },
    csrf: true,
    session: 'required',
  },
  {
    id: 'POST /api/withdrawals/{withdrawalId}/cancel',
    method: 'POST',
    path: '/api/withdrawals/{withdrawalId}/cancel',
    pathParams: { withdrawalId: UUID },
    csrf: true,
    session: 'required',
  },
];

/**
 * The storefront's own codes (its guards and parsers, lib/api.ts and the route handlers), which
 * the error catalogue of @krone/domain does not hold because only the storefront answers them.
 */
export const STOREFRONT_CODES = new Set([
  'AMOUNT_REQUIRED',
  'GAME_PLATFORM_UNAVAILABLE',
  'GAME_STUDIO_UNAVAILABLE',
  'FORBIDDEN_ORIGIN',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'METHOD_NOT_ALLOWED',
  'INVALID_COOKIE_KEY',
  'UNSUBSCRIBE_INVALID',
  'UNSUBSCRIBE_FAILED',
  'STORE_UNAVAILABLE',
  'SITE_INFO_MISSING',
  'SITE_INFO_STALE',
  'SITE_INFO_WRONG',
]);

const isStableCode = (code: unknown): code is string => typeof code === 'string' && (isErrorCode(code) || STOREFRONT_CODES.has(code));

// ---------------------------------------------------------------------------------------------
// The world: a platform and a studio in process, the storefront's production server beside them.

export interface World {
  platform: TestPlatform;
  studio: Studio;
  studioDatabase: StudioDatabase;
  targets: StorefrontTargets;
  /** The storefront's origin, http://127.0.0.1:<port>. */
  webUrl: string;
  close(): Promise<void>;
}

export interface StorefrontTargets extends Targets {
  /** A game session of the studio (for fun) and its bearer token; another one, as another visitor's. */
  studioSessionId: string;
  studioBearer: string;
  otherStudioSessionId: string;
  /** The seeded player's own withdrawal, through the storefront: its requestId is replayed with other amounts. */
  withdrawalRequestId: string;
  withdrawalAmount: string;
}

const STUDIO_KEY = 'storefront-bad-input-studio-key-0123456789';
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether the storefront has a production build to serve (`npm run build`). */
export async function hasBuild(): Promise<boolean> {
  const { existsSync } = await import('node:fs');
  return existsSync(path.join(webDir, '.next', 'BUILD_ID'));
}

/**
 * The platform (the platform tests' harness, on a port), the studio on its own database wired to
 * it over HTTP, and the storefront's production server (`apps/web/server.ts`) wired to both with
 * the browser tests' environment (scripts/dev-env.mjs), trusting the test as its proxy so every
 * request comes from an address of its own (the platform's per-address limits would otherwise
 * answer most of the run 429).
 */
export async function startWorld(): Promise<World> {
  const platform = await startTestPlatform({ ...BAD_INPUT_ENV, PAYOUT_HOLD_MINUTES: '1440' });
  const cleanups: (() => Promise<unknown>)[] = [() => platform.close()];
  try {
    const platformUrl = await listenThroughHarness(platform);
    cleanups.unshift(() => closeServer(bridge.get(platform)!));
    const serverUrl = process.env.TEST_DATABASE_URL;
    const scratch = serverUrl ? await scratchDatabase(serverUrl, 'krone_studio_test') : null;
    const studioDatabase = await openStudioDatabase(scratch?.url ?? 'memory://', 4);
    cleanups.unshift(async () => (await studioDatabase.close(), await scratch?.drop()));
    await studioDatabase.migrate();
    const studio = await buildStudio({
      config: loadStudioConfig({
        KRONE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PLATFORM_URL: platformUrl,
        STUDIO_PROVIDER_SECRET: platform.config.GAME_PROVIDER_KRONE_STUDIO_SECRET,
        STUDIO_API_KEY: STUDIO_KEY,
      }),
      database: studioDatabase,
      titleById: await loadTitleCatalogue(),
      logger: false,
    });
    cleanups.unshift(() => studio.close());
    const studioUrl = await studio.listen({ host: '127.0.0.1', port: 0 });

    const webPort = await freePort();
    const webUrl = `http://127.0.0.1:${webPort}`;
    const devEnvModule = String(new URL('../../../scripts/dev-env.mjs', import.meta.url));
    const { devEnv } = (await import(devEnvModule)) as {
      devEnv: (profile: string, ports: Record<string, string | number>) => { web: Record<string, string> };
    };
    const env = devEnv('e2e', { host: '127.0.0.1', simsPort: 1, platformPort: 1, webPort, studioPort: 1 }).web;
    const web = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
      cwd: webDir,
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'production',
        PLATFORM_URL: platformUrl,
        STUDIO_URL: studioUrl,
        STUDIO_API_KEY: STUDIO_KEY,
        // Every answer from the handlers themselves, none from the response cache.
        WEB_CACHE_SECONDS: '0',
        // The test is the storefront's proxy: its X-Forwarded-For names each request's visitor.
        WEB_TRUST_PROXY: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    web.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    web.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    cleanups.unshift(() => stopProcess(web));
    await waitFor(`${webUrl}/api/time`, web, output);

    const targets = await seedStorefrontTargets(platform, studio, webUrl);
    return {
      platform,
      studio,
      studioDatabase,
      targets,
      webUrl,
      close: async () => {
        for (const cleanup of cleanups) await cleanup();
      },
    };
  } catch (error) {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    throw error;
  }
}

const bridge = new Map<TestPlatform, Server>();

/**
 * The platform on a port, answered by the harness's own `inject` (which carries whatever the
 * harness sends as the storefront, e.g. its key at the internal listener); the providers' paths go
 * to the public listener when the harness has one. The storefront's server then reaches the
 * platform over HTTP as deployed, whichever way the platform splits its doors.
 */
async function listenThroughHarness(platform: TestPlatform): Promise<string> {
  const publicApp = (platform as { publicApp?: TestPlatform['app'] }).publicApp;
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '/';
      const app = publicApp && /^\/(Games\/providers|Payments\/webhooks)\//.test(url) ? publicApp : platform.app;
      const headers = { ...request.headers };
      delete headers['content-length'];
      delete headers['transfer-encoding'];
      delete headers.connection;
      app
        .inject({
          method: request.method as 'GET',
          url,
          headers,
          payload: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
          remoteAddress: request.socket.remoteAddress,
        })
        .then((answer) => {
          const out = { ...answer.headers };
          delete out['content-length'];
          delete out['transfer-encoding'];
          delete out.connection;
          response.writeHead(answer.statusCode, out as Record<string, string>);
          response.end(answer.rawPayload);
        })
        .catch((error: unknown) => {
          response.writeHead(599, { 'content-type': 'text/plain' });
          response.end(`bridge: ${String(error)}`);
        });
    });
  });
  bridge.set(platform, server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

async function waitFor(url: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`storefront exited ${child.exitCode}:\n${output.join('')}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`storefront did not answer ${url} within 2 minutes:\n${output.join('')}`);
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The platform's seeded players (the platform test's `seedTargets`), then what the storefront's
 * routes need besides: two fun sessions at the studio, and the seeded player with money and a
 * withdrawal asked through the storefront, whose requestId the run replays with other amounts.
 */
async function seedStorefrontTargets(platform: TestPlatform, studio: Studio, webUrl: string): Promise<StorefrontTargets> {
  const targets = await seedTargets(platform);
  const funSession = async () => {
    const response = await studio.inject({
      method: 'POST',
      url: '/sessions',
      headers: { 'krone-studio-key': STUDIO_KEY },
      payload: { mode: 'fun', gameId: 'vikingernes-guld' },
    });
    if (response.statusCode !== 200) throw new Error(`studio session: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: { sessionId: string; token: string } }).data;
  };
  const mine = await funSession();
  const other = await funSession();
  await fundPlayer(platform, targets.playerId, 100_000);
  const withdrawal = { amount: '200,00', requestId: randomUUID() };
  const asked = await fetch(`${webUrl}/api/withdrawals`, {
    method: 'POST',
    headers: { origin: webUrl, 'content-type': 'application/json', cookie: `krone_session=${targets.token}` },
    body: JSON.stringify(withdrawal),
  });
  if (asked.status !== 200) throw new Error(`withdrawal: ${asked.status} ${await asked.text()}`);
  return {
    ...targets,
    studioSessionId: mine.sessionId,
    studioBearer: mine.token,
    otherStudioSessionId: other.sessionId,
    withdrawalRequestId: withdrawal.requestId,
    withdrawalAmount: withdrawal.amount,
  };
}

/**
 * The platform's and the studio's databases, one fingerprint (studio tables prefixed `studio:`;
 * a session's `last_seen_at` left out, the platform's ACTIVITY_COLUMNS).
 */
export async function worldFingerprint(world: World): Promise<Record<string, string>> {
  const platform = await databaseFingerprint(world.platform);
  const studio = await databaseFingerprint({ database: world.studioDatabase } as unknown as TestPlatform);
  return { ...platform, ...Object.fromEntries(Object.entries(studio).map(([table, print]) => [`studio:${table}`, print])) };
}

// ---------------------------------------------------------------------------------------------
// Requests and their mutations.

interface Draft {
  method: string;
  pathParams: Record<string, string>;
  /** Path parameters sent as they are, not percent-encoded (sequences that do not decode). */
  rawPathParams?: Record<string, string>;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  cookies: Record<string, string>;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string | Buffer; contentType?: string } | undefined;
  /** The body sent as it is, under this content type instead (`''`: none): set on the draft, applied when sent, so later mutations still reach the body. */
  contentType?: string;
}

interface Mutation {
  name: string;
  mutate: (draft: Draft) => void;
}

/** Mutations that leave a request as valid as it was: a read may answer them 2xx. */
const NOISE = new Set([
  'extra query parameter',
  'repeated query parameters',
  'hostile header',
  'extra cookie',
  'extra or prototype key',
  'tricky text in a free field',
  'simple content type on a read',
]);
export const SESSION_MUTATION = 'session cookie missing or forged';
export const OTHER_PLAYERS_ID = "another player's id";

const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** A cookie value with any text in it: percent-encoded, as browsers and Next's cookie parser expect. */
function cookieValue(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

function encodePathPart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/**
 * Whether a text fits in a request's path or query: Node refuses a request head over 16 KB with a
 * bare 431 before the front door or any route sees it (as it does at the platform's listener), so
 * longer ones test Node, not the storefront. Bodies carry the long strings.
 */
const fitsInUrl = (text: string) => encodePathPart(text).length <= 8_000;

/**
 * A text that certainly breaks a path or query parameter's schema and fits in a URL, or null when
 * the schema leaves nothing to break. Every branch can produce a value: fast-check's filter retries
 * synchronously, and a filter nothing passes would never end.
 */
function urlViolation(schema: Schema): fc.Arbitrary<string> | null {
  const options: fc.Arbitrary<string>[] = [];
  if (schema.enum || schema.pattern || schema.format)
    options.push(trickyString.filter((text) => violates(schema, text) && fitsInUrl(text)));
  if (schema.maxLength !== undefined) {
    const limit = schema.maxLength;
    options.push(
      fc
        .tuple(fc.integer({ min: limit + 1, max: limit + 1_500 }), fc.constantFrom('a', 'ø', 'e\u0301', '\u202E'))
        .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)))
        .map((text) => (fitsInUrl(text) ? text : 'a'.repeat(limit + 1))),
    );
  }
  return options.length > 0 ? fc.oneof(...options) : null;
}

/** Session cookies that must never open a session. */
function wrongSessions(targets: StorefrontTargets): fc.Arbitrary<string | null> {
  return fc.oneof(
    fc.constant(null),
    fc.constantFrom(targets.expiredToken, targets.loggedOutToken, targets.otherPlayerId, targets.playerId, 'undefined', 'null', '0', ''),
    fc.stringMatching(/^[0-9a-f]{64}$/),
    fc.constant(targets.token.slice(0, -1) + (targets.token.endsWith('a') ? 'b' : 'a')),
    fc.constant(targets.token.toUpperCase()),
    fc.constant(`${targets.token}${targets.token}`),
    trickyString.filter((text) => text.length > 0).map(cookieValue),
    fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', '%00', '%FF'),
    longString(10_000).map((text) => cookieValue(text).slice(0, 4_000)),
  );
}

const FOREIGN_ORIGINS = ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', 'http://localhost', 'file://', ' '];
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function breakingMutations(route: Route, targets: StorefrontTargets, maxLength: number, webUrl: string): fc.Arbitrary<Mutation>[] {
  const out: fc.Arbitrary<Mutation>[] = [];
  const served = new Set(ROUTES.filter((other) => other.path === route.path).map((other) => other.method));
  const wrong = ALL_METHODS.filter((method) => !served.has(method as Route['method']));
  out.push(fc.constantFrom(...wrong).map((method) => ({ name: 'wrong method', mutate: (draft) => void (draft.method = method) })));
  if (route.csrf) {
    out.push(
      fc
        .oneof(
          fc.constant(undefined),
          fc.constantFrom(...FOREIGN_ORIGINS),
          fc.constant(webUrl.replace('http:', 'https:')),
          fc.constant(`${webUrl}/`),
        )
        .map((origin) => ({
          name: 'no or foreign Origin',
          mutate: (draft) => {
            if (origin === undefined) delete draft.headers.origin;
            else draft.headers.origin = origin;
          },
        })),
    );
    out.push(
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '').map((contentType) => ({
        name: 'simple content type (a cross-site form)',
        mutate: (draft) => {
          delete draft.headers['x-krone-csrf'];
          draft.contentType = contentType;
        },
      })),
    );
  }
  if (route.session !== 'ignored') {
    out.push(
      wrongSessions(targets).map((token) => ({
        name: SESSION_MUTATION,
        mutate: (draft) => {
          if (token === null) delete draft.cookies.krone_session;
          else draft.cookies.krone_session = token;
        },
      })),
    );
  }
  if (route.cookies?.includes('studio')) {
    out.push(
      fc.oneof(fc.constant(null), fc.constant(randomUUID()), trickyString.filter(Boolean).map(cookieValue)).map((bearer) => ({
        name: 'game session token missing or forged',
        mutate: (draft) => {
          if (bearer === null) delete draft.cookies.krone_spil;
          else draft.cookies.krone_spil = bearer;
        },
      })),
    );
    out.push(
      fc.constant({ name: OTHER_PLAYERS_ID, mutate: (draft: Draft) => void (draft.pathParams.sessionId = targets.otherStudioSessionId) }),
    );
  }
  if (route.cookies?.includes('uid') && route.session === 'required') {
    out.push(fc.constant({ name: OTHER_PLAYERS_ID, mutate: (draft: Draft) => void (draft.cookies.krone_uid = targets.otherPlayerId) }));
  }
  if (route.id === 'POST /api/withdrawals/{withdrawalId}/cancel') {
    out.push(
      fc.constant({ name: OTHER_PLAYERS_ID, mutate: (draft: Draft) => void (draft.pathParams.withdrawalId = targets.otherWithdrawalId) }),
    );
  }
  if (route.id === 'POST /api/deposit/status') {
    out.push(
      fc.constant({
        name: OTHER_PLAYERS_ID,
        mutate: (draft: Draft) => {
          if (draft.body?.kind === 'json') setAt(draft.body.value, ['id'], targets.otherPaymentId);
        },
      }),
    );
  }
  for (const [name, schema] of Object.entries(route.pathParams ?? {})) {
    const bad = urlViolation(schema);
    // Not empty, and not a dot segment: a URL resolves `.` and `..` before it is sent (fetch, any
    // browser), so such a request is the parent path's, with a trailing slash, which Next
    // redirects (308) to the path without it, as it does for any trailing slash.
    if (bad)
      out.push(
        bad
          .filter((text) => text.length > 0 && text !== '.' && text !== '..')
          .map((text) => ({ name: 'path parameter out of its schema', mutate: (draft) => void (draft.pathParams[name] = text) })),
      );
    out.push(
      fc.constantFrom('%', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF%FE', 'a%2', '%%').map((raw) => ({
        name: 'path that does not decode',
        mutate: (draft) => void (draft.rawPathParams = { ...draft.rawPathParams, [name]: raw }),
      })),
    );
  }
  for (const [name, { schema, required }] of Object.entries(route.query ?? {})) {
    if (required) out.push(fc.constant({ name: 'missing query parameter', mutate: (draft) => void delete draft.query[name] }));
    const bad = urlViolation(schema);
    if (bad)
      out.push(bad.map((text) => ({ name: 'query parameter out of its schema', mutate: (draft) => void (draft.query[name] = text) })));
  }
  const body = route.body;
  if (body?.kind === 'json') {
    const value = sample(body.schema);
    const fields = fieldsOf(body.schema, value);
    const required = fields.filter((field) => field.required);
    if (required.length > 0)
      out.push(
        fc.constantFrom(...required).map((field) => ({
          name: 'required field dropped',
          mutate: (draft) => {
            if (draft.body?.kind === 'json') setAt(draft.body.value, field.path, undefined, true);
          },
        })),
      );
    const typed = fields.filter((field) => field.schema.type || field.schema.enum);
    if (typed.length > 0)
      out.push(
        fc
          .constantFrom(...typed)
          .chain((field) => violation(field.schema, maxLength).map((bad) => ({ field, bad })))
          .map(({ field, bad }) => ({
            name: field.schema.type === 'integer' ? 'amount or number out of range, a fraction or wrong' : 'field value out of its schema',
            mutate: (draft) => {
              if (draft.body?.kind === 'json') setAt(draft.body.value, field.path, bad);
            },
          })),
      );
    out.push(
      wrongType(body.schema).map((bad) => ({
        name: 'body of the wrong type',
        mutate: (draft) => void (draft.body = { kind: 'json', value: bad }),
      })),
    );
    out.push(
      malformedJson
        .filter((text) => isMalformed(text))
        .map((text) => ({ name: 'malformed JSON', mutate: (draft) => void (draft.body = { kind: 'raw', text }) })),
    );
    out.push(
      fc.integer({ min: 20_000, max: Math.max(20_001, maxLength) }).map((length) => ({
        name: 'body too large',
        mutate: (draft) => void (draft.body = { kind: 'raw', text: JSON.stringify({ padding: 'x'.repeat(length) }) }),
      })),
    );
  }
  if (body?.kind === 'multipart') {
    out.push(...multipartBodyMutations<Draft>());
  }
  if (route.id === 'GET /api/siteInfo') {
    out.push(
      fc
        .tuple(
          fc.oneof(fc.constant(''), trickyString),
          fc.oneof(fc.constant(''), fc.constant(String(Date.now())), fc.constant('1'), trickyString),
        )
        .map(([key, timestamp]) => ({
          name: 'wrong site-info signature',
          mutate: (draft) => {
            const latin = (text: string) => [...text].map((char) => (/^[\x20-\x7E]$/.test(char) ? char : '?')).join('');
            if (key) draft.headers['x-api-key'] = latin(key);
            if (timestamp) draft.headers['x-timestamp'] = latin(timestamp);
          },
        })),
    );
  }
  return out;
}

/**
 * Whether a text is not JSON at all (a text that parses is a wrong type or noise, not malformed).
 * A nesting too deep for this process's stack is left out: the server's parser may take it, and
 * then it is an object like any other; so is a byte-order mark before JSON.
 */
function isMalformed(text: string): boolean {
  try {
    // A byte-order mark is dropped by the server's UTF-8 decoding (Request.text), as it should be.
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return false;
  } catch (error) {
    return !(error instanceof RangeError) && text.trim().length > 0;
  }
}

function noiseMutations(route: Route, targets: StorefrontTargets, maxLength: number): fc.Arbitrary<Mutation>[] {
  const latin = (text: string) => [...text].map((char) => (/^[\x20-\x7E]$/.test(char) ? char : '?')).join('') || '?';
  const out: fc.Arbitrary<Mutation>[] = [
    fc.tuple(hostileKey, fc.oneof(trickyString, fc.constant(targets.otherPlayerId))).map(([key, value]) => ({
      name: 'extra query parameter',
      mutate: (draft) => {
        if (!(key in (route.query ?? {}))) draft.query[key] = value;
      },
    })),
    fc.constant({
      name: 'repeated query parameters',
      mutate: (draft: Draft) => {
        for (const [key, value] of Object.entries(draft.query)) draft.query[key] = [String(value), String(value)];
      },
    }),
    fc
      .tuple(
        fc.constantFrom('x-request-id', 'authorization', 'x-player-id', 'accept-language', 'referer', 'user-agent', 'x-krone-csrf'),
        trickyString,
      )
      .map(([name, value]) => ({
        name: 'hostile header',
        // Header values are Latin-1 without control characters, or Node refuses to send them.
        mutate: (draft) => {
          if (name === 'x-krone-csrf' && draft.headers['x-krone-csrf'] === '1') return;
          draft.headers[name] = latin(value);
        },
      })),
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom('krone_reg', 'krone_auth_tx', '__Host-krone_session', 'krone_btag', 'krone_uid'),
          fc.stringMatching(/^[a-z_]{1,12}$/),
        ),
        fc.oneof(trickyString.map(cookieValue), fc.constant(targets.otherPlayerId)),
      )
      .map(([name, value]) => ({
        name: 'extra cookie',
        mutate: (draft) => {
          if (!(name in draft.cookies)) draft.cookies[name] = value;
        },
      })),
  ];
  if (route.body?.kind === 'json') {
    const schema = route.body.schema;
    out.push(
      fc
        .tuple(hostileKey, fc.oneof(trickyString, hostileNumber, fc.constant({ isAdmin: true }), fc.constant(targets.otherPlayerId)))
        .map(([key, value]) => ({
          name: 'extra or prototype key',
          mutate: (draft) => {
            if (
              draft.body?.kind === 'json' &&
              draft.body.value &&
              typeof draft.body.value === 'object' &&
              !(key in (schema.properties ?? {}))
            )
              setAt(draft.body.value, [key], value);
          },
        })),
    );
    const free = fieldsOf(schema, sample(schema)).filter(
      (field) => field.schema.type === 'string' && !field.schema.pattern && !field.schema.enum && !field.schema.format,
    );
    if (free.length > 0)
      out.push(
        fc
          .constantFrom(...free)
          .chain((field) =>
            fc
              .oneof(trickyString, fc.constant('Ærø \u202Eåbne\u202C \u0000 ﷺ 💰 e\u0301'))
              .map((text) => (violates(field.schema, text) ? 'Ærø og Æbeltoft' : text))
              .map((text) => [field, text] as const),
          )
          .map(([field, text]) => ({
            name: 'tricky text in a free field',
            mutate: (draft) => {
              if (draft.body?.kind === 'json') setAt(draft.body.value, field.path, text);
            },
          })),
      );
    if (!route.csrf)
      out.push(
        fc.constantFrom('text/plain', 'application/x-www-form-urlencoded').map((contentType) => ({
          name: 'simple content type on a read',
          mutate: (draft) => void (draft.contentType = contentType),
        })),
      );
  }
  void maxLength;
  return out;
}

/** The valid-shaped request each mutation starts from: the seeded player's cookies, our Origin, a sampled body. */
function baseDraft(route: Route, targets: StorefrontTargets, webUrl: string): Draft {
  const pathParams: Record<string, string> = {};
  for (const [name, schema] of Object.entries(route.pathParams ?? {})) {
    pathParams[name] =
      name === 'sessionId'
        ? targets.studioSessionId
        : name === 'withdrawalId'
          ? randomUUID()
          : name === 'id'
            ? 'vikingernes-guld'
            : name === 'file'
              ? '1.svg'
              : String(sample(schema, name));
  }
  const query: Record<string, string> = {};
  for (const [name, { schema, required }] of Object.entries(route.query ?? {})) if (required) query[name] = String(sample(schema, name));
  const headers: Record<string, string> = { origin: webUrl };
  const cookies: Record<string, string> = {};
  if (route.session !== 'ignored') cookies.krone_session = targets.token;
  if (route.cookies?.includes('uid') || route.session !== 'ignored') cookies.krone_uid = targets.playerId;
  if (route.cookies?.includes('registration')) cookies.krone_reg = randomUUID();
  if (route.cookies?.includes('authTransaction')) cookies.krone_auth_tx = `login.${randomUUID()}`;
  if (route.cookies?.includes('studio')) cookies.krone_spil = targets.studioBearer;
  let body: Draft['body'];
  if (route.body?.kind === 'json') {
    const value = sample(route.body.schema) as Record<string, unknown>;
    if ('id' in value) value.id = randomUUID();
    if ('requestId' in value) value.requestId = randomUUID();
    body = { kind: 'json', value };
  } else if (route.body?.kind === 'multipart') {
    headers['x-krone-csrf'] = '1';
    body = {
      kind: 'raw',
      contentType: 'multipart/form-data; boundary=krone',
      text:
        '--krone\r\nContent-Disposition: form-data; name="documentType"\r\n\r\npassport\r\n' +
        '--krone\r\nContent-Disposition: form-data; name="files"; filename="pas.pdf"\r\nContent-Type: application/pdf\r\n\r\nikke en pdf\r\n--krone--\r\n',
    };
  }
  return { method: route.method, pathParams, query, headers, cookies, body };
}

export interface StorefrontRequest {
  route: Route;
  mutations: string[];
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

let senders = 0;

function toRequest(route: Route, draft: Draft, mutations: string[], webUrl: string): StorefrontRequest {
  const pathname = route.path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => draft.rawPathParams?.[name] ?? encodePathPart(draft.pathParams[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(draft.query)) for (const one of [value].flat()) search.append(key, one);
  const headers: Record<string, string> = { ...draft.headers };
  let body: string | Buffer | undefined;
  if (draft.method !== 'GET') {
    if (draft.body?.kind === 'json') {
      body = JSON.stringify(draft.body.value) ?? 'null';
      headers['content-type'] = 'application/json';
    } else if (draft.body?.kind === 'raw') {
      body = draft.body.text;
      if (draft.body.contentType !== '') headers['content-type'] = draft.body.contentType ?? 'application/json';
    }
    if (draft.contentType !== undefined) {
      delete headers['content-type'];
      if (draft.contentType !== '') headers['content-type'] = draft.contentType;
      body ??= '';
    }
  }
  const cookie = Object.entries(draft.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  if (cookie) headers.cookie = cookie;
  senders += 1;
  headers['x-forwarded-for'] = `10.${(senders >> 16) & 255}.${(senders >> 8) & 255}.${senders & 255}`;
  const query = search.toString();
  return { route, mutations, method: draft.method, url: `${webUrl}${pathname}${query ? `?${query}` : ''}`, headers, body };
}

/** For one route: a valid-shaped request with one breaking mutation, applied last, and up to two more of any kind. */
export function badRequests(
  route: Route,
  targets: StorefrontTargets,
  webUrl: string,
  { maxLength = 1_000_000 } = {},
): fc.Arbitrary<StorefrontRequest> {
  const breaking = breakingMutations(route, targets, maxLength, webUrl);
  const noise = noiseMutations(route, targets, maxLength);
  // A read with nothing else to break gets hostile noise alone half the time.
  const first = route.read ? [...breaking, ...noise] : breaking;
  const any = fc.oneof(...breaking, ...noise);
  return fc.tuple(fc.oneof(...first), fc.array(any, { maxLength: 2 })).map(([first, more]) => {
    const draft = baseDraft(route, targets, webUrl);
    // Noise first, the breaking mutations after it (the drawn one last), so that no later one mends what they broke.
    const ordered = [...more, first].sort((a, b) => Number(!NOISE.has(a.name)) - Number(!NOISE.has(b.name)));
    for (const mutation of ordered) mutation.mutate(draft);
    const body = draft.body?.kind === 'json' ? { kind: 'json' as const, value: clone(draft.body.value) } : draft.body;
    return toRequest(
      route,
      { ...draft, body },
      ordered.map((mutation) => mutation.name),
      webUrl,
    );
  });
}

/** The seeded withdrawal's requestId sent again with other amounts: refused, nothing reserved twice. */
export function replayRequests(targets: StorefrontTargets, webUrl: string): fc.Arbitrary<StorefrontRequest> {
  const served = ROUTES.find((candidate) => candidate.id === 'POST /api/withdrawals')!;
  const route = { ...served, id: `${served.id} (requestId replayed)` };
  // Any amount but the first request's (which is the same request again, answered as it was).
  return fc
    .integer({ min: 101, max: 999 })
    .filter((kroner) => `${kroner},00` !== targets.withdrawalAmount)
    .map((kroner) => {
      const draft = baseDraft(route, targets, webUrl);
      draft.body = { kind: 'json', value: { amount: `${kroner},00`, requestId: targets.withdrawalRequestId } };
      return toRequest(route, draft, ['idempotency key replayed with another body'], webUrl);
    });
}

// ---------------------------------------------------------------------------------------------
// Sending and checking.

export interface Problem {
  operation: string;
  mutations: string[];
  status: number;
  reason: string;
  request: string;
}

/**
 * The 2xx answers a route may give a request: a read's to noise alone; a read without a session,
 * the spec's `{result: 0, message: 'no-session'}` (spec §7, §8); logout without a live session
 * (it forgets the cookies either way, and the platform ends nothing).
 */
function allowed2xx(request: StorefrontRequest, body: string): boolean {
  const { route, mutations } = request;
  if (mutations.includes(OTHER_PLAYERS_ID)) return false;
  if (route.read && mutations.every((mutation) => NOISE.has(mutation))) return true;
  const onlySession = mutations.every((mutation) => NOISE.has(mutation) || mutation === SESSION_MUTATION);
  if (onlySession && route.session === 'optional' && route.read && body.startsWith('{"result":0,"message":"no-session"')) return true;
  if (onlySession && route.id === 'POST /api/navigation') return true;
  if (onlySession && route.id === 'POST /api/auth/logout' && body === '{"result":1,"data":true}') return true;
  return false;
}

/** Sends one request (a timeout each) and checks its answer. */
export async function sendAndCheck(
  request: StorefrontRequest,
  tally: Tally & { problems: Problem[] },
  messages: Set<string>,
  timeoutMs: number,
) {
  const id = request.route.id;
  bump(tally.perOperation, id);
  for (const mutation of new Set(request.mutations)) bump(tally.perMutation, mutation);
  const describe = () => {
    const text = `${request.method} ${request.url} ${JSON.stringify(request.headers)} ${String(request.body ?? '')}`;
    return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text;
  };
  const problem = (status: number, reason: string) =>
    tally.problems.push({ operation: id, mutations: request.mutations, status, reason, request: describe() });
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: typeof request.body === 'string' || request.body === undefined ? request.body : new Uint8Array(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // A stream that never ends: its status and type tell the answer; the body is not waited for.
    if (request.route.answer === 'stream' && response.ok && (response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await response.body?.cancel();
      text = '';
    } else text = await response.text();
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    bump(tally.perStatus, 0);
    return problem(0, timedOut ? `no answer within ${timeoutMs} ms` : `request failed: ${(error as Error).message}`);
  }
  const status = response.status;
  const statuses = tally.perOperationStatus.get(id) ?? new Map<number, number>();
  tally.perOperationStatus.set(id, bump(statuses, status));
  bump(tally.perStatus, status);
  if (status >= 500) return problem(status, `answered ${status}: ${text.slice(0, 300)}`);
  const kind = request.route.answer;
  if (kind === 'redirect' && request.method === request.route.method) {
    if (status !== 303 && status !== 307) return problem(status, `not a redirect: ${text.slice(0, 200)}`);
    const location = response.headers.get('location') ?? '';
    if (!location.startsWith('/') || location.startsWith('//')) return problem(status, `redirected off the site: ${location}`);
    const code = new URL(location, 'http://x').searchParams.get('fejl');
    if (code !== null && !isStableCode(code)) return problem(status, `redirect with an unknown code: ${location}`);
    return;
  }
  if (status >= 200 && status < 300) {
    if ((kind === 'html' || kind === 'svg' || kind === 'stream') && request.method === request.route.method && request.route.read) return;
    if (allowed2xx(request, text)) return;
    return problem(status, `answered ${status}: ${text.slice(0, 300)}`);
  }
  if (status < 400) return problem(status, `answered ${status}: ${text.slice(0, 200)}`);
  let body: { result?: unknown; code?: unknown; message?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return problem(status, `not JSON: ${JSON.stringify(text.slice(0, 200))}`);
  }
  if (!isStableCode(body.code)) return problem(status, `code not stable (catalogue or storefront's own): ${JSON.stringify(body.code)}`);
  if (body.result !== 0) return problem(status, `result is ${JSON.stringify(body.result)}, not 0`);
  if (typeof body.message !== 'string' || !messages.has(body.message))
    return problem(status, `message is not a Danish translation: ${JSON.stringify(body.message)}`);
}

/**
 * The whole run: `perRoute` requests drawn for every route (and the replays), sent `concurrency`
 * at a time, each checked; the caller compares fingerprints.
 */
export async function runStorefrontBadInput(
  world: World,
  options: { perRoute: number; concurrency?: number; timeoutMs?: number; maxLength?: number; seed?: number },
): Promise<Tally & { problems: Problem[] }> {
  const messages = await errorMessages(world.platform);
  const tally = newTally() as Tally & { problems: Problem[] };
  const sources: { name: string; arbitrary: fc.Arbitrary<StorefrontRequest> }[] = ROUTES.map((route) => ({
    name: route.id,
    arbitrary: badRequests(route, world.targets, world.webUrl, { maxLength: options.maxLength }),
  }));
  sources.push({ name: 'replay', arbitrary: replayRequests(world.targets, world.webUrl) });
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const concurrency = options.concurrency ?? 8;
  for (const [index, source] of sources.entries()) {
    for (let start = 0; start < options.perRoute; start += concurrency) {
      const requests = fc.sample(source.arbitrary, {
        numRuns: Math.min(concurrency, options.perRoute - start),
        seed: seed + index * 1_000_003 + start,
      });
      await Promise.all(requests.map((request) => sendAndCheck(request, tally, messages, options.timeoutMs ?? 10_000)));
    }
  }
  return tally;
}
