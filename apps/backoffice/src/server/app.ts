import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { da } from '../i18n/da.js';
import type { BackofficeConfig } from './config.js';
import { isCookieValue, LOGIN_COOKIE, parseCookies, serializeCookie, SESSION_COOKIE } from './cookies.js';
import { callStaffDoor, codeOf, dataOf, PlatformUnreachable, type PlatformAnswer } from './platform.js';
import { securityHeaders } from './security-headers.js';

export interface BackofficeServerOptions {
  /** The built SPA (vite build); apps/backoffice/dist unless given. */
  distDir?: string;
  /** Fastify's request log; on unless KRONE_ENV is test. */
  logger?: boolean;
  /** How long a call to the staff door may take. */
  platformTimeoutMs?: number;
}

const DEFAULT_DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const BODY_LIMIT = 64 * 1024;
const LOGIN_COOKIE_SECONDS = 600;
/** What /api relays: the staff door's calls, one plain segment after another (no dots, escapes or empty segments). */
const RELAYED_PATH = /^\/Staff(\/[A-Za-z0-9_-]+)+$/;
/** A KYC document's file, the one answer relayed that is not JSON, and the types the platform keeps documents in. */
const DOCUMENT_FILE_PATH = /^\/Staff\/documents\/[0-9a-f-]{36}\/file$/;
const DOCUMENT_TYPES = new Set(['image/png', 'image/jpeg', 'application/pdf']);
/** The figures as CSV: relayed as a download, never shown as a page. */
const FIGURES_CSV_PATH = /^\/Staff\/figures\/csv$/;
const DOCUMENT_POLICY = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";
/** The login's calls go through /auth/* only. */
const LOGIN_PATH = /^\/staff\/login(\/|$)/i;
const SAFE_METHODS = new Set(['GET', 'HEAD']);
const NO_STORE = 'no-store';

const refusal = (code: string, message: string) => ({ result: 0 as const, code, message });

function splitUrl(raw: string | undefined): { pathname: string; search: string } {
  const url = raw ?? '/';
  const at = url.indexOf('?');
  return at < 0 ? { pathname: url, search: '' } : { pathname: url.slice(0, at), search: url.slice(at) };
}

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * The back office's server (docs/backoffice.md): serves the SPA, runs the staff login's redirect
 * and callback, keeps the staff session's token in an HttpOnly cookie the SPA never reads, and
 * relays /api/Staff/* to the platform's staff door with the back office's key and that token.
 */
export function buildBackofficeServer(config: BackofficeConfig, options: BackofficeServerOptions = {}): FastifyInstance {
  const publicOrigin = new URL(config.BACKOFFICE_PUBLIC_URL).origin;
  const https = publicOrigin.startsWith('https:');
  const headers = securityHeaders(https);
  const timeoutMs = options.platformTimeoutMs ?? 15_000;
  const distDir = options.distDir ?? DEFAULT_DIST;
  const built = existsSync(path.join(distDir, 'index.html'));

  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    logger: (options.logger ?? config.KRONE_ENV !== 'test') && {
      // Query strings stay out of the log: a search may be a CPR number, a callback carries the IdP's code.
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: splitUrl(request.url).pathname,
          remoteAddress: request.ip,
        }),
      },
    },
  });

  const loginCookie = (value: string, maxAge: number) =>
    serializeCookie(LOGIN_COOKIE, value, { path: '/auth', sameSite: 'Lax', secure: https, maxAge });
  const sessionCookie = (value: string, maxAge?: number) =>
    serializeCookie(SESSION_COOKIE, value, { path: '/', sameSite: 'Strict', secure: https, ...(maxAge === undefined ? {} : { maxAge }) });
  const sessionOf = (request: FastifyRequest) => parseCookies(request.headers.cookie).get(SESSION_COOKIE);
  const toLogin = (reply: FastifyReply, code: string) => reply.redirect(`/login?fejl=${encodeURIComponent(code)}`, 302);

  const platform = async (request: FastifyRequest, call: Omit<Parameters<typeof callStaffDoor>[1], 'timeoutMs'>) => {
    try {
      return await callStaffDoor(config, { ...call, timeoutMs });
    } catch (error) {
      if (!(error instanceof PlatformUnreachable)) throw error;
      request.log.error({ err: error.cause ?? error }, error.message);
      return null;
    }
  };

  /** Cross-site request forgery: a write comes from the back office's own pages, as JSON for /api. */
  const sameOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fromHere = request.headers.origin === publicOrigin;
    const json = !request.url.startsWith('/api/') || mediaType(request.headers['content-type']) === 'application/json';
    if (fromHere && json) return;
    request.log.warn({ origin: request.headers.origin ?? null, contentType: request.headers['content-type'] ?? null }, 'write refused');
    return reply.code(403).header('cache-control', NO_STORE).send(refusal('FORBIDDEN', da.server.forbidden));
  };

  app.addHook('onSend', async (_request, reply, payload) => {
    const documentFile = reply.getHeader('content-security-policy') === DOCUMENT_POLICY;
    reply.headers(documentFile ? { ...headers, 'content-security-policy': DOCUMENT_POLICY, 'x-frame-options': 'SAMEORIGIN' } : headers);
    return payload;
  });

  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 500 ? 'SERVER_ERROR' : 'BAD_REQUEST';
    return reply
      .code(status)
      .header('cache-control', NO_STORE)
      .send(refusal(code, status === 500 ? da.server.serverError : da.errors.generic));
  });

  app.get('/health', async (_request, reply) => reply.header('cache-control', NO_STORE).send({ status: 'ok' }));

  app.get('/auth/login', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const answer = await platform(request, { method: 'POST', path: '/Staff/login/start', body: {} });
    if (!answer) return toLogin(reply, 'PLATFORM_UNAVAILABLE');
    const data = dataOf(answer);
    const authorizationUrl = typeof data?.authorizationUrl === 'string' ? URL.parse(data.authorizationUrl) : null;
    if (!isCookieValue(data?.loginId) || !authorizationUrl || !['http:', 'https:'].includes(authorizationUrl.protocol)) {
      request.log.warn({ status: answer.status, code: codeOf(answer) }, 'staff login could not start');
      return toLogin(reply, codeOf(answer) ?? 'STAFF_LOGIN_FAILED');
    }
    reply.header('set-cookie', loginCookie(data.loginId, LOGIN_COOKIE_SECONDS));
    return reply.redirect(authorizationUrl.href, 302);
  });

  app.get('/auth/callback', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const loginId = parseCookies(request.headers.cookie).get(LOGIN_COOKIE);
    if (!loginId) return toLogin(reply, 'STAFF_LOGIN_FAILED');
    const callbackParams: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(splitUrl(request.raw.url).search)) callbackParams[name] ??= value;
    const answer = await platform(request, { method: 'POST', path: '/Staff/login/complete', body: { loginId, callbackParams } });
    if (!answer) return toLogin(reply, 'PLATFORM_UNAVAILABLE');
    reply.header('set-cookie', loginCookie('', 0));
    const token = dataOf(answer)?.sessionToken;
    if (!isCookieValue(token)) {
      request.log.warn({ status: answer.status, code: codeOf(answer) }, 'staff login refused');
      return toLogin(reply, codeOf(answer) ?? 'STAFF_LOGIN_FAILED');
    }
    reply.header('set-cookie', sessionCookie(token));
    return reply.redirect('/', 302);
  });

  app.post('/auth/logout', { onRequest: sameOrigin }, async (request, reply) => {
    const token = sessionOf(request);
    if (token) await platform(request, { method: 'POST', path: '/Staff/logout', token, body: {} });
    return reply.code(204).header('cache-control', NO_STORE).header('set-cookie', sessionCookie('', 0)).send();
  });

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/*',
    onRequest: sameOrigin,
    handler: async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const { pathname, search } = splitUrl(request.raw.url);
      const staffPath = pathname.slice('/api'.length);
      if (!RELAYED_PATH.test(staffPath) || LOGIN_PATH.test(staffPath))
        return reply.code(404).send(refusal('NOT_FOUND', da.server.notFound));
      const token = sessionOf(request);
      if (!token) return reply.code(401).send(refusal('STAFF_SESSION_REQUIRED', da.server.sessionRequired));
      const answer = await platform(request, {
        method: request.method,
        path: staffPath + search,
        token,
        body: SAFE_METHODS.has(request.method) ? undefined : request.body,
      });
      if (!answer) return reply.code(502).send(refusal('PLATFORM_UNAVAILABLE', da.server.platformUnavailable));
      return relayAnswer(request, reply, answer, staffPath);
    },
  });

  function relayAnswer(request: FastifyRequest, reply: FastifyReply, answer: PlatformAnswer, staffPath: string) {
    // A KYC document's file: shown in the reviewer's page (an <img>, or a PDF in a frame of this
    // origin), sandboxed so nothing in it runs, never stored by the browser.
    const type = answer.contentType?.split(';')[0]?.trim() ?? '';
    if (answer.status === 200 && DOCUMENT_FILE_PATH.test(staffPath) && DOCUMENT_TYPES.has(type)) {
      reply.header('content-security-policy', DOCUMENT_POLICY).header('x-frame-options', 'SAMEORIGIN');
      return reply.code(200).type(type).header('content-disposition', 'inline').send(answer.bytes);
    }
    if (answer.status === 200 && FIGURES_CSV_PATH.test(staffPath) && type === 'text/csv') {
      return reply
        .code(200)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="krone-tal.csv"')
        .header('x-content-type-options', 'nosniff')
        .send(answer.bytes);
    }
    if (answer.json === undefined) {
      request.log.error({ status: answer.status, contentType: answer.contentType }, 'the staff door answered without JSON');
      return reply.code(502).send(refusal('PLATFORM_BAD_ANSWER', da.server.platformBadAnswer));
    }
    if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
    // A session the platform no longer knows is dropped here too, so the next page load starts at the login.
    if (answer.status === 401 && codeOf(answer) === 'STAFF_SESSION_REQUIRED') reply.header('set-cookie', sessionCookie('', 0));
    return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.text);
  }

  if (built) {
    app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      index: false,
      cacheControl: false,
      // Vite's hashed files never change; index.html names the current ones, so it is never kept.
      setHeaders: (reply, file) => {
        const hashed = file.startsWith(path.join(distDir, 'assets') + path.sep);
        const index = file === path.join(distDir, 'index.html');
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : index ? NO_STORE : 'public, max-age=3600');
      },
    });
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
  } else {
    app.log.warn(`back office: no build in ${distDir}; run npm run build -w @krone/backoffice`);
  }

  // The SPA's own routes (/, /login, /spillere/…, /godkendelser) get its index.html; anything else is a 404.
  app.setNotFoundHandler((request, reply) => {
    const { pathname } = splitUrl(request.raw.url);
    const page = SAFE_METHODS.has(request.method) && !/^\/(api|auth|assets)(\/|$)/.test(pathname) && !/\.[A-Za-z0-9]+$/.test(pathname);
    if (page && built) return reply.sendFile('index.html');
    if (page) return reply.code(503).header('cache-control', NO_STORE).type('text/plain; charset=utf-8').send(da.server.notBuilt);
    return reply.code(404).header('cache-control', NO_STORE).send(refusal('NOT_FOUND', da.server.notFound));
  });

  return app;
}
