import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { contractPath, ERROR_CATALOGUE, isErrorCode } from '@krone/domain';
import { signWebhook } from '@krone/sims/cards';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { payments, withdrawals } from '../src/payments/schema.js';
import { rowsOf } from '../src/shared/db.js';
import { signContractCall } from '../src/shared/signed-requests.js';
import { BACKOFFICE_KEY_HEADER, STOREFRONT_KEY_HEADER } from '../src/shared/storefront-key.js';
import { createLoggedInPlayer, fundPlayer, type TestPlatform } from './harness.js';

/**
 * Every endpoint against bad input (issue 15 §2): the platform's OpenAPI document walked operation
 * by operation, and fast-check drawing, for each, a valid-shaped request spoiled by at least one
 * mutation that makes it invalid (a dropped required field, a wrong type, a number or string out
 * of its range, a wrong session token, a bad API key or signature, malformed JSON, a wrong
 * content type, multipart garbage), often with hostile noise besides (extra and prototype keys,
 * Unicode-tricky and over-long strings, another player's ids). Shared by the CI test
 * (bad-input.test.ts) and the bench (npm run bench:badinput).
 */

export type Schema = {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  default?: unknown;
};

interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  params: Param[];
  body?: { contentType: string; schema: Schema; required: boolean };
  /** Signed calls: the games contract (timestamp + HMAC headers) or a payment webhook (`t=…,v1=…`). */
  signed: 'games' | 'webhook' | null;
  /** The listener: the storefront's (internal), or the back office's staff door (openapi-staff.json). */
  door: 'storefront' | 'staff';
}

const openApiFiles = {
  storefront: new URL('../openapi.json', import.meta.url),
  staff: new URL('../openapi-staff.json', import.meta.url),
};

/** The operations of a committed OpenAPI document (kept up to date by openapi.test.ts): the storefront's or the staff door's. */
export function loadOperations(door: Operation['door'] = 'storefront'): Operation[] {
  const document = JSON.parse(readFileSync(openApiFiles[door], 'utf8')) as {
    paths: Record<
      string,
      Record<
        string,
        { operationId: string; parameters?: Param[]; requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> } }
      >
    >;
    components?: { schemas?: Record<string, Schema> };
  };
  const components = document.components?.schemas ?? {};
  const resolve = (schema: Schema): Schema => {
    if (schema.$ref) return resolve(components[schema.$ref.split('/').pop()!] ?? {});
    const out: Schema = { ...schema };
    if (out.properties) out.properties = Object.fromEntries(Object.entries(out.properties).map(([key, value]) => [key, resolve(value)]));
    if (out.items) out.items = resolve(out.items);
    if (out.anyOf) out.anyOf = out.anyOf.map(resolve);
    if (out.oneOf) out.oneOf = out.oneOf.map(resolve);
    if (out.allOf) out.allOf = out.allOf.map(resolve);
    return out;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase() as Operation['method'],
        path,
        params: (operation.parameters ?? []).map((param) => ({
          ...param,
          required: Boolean(param.required),
          schema: resolve(param.schema),
        })),
        body: contentType
          ? { contentType, schema: resolve(content[contentType]!.schema), required: operation.requestBody?.required ?? false }
          : undefined,
        signed: path.startsWith('/Games/providers/') ? 'games' : path.startsWith('/Payments/webhooks/') ? 'webhook' : null,
        door,
      });
    }
  }
  return operations;
}

/** What the generator needs to know of the platform under test: live tokens, ids, secrets. */
export interface Targets {
  /** The seeded player's live session token: session routes are reached past the 401. */
  token: string;
  playerId: string;
  /** Another player's ids, which the first player's session must never reach. */
  otherPlayerId: string;
  otherPaymentId: string;
  otherWithdrawalId: string;
  otherGameSessionId: string;
  /** A session that has expired and one that was logged out. */
  expiredToken: string;
  loggedOutToken: string;
  /** The storefront's key at the internal listener (Krone-Storefront-Key). */
  storefrontKey: string;
  providerSecrets: Record<string, string>;
  webhookSecrets: Record<string, string>;
  /** A live staff session (an administrator's, admitted everywhere) for the staff door's operations. */
  staffToken?: string;
  /** The back office's key at the staff door (Krone-Backoffice-Key). */
  backofficeKey?: string;
  /** Requests already answered 2xx before the run: their idempotency keys, to replay with other bodies. */
  replays: { operationId: string; body: Record<string, unknown> }[];
}

// ---------------------------------------------------------------------------------------------
// A small JSON Schema subset: a valid-shaped sample, and whether a value breaks the schema.

const alternatives = (schema: Schema) => schema.anyOf ?? schema.oneOf;

export function sample(schema: Schema, name = ''): unknown {
  const branches = alternatives(schema);
  if (branches) return sample(branches.find((branch) => branch.type !== 'null') ?? branches[0]!, name);
  if (schema.allOf) return sample(Object.assign({}, ...schema.allOf) as Schema, name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.max(low, Math.min(schema.maximum ?? Infinity, 100));
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(value, key);
      return out;
    }
    case 'string':
    default: {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'email') return 'spiller@example.dk';
      if (schema.pattern && new RegExp(schema.pattern).test('test-1')) return 'test-1';
      if (schema.pattern && new RegExp(schema.pattern).test('1')) return '1';
      const text = /id$/i.test(name) ? 'ukendt-id' : 'tekst';
      return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? Infinity);
    }
  }
}

const typeOf = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number' && Number.isInteger(value)
        ? 'integer'
        : typeof value;

/** True when `value` certainly breaks `schema` (so a request carrying it must be refused). */
export function violates(schema: Schema, value: unknown): boolean {
  const branches = alternatives(schema);
  if (branches) return branches.every((branch) => violates(branch, value));
  if (value === null) return !schema.nullable && schema.type !== 'null';
  if (schema.const !== undefined && value !== schema.const) return true;
  if (schema.enum && !schema.enum.includes(value)) return true;
  const actual = typeOf(value);
  switch (schema.type) {
    case 'integer':
    case 'number': {
      if (actual !== 'integer' && !(schema.type === 'number' && actual === 'number')) return true;
      const number = value as number;
      if (!Number.isFinite(number)) return true;
      return (
        (schema.minimum !== undefined && number < schema.minimum) ||
        (schema.maximum !== undefined && number > schema.maximum) ||
        (schema.exclusiveMinimum !== undefined && number <= schema.exclusiveMinimum) ||
        (schema.exclusiveMaximum !== undefined && number >= schema.exclusiveMaximum)
      );
    }
    case 'string': {
      if (actual !== 'string') return true;
      const text = value as string;
      if (schema.maxLength !== undefined && [...text].length > schema.maxLength) return true;
      if (schema.minLength !== undefined && [...text].length < schema.minLength) return true;
      if (schema.pattern && !new RegExp(schema.pattern, 'u').test(text)) return true;
      return false;
    }
    case 'boolean':
      return actual !== 'boolean';
    case 'array':
      return actual !== 'array';
    case 'object':
      return actual !== 'object';
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

/** Strings that have broken parsers, loggers, databases and renderers somewhere. */
export const TRICKY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Ekr 001\u202C',
  '\u200B\u200D\uFEFF',
  'e\u0301\u0301\u0301\u0301\u0301',
  'Z\u0351\u0345\u0358a\u0362\u0349l\u0354\u0345g\u0338o',
  '💰🎰👨‍👩‍👧‍👦🇩🇰',
  '\uD800',
  '\uDFFFa\uD800',
  'Ã˜re Ã¦Ã¸Ã¥',
  '\u00C0\u00AF',
  '%C0%AF',
  '%00',
  '%',
  '../../../etc/passwd',
  "' OR 1=1 --",
  "'; drop table players; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  ' 100 ',
  '0x10',
  '١٢٣',
  '\r\nX-Injected: 1',
  'ﷺ'.repeat(50),
];

export const trickyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Long strings: 10⁴–10⁶ characters (`sizes` picks which), of one character or a repeated tricky one. */
export const longString = (max: number) =>
  fc
    .tuple(fc.integer({ min: 10_000, max }), fc.constantFrom('a', 'ø', '💰', 'e\u0301', '\u0000', '\u202E'))
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

export const HOSTILE_NUMBERS = [
  -1,
  -100,
  0,
  0.5,
  1.5,
  99.99,
  100.001,
  -0.01,
  -1e9,
  2 ** 31,
  2 ** 32 + 1,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

export const hostileNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

/** A value of another JSON type than the schema's. */
export function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const all: fc.Arbitrary<unknown>[] = [
    fc.constant(null),
    fc.constant(true),
    hostileNumber,
    trickyString,
    fc.constant([]),
    fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
    fc.constant({}),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  ];
  return fc.oneof(...all).filter((value) => violates(schema, value));
}

/** A value that certainly breaks the schema: out of range, a fraction of an øre, too long, off-pattern, or another type. */
export function violation(schema: Schema, maxLength: number): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [wrongType(schema)];
  if (schema.type === 'integer' || schema.type === 'number') options.push(hostileNumber);
  if (schema.type === 'integer') options.push(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }));
  if (schema.type === 'string') {
    options.push(trickyString);
    if (schema.maxLength !== undefined) options.push(longString(Math.max(maxLength, 10_001)));
  }
  return fc.oneof(...options).filter((value) => violates(schema, value));
}

/** Keys that poison prototypes or confuse merges. */
export const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', '$where', 'result', 'code', 'playerId'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);

// ---------------------------------------------------------------------------------------------
// Requests and their mutations.

interface Draft {
  pathParams: Record<string, string>;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** The body as an object, or raw text (malformed on purpose), or undefined. */
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string | Buffer; contentType?: string } | undefined;
  /** Path parameters sent as they are, not percent-encoded (sequences that do not decode). */
  rawPathParams?: Record<string, string>;
  /** How a signed route is signed: properly (over the body as sent), with a bad signature, or not at all. */
  signature: 'good' | 'bad' | 'none';
}

type Mutate = (draft: Draft) => void;
interface Mutation {
  name: string;
  mutate: Mutate;
}

const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** Paths to every property of a sample (object keys, an array's first element), with their schemas and whether required. */
export function fieldsOf(
  schema: Schema,
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; schema: Schema; required: boolean }[] {
  const out: { path: (string | number)[]; schema: Schema; required: boolean }[] = [];
  const branches = alternatives(schema);
  const effective = branches ? (branches.find((branch) => !violates(branch, value)) ?? branches[0]!) : schema;
  if (effective.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(effective.properties ?? {})) {
      if (!(key in (value as Record<string, unknown>))) continue;
      out.push({ path: [...path, key], schema: child, required: (effective.required ?? []).includes(key) });
      out.push(...fieldsOf(child, (value as Record<string, unknown>)[key], [...path, key]));
    }
  } else if (effective.type === 'array' && Array.isArray(value) && value.length > 0) {
    out.push({ path: [...path, 0], schema: effective.items ?? {}, required: (effective.minItems ?? 0) > 0 });
    out.push(...fieldsOf(effective.items ?? {}, value[0], [...path, 0]));
  }
  return out;
}

export function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false) {
  // An earlier mutation may have replaced the structure: then there is nothing left to mutate.
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    if (!node || typeof node !== 'object') return;
    node = node[key] as Record<string | number, unknown>;
  }
  if (!node || typeof node !== 'object') return;
  const last = path.at(-1)!;
  if (remove) {
    // By hand, not splice: an earlier mutation may have set the array's own `constructor` key.
    if (Array.isArray(node)) {
      for (let index = last as number; index < node.length - 1; index++) node[index] = node[index + 1];
      node.length = Math.max(0, node.length - 1);
    } else delete node[last];
  } else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
}

const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":}',
  '{"amountOre": 1e400}',
  '{"amountOre": -}',
  "{'single': 'quotes'}",
  '{"a": 1,}',
  '[1, 2',
  'null',
  'true',
  '0',
  '"tekst"',
  '[]',
  '\u0000',
  '\uFEFF{}',
  '{"a": "\\ud800"}',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"polluted": 1}}}',
  '{"a": 1, "a": 2}',
  'NaN',
  '{"a": NaN}',
  '<?xml version="1.0"?><a/>',
  '',
];

export const malformedJson = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 50_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
);

export const multipartGarbage = fc.oneof(
  fc.constant({ contentType: 'multipart/form-data', text: '--x\r\n\r\n' }),
  fc.constant({ contentType: 'multipart/form-data; boundary=krone', text: 'no boundary here' }),
  fc.constant({
    contentType: 'multipart/form-data; boundary=krone',
    text: '--krone\r\nContent-Disposition: form-data; name="documentType"\r\n\r\npassport\r\n--krone\r\nContent-Disposition: form-data; name="files"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\nnot a pdf\r\n--krone--\r\n',
  }),
  fc.constant({
    contentType: 'multipart/form-data; boundary=krone',
    text: '--krone\r\nContent-Disposition: form-data; name="files"; filename="../../../etc/passwd"\r\n\r\n\u0000\u0000\r\n--krone--\r\n',
  }),
  fc
    .string({ unit: 'binary', maxLength: 300 })
    .map((text) => ({ contentType: 'multipart/form-data; boundary=krone', text: `--krone\r\n${text}` })),
  fc.integer({ min: 1, max: 200 }).map((parts) => ({
    contentType: 'multipart/form-data; boundary=krone',
    text:
      Array.from({ length: parts }, (_, i) => `--krone\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${'x'.repeat(100)}\r\n`).join(
        '',
      ) + '--krone--\r\n',
  })),
);

/**
 * A multipart route's broken bodies, for both generators (the platform's and the storefront's):
 * garbage dressed as multipart, and JSON where multipart belongs. Each sets the draft's body raw.
 */
export function multipartBodyMutations<D extends { body?: unknown }>(): fc.Arbitrary<{ name: string; mutate: (draft: D) => void }>[] {
  const raw = (draft: D, text: string, contentType: string) => void (draft.body = { kind: 'raw', text, contentType });
  return [
    multipartGarbage.map(({ contentType, text }) => ({ name: 'multipart garbage', mutate: (draft: D) => raw(draft, text, contentType) })),
    malformedJson.map((text) => ({ name: 'JSON where multipart belongs', mutate: (draft: D) => raw(draft, text, 'application/json') })),
  ];
}

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  'image/png',
];

/**
 * The longest string put in a path or a query: 10⁴ characters. Over real HTTP, Node refuses a
 * request line over 16 KB (431) before Fastify sees it; in process, light-my-request keeps about
 * the URL's size in memory per request, which a bench of 10⁵ cannot afford. Bodies and headers
 * get the long strings (up to `maxLength`).
 */
export const URL_PART_MAX_LENGTH = 10_000;

/**
 * Routes for which an ended session's token is a valid one: the session-expiry log names the
 * session that ended (its player is the session's, issue 15 §3).
 */
const ENDED_SESSION_VALID = new Set(['createSessionExpireLog']);

/** Tokens that must never open a session (for `endedValid`, tokens no session ever had). */
function wrongTokens(targets: Targets, endedValid = false): fc.Arbitrary<string> {
  const ended = endedValid ? [] : [targets.expiredToken, targets.loggedOutToken];
  return fc.oneof(
    fc.constantFrom(...ended, targets.otherPlayerId, targets.playerId, 'undefined', 'null', '0', 'x'),
    fc.uuid().map((uuid) => uuid),
    fc.stringMatching(/^[0-9a-f]{64}$/),
    fc.constant(targets.token.slice(0, -1) + (targets.token.endsWith('a') ? 'b' : 'a')),
    fc.constant(targets.token.toUpperCase()),
    fc.constant(` ${targets.token}`),
    trickyString.filter((text) => text.length > 0),
    longString(URL_PART_MAX_LENGTH),
  );
}

export const OTHER_PLAYERS_ID = "another player's id";

/**
 * Routes that name a player by id without a session, by the spec, where another player's id is
 * not an attack the route can refuse: the unsubscribe links of an e-mail or a text (the link is
 * the player's own). (The session-expiry log takes its player from the session, issue 15 §3.)
 */
const NAMES_PLAYER_WITHOUT_SESSION = new Set(['smsUnsubscribe', 'brandUnsubscribe', 'disablePromotionalEmail']);

/** For the seeded player's session, the other player's ids where a route names a player, a payment or a withdrawal. */
function otherIdsOf(operation: Operation, base: Draft, targets: Targets): Mutate[] {
  if (NAMES_PLAYER_WITHOUT_SESSION.has(operation.id) || operation.signed) return [];
  const idFor = (name: string) =>
    /^(userId|playerId)$/i.test(name)
      ? targets.otherPlayerId
      : name === 'paymentId'
        ? targets.otherPaymentId
        : name === 'withdrawalId'
          ? targets.otherWithdrawalId
          : undefined;
  const out: Mutate[] = [];
  for (const param of operation.params) {
    const id = param.in === 'path' ? idFor(param.name) : undefined;
    if (id) out.push((draft) => void (draft.pathParams[param.name] = id));
  }
  if (base.body?.kind === 'json' && base.body.value && typeof base.body.value === 'object') {
    for (const key of Object.keys(base.body.value)) {
      const id = idFor(key);
      if (id)
        out.push((draft) => {
          const body = draft.body as { kind: string; value?: unknown };
          if (body.kind === 'json' && body.value && typeof body.value === 'object') setAt(body.value, [key], id);
        });
    }
  }
  return out;
}

/** The mutations of an operation that certainly make its request invalid. */
function breakingMutations(operation: Operation, base: Draft, targets: Targets, maxLength: number): fc.Arbitrary<Mutation>[] {
  const out: fc.Arbitrary<Mutation>[] = [];
  for (const param of operation.params) {
    if (param.name === 'sessionId') {
      out.push(
        wrongTokens(targets, ENDED_SESSION_VALID.has(operation.id)).map((token) => ({
          name: 'wrong session token',
          mutate: (draft) => {
            if (param.in === 'path') draft.pathParams.sessionId = token;
            else draft.query.sessionId = token;
          },
        })),
      );
      continue;
    }
    if (param.in === 'header' && (param.name === 'krone-timestamp' || param.name === 'krone-signature')) continue;
    if (param.required && param.in === 'query')
      out.push(fc.constant({ name: 'missing query parameter', mutate: (draft) => void delete draft.query[param.name] }));
    const location = param.in === 'path' ? 'pathParams' : param.in === 'query' ? 'query' : 'headers';
    const stringy = violation(param.schema, URL_PART_MAX_LENGTH).filter(
      (value) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean',
    );
    // Path and query values are text; only those that break the schema as text count.
    out.push(
      stringy
        .map((value) => String(value))
        .filter(
          (text) =>
            violates(param.schema, text) &&
            (param.schema.type !== 'integer' && param.schema.type !== 'number'
              ? true
              : !/^-?\d+$/.test(text) || violates(param.schema, Number(text))),
        )
        .filter((text) => param.in !== 'path' || text.length > 0)
        .map((text) => ({ name: `${param.in} parameter out of its schema`, mutate: (draft) => void (draft[location][param.name] = text) })),
    );
  }
  // Another player's id breaks a player's call; staff work on every player's account (their role decides).
  const others = operation.door === 'staff' ? [] : otherIdsOf(operation, base, targets);
  if (others.length > 0) out.push(fc.constant({ name: OTHER_PLAYERS_ID, mutate: (draft) => others.forEach((mutate) => mutate(draft)) }));
  const pathParams = operation.params.filter((param) => param.in === 'path');
  if (pathParams.length > 0)
    out.push(
      fc
        .tuple(fc.constantFrom(...pathParams), fc.constantFrom('%', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF%FE', 'a%2', '%%'))
        .map(([param, raw]) => ({
          name: 'path that does not decode',
          mutate: (draft) => void (draft.rawPathParams = { ...draft.rawPathParams, [param.name]: raw }),
        })),
    );
  if (!operation.signed) {
    // The listener's door: the storefront's key (the back office's at the staff door) missing (empty), wrong or hostile.
    const staffDoor = operation.door === 'staff';
    const [header, doorKey, name] = staffDoor
      ? [BACKOFFICE_KEY_HEADER, targets.backofficeKey ?? '', 'wrong back office key']
      : [STOREFRONT_KEY_HEADER, targets.storefrontKey, 'wrong storefront key'];
    out.push(
      fc
        .oneof(fc.constant(''), trickyString, fc.constant(doorKey.toUpperCase()), fc.constant(`${doorKey}x`))
        .map((key) => ({ name, mutate: (draft) => void (draft.headers[header] = key) })),
    );
  }
  if (operation.signed) {
    out.push(fc.constant({ name: 'unsigned', mutate: (draft) => void (draft.signature = 'none') }));
    out.push(fc.constant({ name: 'bad signature', mutate: (draft) => void (draft.signature = 'bad') }));
  }
  const body = operation.body;
  if (body && base.body?.kind === 'json') {
    const value = base.body.value;
    if (body.contentType === 'application/json') {
      const fields = fieldsOf(body.schema, value);
      const required = fields.filter((field) => field.required);
      if (required.length > 0)
        out.push(
          fc.constantFrom(...required).map((field) => ({
            name: 'required field dropped',
            mutate: (draft) => setAt((draft.body as { value: unknown }).value, field.path, undefined, true),
          })),
        );
      const typed = fields.filter((field) => field.schema.type || field.schema.enum || alternatives(field.schema));
      if (typed.length > 0)
        out.push(
          fc
            .constantFrom(...typed)
            .chain((field) => violation(field.schema, maxLength).map((bad) => ({ field, bad })))
            .map(({ field, bad }) => ({
              name:
                field.schema.type === 'integer' || field.schema.type === 'number'
                  ? 'number out of range or wrong'
                  : 'field value out of its schema',
              mutate: (draft) => setAt((draft.body as { value: unknown }).value, field.path, bad),
            })),
        );
      out.push(
        wrongType(body.schema).map((bad) => ({
          name: 'body of the wrong type',
          mutate: (draft) => void (draft.body = { kind: 'json', value: bad }),
        })),
      );
      out.push(malformedJson.map((text) => ({ name: 'malformed JSON', mutate: (draft) => void (draft.body = { kind: 'raw', text }) })));
      out.push(
        fc.constantFrom(...WRONG_CONTENT_TYPES).map((contentType) => ({
          name: 'wrong content type',
          mutate: (draft) =>
            void (draft.body = { kind: 'raw', text: JSON.stringify((draft.body as { value?: unknown }).value ?? {}), contentType }),
        })),
      );
    }
  }
  if (body?.contentType.startsWith('multipart/')) {
    out.push(...multipartBodyMutations<Draft>());
  }
  if (operation.signed === 'webhook') {
    // The webhooks' events are not in the document: signed garbage, which their schemas refuse.
    out.push(
      fc
        .oneof(
          malformedJson,
          fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
        )
        .map((text) => ({
          name: 'signed, bad body',
          mutate: (draft) => void (draft.body = { kind: 'raw', text, contentType: 'application/json' }),
        })),
    );
  }
  return out;
}

/** Hostile noise that leaves a request as valid (or invalid) as it was: extra and prototype keys, tricky text in free fields, unknown query parameters. */
function noiseMutations(operation: Operation, base: Draft, targets: Targets, maxLength: number): fc.Arbitrary<Mutation>[] {
  const out: fc.Arbitrary<Mutation>[] = [
    fc
      .tuple(fc.oneof(hostileKey, fc.constant('sessionId')), fc.oneof(trickyString, fc.constant(targets.otherPlayerId)))
      .map(([key, value]) => ({
        name: 'extra query parameter',
        mutate: (draft) => {
          if (key !== 'sessionId' || !operation.params.some((param) => param.name === 'sessionId')) draft.query[key] = value;
        },
      })),
    fc.constant({
      name: 'repeated query parameters',
      mutate: (draft) => {
        for (const [key, value] of Object.entries(draft.query)) draft.query[key] = [String(value), String(value)];
      },
    }),
    fc
      .tuple(fc.constantFrom('x-forwarded-for', 'x-request-id', 'cookie', 'authorization', 'x-player-id', 'accept-language'), trickyString)
      .map(([name, value]) => ({
        name: 'hostile header',
        // Header values are Latin-1 without control characters, or Node refuses to send them.
        mutate: (draft) => void (draft.headers[name] = [...value].map((char) => (/^[\x20-\x7E]$/.test(char) ? char : '?')).join('') || '?'),
      })),
  ];
  if (
    operation.body?.contentType === 'application/json' &&
    base.body?.kind === 'json' &&
    base.body.value &&
    typeof base.body.value === 'object'
  ) {
    out.push(
      fc
        .tuple(hostileKey, fc.oneof(trickyString, hostileNumber, fc.constant({ isAdmin: true }), fc.constant(targets.otherPlayerId)))
        .map(([key, value]) => ({
          name: 'extra or prototype key',
          mutate: (draft) => {
            const body = draft.body as { kind: string; value?: unknown };
            if (body.kind === 'json' && body.value && typeof body.value === 'object') setAt(body.value, [key], value);
          },
        })),
    );
    const free = fieldsOf(operation.body.schema, base.body.value).filter(
      (field) => field.schema.type === 'string' && !field.schema.pattern && !field.schema.enum && !field.schema.format,
    );
    if (free.length > 0)
      out.push(
        fc
          .tuple(
            fc.constantFrom(...free),
            fc.oneof({ weight: 5, arbitrary: trickyString }, { weight: 1, arbitrary: longString(maxLength) }),
          )
          .map(([field, text]) => ({
            name: 'tricky text in a free field',
            mutate: (draft) => {
              const body = draft.body as { kind: string; value?: unknown };
              if (body.kind === 'json') setAt(body.value, field.path, text);
            },
          })),
      );
  }
  return out;
}

/** The valid-shaped request each mutation starts from: the seeded player's session, known ids, a sampled body. */
function baseDraft(operation: Operation, targets: Targets): Draft {
  const pathParams: Record<string, string> = {};
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const param of operation.params) {
    let value: string;
    if (param.name === 'sessionId') value = targets.token;
    else if (param.name === 'providerId') value = 'krone-studio';
    else if (param.name === 'userId') value = targets.playerId;
    else if (param.in === 'header') continue;
    else if (!param.required && param.in === 'query') continue;
    else value = String(sample(param.schema, param.name));
    if (param.in === 'path') pathParams[param.name] = value;
    else if (param.in === 'query') query[param.name] = value;
    else headers[param.name] = value;
  }
  // The staff door: every call with the member's session (the back office's server adds it so).
  if (operation.door === 'staff' && targets.staffToken) headers.authorization = `Bearer ${targets.staffToken}`;
  let body: Draft['body'];
  if (operation.body?.contentType === 'application/json') {
    const value = sample(operation.body.schema) as Record<string, unknown>;
    if (operation.signed === 'games' && value && typeof value === 'object' && 'sessionId' in value)
      value.sessionId = targets.otherGameSessionId;
    body = { kind: 'json', value };
  } else if (operation.body) body = { kind: 'json', value: {} };
  return { pathParams, query, headers, body, signature: 'good' };
}

/** Percent-encoding that survives lone surrogates (sent as the bytes Node makes of them). */
function encodePathPart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

let senders = 0;

/** Turns a draft into what `app.inject` sends: the path filled, the body serialised, the signature made. */
function toInject(operation: Operation, draft: Draft, targets: Targets): InjectOptions {
  const url = operation.path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => draft.rawPathParams?.[name] ?? encodePathPart(draft.pathParams[name] ?? ''),
  );
  const headers: Record<string, string> = { ...draft.headers };
  let payload: string | Buffer | undefined;
  if (draft.body?.kind === 'json') {
    payload = JSON.stringify(draft.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (draft.body?.kind === 'raw') {
    payload = draft.body.text;
    headers['content-type'] = draft.body.contentType ?? 'application/json';
  }
  const text = typeof payload === 'string' ? payload : (payload?.toString('utf8') ?? '');
  const at = Math.floor(Date.now() / 1000);
  if (operation.signed === 'games' && draft.signature !== 'none') {
    const secret = targets.providerSecrets[draft.pathParams.providerId ?? ''] ?? 'not-the-secret-0123456789';
    headers['krone-timestamp'] = String(at);
    // Signed for the path the operation names (a raw path parameter a provider would not send is refused).
    const providerId = draft.pathParams.providerId ?? '';
    headers['krone-signature'] = signContractCall(draft.signature === 'good' ? secret : `${secret}x`, {
      timestamp: at,
      method: operation.method,
      path: contractPath(providerId, operation.path.split('/').at(-1) ?? ''),
      providerId,
      body: text,
    });
  }
  if (operation.signed === 'webhook' && draft.signature !== 'none') {
    const secret = targets.webhookSecrets[operation.path] ?? 'not-the-secret-0123456789';
    headers['krone-signature'] = signWebhook(draft.signature === 'good' ? secret : `${secret}x`, text, at);
  }
  // Each request from an address of its own: the per-address rate limits (counted before
  // validation) would otherwise answer most of a route's bad input 429 instead of checking it.
  senders += 1;
  const remoteAddress = `10.${(senders >> 16) & 255}.${(senders >> 8) & 255}.${senders & 255}`;
  return { method: operation.method, url, query: draft.query, headers, payload, remoteAddress };
}

export interface BadRequest {
  operation: Operation;
  mutations: string[];
  inject: InjectOptions;
}

/**
 * For one operation: a valid-shaped request with one breaking mutation and up to two more of any
 * kind (breaking or noise). `maxLength` bounds the long strings (10⁶ in the bench, less in CI).
 */
export function badRequests(operation: Operation, targets: Targets, { maxLength = 1_000_000 } = {}): fc.Arbitrary<BadRequest> {
  const base = baseDraft(operation, targets);
  const breaking = breakingMutations(operation, base, targets, maxLength);
  const noise = noiseMutations(operation, base, targets, maxLength);
  // A read with nothing to break (no parameters, no body) gets hostile noise alone, and may answer 2xx.
  const first = breaking.length > 0 ? breaking : operation.method === 'GET' ? noise : [];
  if (first.length === 0) throw new Error(`${operation.id}: no input of it can be broken; exclude it with a reason`);
  const any = fc.oneof(...breaking, ...noise);
  return fc.tuple(fc.oneof(...first), fc.array(any, { maxLength: 2 })).map(([first, more]) => {
    const draft: Draft = { ...clone({ ...base, body: undefined }), body: clone(base.body) };
    // The breaking mutation last, so that no later one mends what it broke.
    const ordered = [...more, first];
    for (const mutation of ordered) mutation.mutate(draft);
    return { operation, mutations: ordered.map((mutation) => mutation.name), inject: toInject(operation, draft, targets) };
  });
}

/** Replays of idempotency keys already used (before the run) with other bodies. */
export function replayRequests(operations: Operation[], targets: Targets): fc.Arbitrary<BadRequest>[] {
  return targets.replays.map((replay) => {
    const operation = operations.find((candidate) => candidate.id === replay.operationId)!;
    const amountKey = Object.keys(replay.body).find((key) => key === 'amountOre');
    return fc.integer({ min: 1, max: 99 }).map((delta) => {
      const body = clone(replay.body);
      if (amountKey) body[amountKey] = (body[amountKey] as number) + delta;
      else if (Array.isArray(body.entries)) {
        const entries = body.entries as { amountOre: number }[];
        entries[0]!.amountOre -= delta;
        entries[1]!.amountOre += delta;
      }
      const draft: Draft = { ...baseDraft(operation, targets), body: { kind: 'json', value: body } };
      return { operation, mutations: ['idempotency key replayed with another body'], inject: toInject(operation, draft, targets) };
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Sending, checking, counting.

export interface Problem {
  operation: string;
  mutations: string[];
  status: number;
  reason: string;
  request: string;
}

export interface Tally {
  perOperation: Map<string, number>;
  /** Per operation, its answers by status. */
  perOperationStatus: Map<string, Map<number, number>>;
  perStatus: Map<number, number>;
  perMutation: Map<string, number>;
  problems: Problem[];
}

export const newTally = (): Tally => ({
  perOperation: new Map(),
  perOperationStatus: new Map(),
  perStatus: new Map(),
  perMutation: new Map(),
  problems: [],
});

export const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** Reads sent as POST: the storefront's navigation query (its body is a filter). */
const POST_READS = new Set(['getNavigation']);

/**
 * The 2xx answers allowed: a read (GET, or a read sent as POST) may answer hostile noise that
 * leaves it valid (an unknown query parameter, a header); logout answers 200 `ended: false` for a
 * session that does not resolve, on purpose (the storefront forgets its cookie either way). The
 * database snapshot checks that none of them wrote.
 */
function mayAnswer2xx(operation: Operation, status: number, body: string): boolean {
  if (status < 200 || status > 299) return false;
  if (operation.method === 'GET' || POST_READS.has(operation.id)) return true;
  return operation.id === 'logout' && body === '{"result":1,"data":{"ended":false}}';
}

/** The translations the platform answers errors with (every message must be one of them, in Danish). */
export async function errorMessages(platform: TestPlatform): Promise<Set<string>> {
  const response = await platform.app.inject({ method: 'GET', url: '/CMScasino/translations' });
  const messages = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') messages.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(response.json());
  return messages;
}

/** Sends one bad request and checks its answer: a 4xx with a catalogue code and a Danish message, in time. */
export async function sendAndCheck(platform: TestPlatform, request: BadRequest, tally: Tally, messages: Set<string>, timeoutMs: number) {
  const { operation, mutations, inject } = request;
  bump(tally.perOperation, operation.id);
  for (const mutation of new Set(mutations)) bump(tally.perMutation, mutation);
  const describe = () => {
    const text = `${inject.method} ${inject.url} ${JSON.stringify(inject.query)} ${JSON.stringify(inject.headers)} ${String(inject.payload ?? '')}`;
    return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text;
  };
  const problem = (status: number, reason: string) =>
    tally.problems.push({ operation: operation.id, mutations, status, reason, request: describe() });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  // Each operation on its own listener (app.ts): the providers' signed calls on the public one.
  const door = operation.door === 'staff' ? platform.staffApp : operation.signed ? platform.publicApp : platform.app;
  const response = await Promise.race([door.inject(inject), timeout]).finally(() => clearTimeout(timer));
  if (response === 'timeout') {
    bump(tally.perStatus, 0);
    return problem(0, `no answer within ${timeoutMs} ms`);
  }
  const status = response.statusCode;
  const statuses = tally.perOperationStatus.get(operation.id) ?? new Map<number, number>();
  tally.perOperationStatus.set(operation.id, bump(statuses, status));
  bump(tally.perStatus, status);
  // Another player's id is refused even by a read: a 2xx there would show or touch their data.
  if (!mutations.includes(OTHER_PLAYERS_ID) && mayAnswer2xx(operation, status, response.body)) return;
  if (status < 400 || status > 499) return problem(status, `answered ${status}: ${response.body.slice(0, 300)}`);
  let body: { result?: unknown; code?: unknown; message?: unknown };
  try {
    body = response.json();
  } catch {
    return problem(status, `not JSON: ${response.body.slice(0, 200)}`);
  }
  if (!isErrorCode(body.code)) return problem(status, `code not in the catalogue: ${JSON.stringify(body.code)}`);
  if (body.result !== 0) return problem(status, `result is ${JSON.stringify(body.result)}, not 0`);
  if (typeof body.message !== 'string' || !messages.has(body.message) || body.message === ERROR_CATALOGUE[body.code].messageKey)
    return problem(status, `message is not a Danish translation: ${JSON.stringify(body.message)}`);
}

// ---------------------------------------------------------------------------------------------
// The database before and after.

/**
 * Rows that refused requests write on purpose, left out of the fingerprint, with why. Nothing
 * else may change: the security log is a log line and the rate limits count in memory or Redis.
 */
export const REFUSALS_RECORDED: Record<string, { keep: string; reason: string }> = {
  audit_log: {
    keep: "chain <> 'security'",
    reason: 'security events (bad signatures, refused API keys, failed logins) are appended to the security chain by design (issue 15 §4)',
  },
  audit_heads: { keep: "chain <> 'security'", reason: 'the security chain’s head moves with each security event' },
  staff_reads: {
    keep: 'false',
    reason:
      'a read of a player’s page that the staff door answers (a GET may answer 2xx to noise) is kept by design: who looked (issue 29)',
  },
};

/**
 * Columns that any call with a live session moves, refused or not, left out of the fingerprint,
 * with why. Nothing a refused request decides may change; this is activity, not a decision.
 */
export const ACTIVITY_COLUMNS: Record<string, { column: string; reason: string }> = {
  staff_sessions: {
    column: 'last_seen_at',
    reason: 'a staff session counts every call as activity (at most every 30 s, staff/service.ts), so a run longer than that moves it',
  },
  player_sessions: {
    column: 'last_seen_at',
    reason:
      'the platform counts every call with a live session as activity (at most once a minute, players/sessions.ts), so a run longer than a minute moves it',
  },
};

/**
 * A fingerprint of every table: its row count and a hash of its rows in a stable order (of the
 * rows `REFUSALS_RECORDED` keeps, for its tables; without the `ACTIVITY_COLUMNS`).
 */
export async function databaseFingerprint(platform: TestPlatform): Promise<Record<string, string>> {
  const { db } = platform.database;
  const tables = await rowsOf<{ schema: string; name: string }>(
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
    db,
  );
  const out: Record<string, string> = {};
  for (const { schema, name } of tables) {
    const table = sql.raw([schema, name].map((part) => `"${part.replaceAll('"', '""')}"`).join('.'));
    const keep = sql.raw(schema === 'public' && REFUSALS_RECORDED[name] ? REFUSALS_RECORDED[name].keep : 'true');
    const activity = schema === 'public' ? ACTIVITY_COLUMNS[name] : undefined;
    const text = sql.raw(activity ? `(to_jsonb(t) - '${activity.column}')::text` : 't::text');
    const [row] = await rowsOf<{ rows: number | string; digest: string | null }>(
      sql`select count(*) as rows, md5(string_agg(${text}, '|' order by ${text})) as digest from ${table} t where ${keep}`,
      db,
    );
    out[`${schema}.${name}`] = `${row!.rows}:${row!.digest ?? ''}`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The platform's state before the run.

export const BAD_INPUT_SECRETS = {
  studio: 'bad-input-studio-secret-0123456789',
};

/** The env of a platform under this test: limits high enough that the bad input reaches validation, not the 429. */
export const BAD_INPUT_ENV = {
  GAME_PROVIDER_KRONE_STUDIO_SECRET: BAD_INPUT_SECRETS.studio,
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  CPR_RATE_LIMIT_PER_15_MINUTES: '100000',
  CONTACT_RATE_LIMIT_PER_HOUR: '1000',
};

/**
 * The seeded players and what they have done (before the database's first fingerprint): the
 * first player's live session, an expired and a logged-out one, another player with money, a game
 * session and a bet whose idempotency key the run replays.
 */
export async function seedTargets(platform: TestPlatform): Promise<Targets> {
  const { app, config } = platform;
  const { db } = platform.database;
  const player = await createLoggedInPlayer(platform);
  const other = await createLoggedInPlayer(platform);
  const loggedOut = await createLoggedInPlayer(platform);
  const logout = await app.inject({ method: 'POST', url: `/Players/sessions/${loggedOut.token}/logout` });
  if (logout.statusCode !== 200) throw new Error(`logout: ${logout.statusCode} ${logout.body}`);
  platform.setNow(new Date(Date.now() - 3 * 3_600_000));
  const expired = await createLoggedInPlayerAt(platform);
  platform.setNow(undefined);

  await fundPlayer(platform, other.id, 50_000);

  const [game] = await rowsOf<{ id: string }>(
    sql`select id from games where provider_id = 'krone-studio' order by id limit 1`,
    platform.database.db,
  );
  const launched = await app.inject({
    method: 'POST',
    url: `/Games/launch/${other.token}`,
    payload: { providerId: 'krone-studio', gameId: game!.id, mode: 'real' },
  });
  if (launched.statusCode !== 200) throw new Error(`launch: ${launched.statusCode} ${launched.body}`);
  const at = new Date();
  const [payment] = await db
    .insert(payments)
    .values({ playerId: other.id, method: 'card', amountOre: 10_000, status: 'requires_action', createdAt: at, updatedAt: at })
    .returning({ id: payments.id });
  const withdrawalId = randomUUID();
  await db.insert(withdrawals).values({
    id: withdrawalId,
    playerId: other.id,
    amountOre: 5_000,
    status: 'pending',
    requestedAt: at,
    sendAfter: new Date(at.getTime() + 86_400_000),
    expectedBy: new Date(at.getTime() + 3 * 86_400_000),
    reserveTransferId: randomUUID(),
    updatedAt: at,
  });
  const targets: Targets = {
    token: player.token,
    playerId: player.id,
    otherPlayerId: other.id,
    otherPaymentId: payment!.id,
    otherWithdrawalId: withdrawalId,
    otherGameSessionId: '',
    expiredToken: expired.token,
    loggedOutToken: loggedOut.token,
    storefrontKey: config.STOREFRONT_API_KEY,
    providerSecrets: { 'krone-studio': config.GAME_PROVIDER_KRONE_STUDIO_SECRET },
    webhookSecrets: {
      '/Payments/webhooks/cards': config.CARDS_WEBHOOK_SECRET,
      '/Payments/webhooks/mobilepay': config.MOBILEPAY_WEBHOOK_SECRET,
      '/Payments/webhooks/nemkonto': config.NEMKONTO_WEBHOOK_SECRET,
    },
    replays: [],
  };
  const operations = loadOperations();
  const contract = (name: string, body: Record<string, unknown>) => {
    const operation = operations.find((candidate) => candidate.path === `/Games/providers/{providerId}/${name}`)!;
    const draft: Draft = {
      pathParams: { providerId: 'krone-studio' },
      query: {},
      headers: {},
      body: { kind: 'json', value: body },
      signature: 'good',
    };
    return platform.publicApp.inject(toInject(operation, draft, targets));
  };
  const authenticated = await contract('authenticate', { token: (launched.json() as { data: { token: string } }).data.token });
  if (authenticated.statusCode !== 200) throw new Error(`authenticate: ${authenticated.statusCode} ${authenticated.body}`);
  targets.otherGameSessionId = (authenticated.json() as { data: { sessionId: string } }).data.sessionId;
  const bet = {
    sessionId: targets.otherGameSessionId,
    roundId: `round-${randomUUID()}`,
    transactionId: `bet-${randomUUID()}`,
    amountOre: 100,
  };
  const placed = await contract('bet', bet);
  if (placed.statusCode !== 200) throw new Error(`bet: ${placed.statusCode} ${placed.body}`);
  targets.replays.push({ operationId: 'gamesBet', body: bet });
  return targets;
}

/** A player whose session was made at the platform's (moved) clock: an expired one once the clock is back. */
async function createLoggedInPlayerAt(platform: TestPlatform) {
  const { createSessionStore } = await import('../src/players/sessions.js');
  const { players } = await import('../src/players/schema.js');
  const id = randomUUID();
  await platform.database.db.insert(players).values({
    id,
    mitidUuid: `mitid-${id}`,
    cprHash: `hash-${id}`,
    cprEncrypted: 'x',
    firstName: 'Udløbet',
    lastName: 'Spiller',
    birthDate: '1990-01-01',
    email: `${id}@example.dk`,
    mobileCc: '+45',
    mobileNo: '20304050',
  });
  const sessions = createSessionStore(platform.database.db, platform.clock, { idleMs: 3_600_000, absoluteMs: 3_600_000 });
  return { id, token: (await sessions.create(id, 'mitid')).token };
}

/** A stable digest of a fingerprint, for printing. */
export const digestOf = (fingerprint: Record<string, string>) =>
  createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex').slice(0, 16);

/**
 * The whole run: `perOperation` requests drawn for every operation (replays included), sent
 * `concurrency` at a time, each checked; the tally is returned, the caller compares fingerprints.
 */
export async function runBadInput(
  platform: TestPlatform,
  targets: Targets,
  options: {
    perOperation: number;
    concurrency?: number;
    timeoutMs?: number;
    maxLength?: number;
    seed?: number;
    exclude?: Record<string, string>;
    /** Which listener's operations: the storefront's (default) or the staff door's. */
    door?: Operation['door'];
  },
): Promise<Tally> {
  const operations = loadOperations(options.door).filter((operation) => !options.exclude?.[operation.id]);
  const messages = await errorMessages(platform);
  const tally = newTally();
  const sources: { name: string; arbitrary: fc.Arbitrary<BadRequest> }[] = operations.map((operation) => ({
    name: operation.id,
    arbitrary: badRequests(operation, targets, { maxLength: options.maxLength }),
  }));
  if ((options.door ?? 'storefront') === 'storefront')
    replayRequests(operations, targets).forEach((arbitrary, index) => sources.push({ name: `replay ${index}`, arbitrary }));
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const concurrency = options.concurrency ?? 8;
  // Drawn a batch at a time (each batch its own seed): a bench's requests, with strings up to 10⁶
  // characters, do not fit in memory all at once.
  const batch = concurrency;
  for (const [index, source] of sources.entries()) {
    for (let start = 0; start < options.perOperation; start += batch) {
      const requests = fc.sample(source.arbitrary, {
        numRuns: Math.min(batch, options.perOperation - start),
        seed: seed + index * 1_000_003 + start,
      });
      for (let at = 0; at < requests.length; at += concurrency) {
        await Promise.all(
          requests
            .slice(at, at + concurrency)
            .map((request) => sendAndCheck(platform, request, tally, messages, options.timeoutMs ?? 10_000)),
        );
      }
    }
  }
  return tally;
}

/** The problems grouped by operation, status and reason (numbers and long texts folded), one example each. */
export function groupProblems(problems: Problem[]): { key: string; count: number; example: Problem }[] {
  const groups = new Map<string, { key: string; count: number; example: Problem }>();
  for (const problem of problems) {
    const key = `${problem.operation} ${problem.status} ${problem.reason.slice(0, 120).replace(/\d+/g, 'N')}`;
    const group = groups.get(key) ?? { key, count: 0, example: problem };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** How many requests a run sent. */
export const requestsSent = (tally: Tally) => [...tally.perOperation.values()].reduce((sum, count) => sum + count, 0);

/** The tables whose fingerprint differs after a run. */
export const tablesChanged = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(after).filter((table) => after[table] !== before[table]);

/** The problems as a test reports them: one line per kind, with its mutations and the request cut short. */
export const problemSummary = (tally: Tally) =>
  groupProblems(tally.problems).map(({ key, count, example }) => ({
    key,
    count,
    mutations: example.mutations,
    request: example.request.slice(0, 300),
  }));

/**
 * A bench run's report, the platform's and the storefront's alike: the tally, the rate, the 5xx
 * and unanswered counts, what was written and every problem. True when the run found one.
 */
export function reportRun(tally: Tally, run: { seconds: number; before: Record<string, string>; after: Record<string, string> }): boolean {
  console.log(formatTally(tally));
  const sent = requestsSent(tally);
  const serverErrors = [...tally.perStatus].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
  console.log(`${sent} requests in ${run.seconds.toFixed(1)} s (${Math.round(sent / run.seconds)} per second)`);
  console.log(`5xx answers: ${serverErrors}; no answer in time or failed: ${tally.perStatus.get(0) ?? 0}`);
  const changed = tablesChanged(run.before, run.after);
  console.log(
    `database: ${Object.keys(run.after).length} tables, ${changed.length ? `WRITTEN: ${changed.join(', ')}` : 'nothing written'}`,
  );
  const groups = groupProblems(tally.problems);
  console.log(`problems: ${tally.problems.length}${groups.length ? ` in ${groups.length} kinds` : ''}`);
  for (const { key, count, example } of groups) {
    console.log(`  ${count}× ${key}\n    mutations: ${example.mutations.join(', ')}\n    e.g. ${example.request.slice(0, 400)}`);
  }
  return changed.length > 0 || groups.length > 0;
}

/** The per-operation count table, and totals by status and mutation. */
export function formatTally(tally: Tally): string {
  const lines = ['requests per operation:'];
  const width = Math.max(...[...tally.perOperation.keys()].map((key) => key.length));
  for (const [operation, count] of [...tally.perOperation].sort()) {
    const statuses = [...(tally.perOperationStatus.get(operation) ?? [])].sort(([a], [b]) => a - b);
    lines.push(
      `  ${operation.padEnd(width)}  ${String(count).padStart(6)}  ${statuses.map(([status, n]) => `${status || 'timeout'}×${n}`).join(' ')}`,
    );
  }
  lines.push(`  ${'total'.padEnd(width)}  ${requestsSent(tally)} (${tally.perOperation.size} operations)`);
  lines.push(
    'answers by status: ' +
      [...tally.perStatus]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status || 'timeout'}: ${count}`)
        .join(', '),
  );
  lines.push(
    'mutations used: ' +
      [...tally.perMutation]
        .sort(([, a], [, b]) => b - a)
        .map(([name, count]) => `${name} ${count}`)
        .join(', '),
  );
  return lines.join('\n');
}
