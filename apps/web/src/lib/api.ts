import 'server-only';
import { NextResponse } from 'next/server';
import type { z } from 'zod';
import { getTranslator } from './content';
import { isNonSimpleRequest, isSameOrigin } from './forwarding';

const noStore = { 'Cache-Control': 'no-store' };

export function ok<T extends object>(body: T, init: { cacheSeconds?: number } = {}) {
  const headers = init.cacheSeconds
    ? { 'Cache-Control': `public, max-age=${init.cacheSeconds}, stale-while-revalidate=${init.cacheSeconds * 5}` }
    : noStore;
  return NextResponse.json(body, { headers });
}

/** A refused call: status, stable code and the Danish message (spec §8), nothing written. */
export async function fail(status: number, code: string, messageKey: string, extra: Record<string, unknown> = {}) {
  // With the dictionary unreachable, the key still tells the caller what went wrong.
  const message = (await getTranslator())(messageKey);
  return NextResponse.json({ result: 0, code, message, ...extra }, { status, headers: noStore });
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether every string of a parsed JSON value (keys too) is well-formed Unicode. JSON may carry a
 * lone surrogate (`"\ud800"`), which no UTF-8 text and no URL can: passed on to the platform in a
 * query, it made the call itself throw (a 502). Walked without recursion: JSON.parse takes nesting
 * deeper than a recursive walk's stack.
 */
function wellFormed(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (LONE_SURROGATE.test(next)) return false;
    } else if (next && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        if (LONE_SURROGATE.test(key)) return false;
        pending.push(child);
      }
    }
  }
  return true;
}

/** Parses a JSON body with its schema; a bad one (lone surrogates included) becomes a 400 INVALID_INPUT answer. */
export async function parseJson<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  let raw: unknown = {};
  const text = await request.text();
  if (text.length > 16_384) return { ok: false, response: await fail(413, 'PAYLOAD_TOO_LARGE', 'validation.invalid_input') };
  if (text) {
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, response: await fail(400, 'INVALID_JSON', 'validation.invalid_input') };
    }
  }
  if (!wellFormed(raw)) return { ok: false, response: await fail(400, 'INVALID_INPUT', 'validation.invalid_input') };
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || '_', issue.message]));
    return { ok: false, response: await fail(400, 'INVALID_INPUT', 'validation.invalid_input', { fields }) };
  }
  return { ok: true, data: parsed.data };
}

/**
 * CSRF guard for state-changing calls: the browser's Origin must name this site (lib/forwarding),
 * and the request must be one a foreign page cannot send without a preflight (a JSON body or our
 * x-krone-csrf header). The session cookie is SameSite=Lax on top.
 */
export function sameOrigin(request: Request): boolean {
  return isSameOrigin(new URL(request.url), request.headers) && isNonSimpleRequest(request.headers);
}

/**
 * A method a route does not serve: 405 in our shape. Next answers such a call itself with an empty
 * 405, so every route handler exports this for the methods it does not serve (GET, POST, PUT,
 * PATCH, DELETE; HEAD and OPTIONS Next answers itself, without a body).
 */
export async function methodNotAllowed() {
  return fail(405, 'METHOD_NOT_ALLOWED', 'validation.invalid_input');
}

export async function forbiddenOrigin() {
  return fail(403, 'FORBIDDEN_ORIGIN', 'validation.forbidden');
}

/**
 * A 303 to a path on this site, as a relative Location: the browser stays on the host it used,
 * whatever address the server believes it has (cookies are per host).
 */
export function seeOther(path: string) {
  return new NextResponse(null, { status: 303, headers: { Location: path, 'Cache-Control': 'no-store' } });
}
