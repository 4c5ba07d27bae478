import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createCardProvider, type CardProvider } from './cards.js';
import { readJson, sendJson } from './http.js';
import { createMailbox, type Mailbox } from './mailbox.js';
import { createMobilePayPayments } from './mobilepay-payments.js';
import { createNemKonto } from './nemkonto.js';
import { copenhagenDay, MOBILEPAY_IDENTITIES, mitidIdentities, NSIS_LOA, type MitIdIdentity } from './identities.js';
import { createIssuer, type Issuer } from './oidc.js';
import { PHYSICAL_CASINO_PREFIX, servePhysicalCasinoPage } from './physical-casino.js';
import { createStaffIdp } from './staff-idp.js';

export interface SimsOptions {
  host?: string;
  port?: number;
  /** The address players' browsers and the platform reach the stand-ins at. */
  publicUrl?: string;
  webPublicUrl?: string;
  mitid?: { clientId: string; clientSecret: string; redirectUris?: string[] };
  mobilePay?: { clientId: string; clientSecret: string; redirectUris?: string[] };
  /** The staff identity provider of the back office (docs/backoffice.md). */
  staffIdp?: { clientId?: string; clientSecret?: string };
  /** Where staff use the back office: the staff IdP sends them back to its /auth/callback. */
  backofficePublicUrl?: string;
  rofusApiKey?: string;
  /** The e-mail stand-in (/mailbox): the key of its sending API. */
  mailboxApiKey?: string;
  /** The card payment provider: its secret API key, the webhook secret and where events go. */
  cards?: { secretKey?: string; webhookSecret?: string; webhookUrl?: string; retryDelaysMs?: number[]; challengeExpiresAfterMs?: number };
  /** NemKonto payouts: API key, webhook secret and URL, and how long until a payout is paid. */
  /** MobilePay payments: API key, webhook secret and URL, and how long a payment waits for the app. */
  mobilePayPayments?: { apiKey?: string; webhookSecret?: string; webhookUrl?: string; expiresAfterMs?: number; retryDelaysMs?: number[] };
  nemkonto?: { apiKey?: string; webhookSecret?: string; webhookUrl?: string; settleAfterMs?: number; retryDelaysMs?: number[] };
  /** The clock of the CPR-try window and of the identities' computed ages. */
  now?: () => Date;
}

export interface Sims {
  url: string;
  cards: CardProvider;
  mailbox: Mailbox;
  close(): Promise<void>;
}

/** The MitID broker's CPR-match rule: at most 3 tries per person within 15 minutes. */
export const CPR_MATCH_MAX_TRIES = 3;
export const CPR_MATCH_WINDOW_MS = 15 * 60_000;

const cprBody = z.object({ cpr: z.string().regex(/^\d{10}$/) });

const safeEqual = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The stand-ins for Krone's outside services on one server: the MitID broker (OIDC issuer at
 * /mitid and its CPR match), MobilePay login (OIDC issuer at /mobilepay), the staff identity
 * provider (OIDC issuer at /staff-idp), ROFUS (/rofus) and the card payment provider (/cards),
 * MobilePay payments (/mobilepay-payments), NemKonto payouts (/nemkonto) and e-mail (/mailbox).
 */
export async function startSims(options: SimsOptions = {}): Promise<Sims> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  // Requests that arrive while the issuers are still being set up get 503, not silence.
  let ready: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => (ready ? ready(req, res) : sendJson(res, 503, { error: 'starting' }, { 'retry-after': '1' })));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const publicUrl = (options.publicUrl ?? `http://${host}:${port}`).replace(/\/$/, '');
  const web = (options.webPublicUrl ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  const people = () => mitidIdentities(copenhagenDay(now()));

  const mitid = await createIssuer({
    issuer: `${publicUrl}/mitid`,
    mountPath: '/mitid',
    client: {
      clientId: options.mitid?.clientId ?? 'krone',
      clientSecret: options.mitid?.clientSecret ?? 'krone-development-mitid-secret',
      redirectUris: options.mitid?.redirectUris ?? [`${web}/api/auth/mitid/callback`],
      postLogoutRedirectUris: [`${web}/`],
    },
    people: () =>
      people().map((identity) => ({
        accountId: identity.uuid,
        label: `${identity.givenName} ${identity.familyName}`,
        description: identity.purpose,
        acr: NSIS_LOA[identity.loa],
        behaviour: identity.behaviour,
        claims: {
          'mitid.uuid': identity.uuid,
          name: `${identity.givenName} ${identity.familyName}`,
          given_name: identity.givenName,
          family_name: identity.familyName,
          birthdate: identity.birthDate,
          'mitid.ial': identity.loa,
        },
      })),
    scopes: ['openid', 'profile'],
    claims: { openid: ['sub'], profile: ['name', 'given_name', 'family_name', 'birthdate', 'mitid.uuid', 'mitid.ial'] },
    acrValues: Object.values(NSIS_LOA),
    page: {
      title: 'MitID – testmiljø',
      heading: 'Log ind med MitID',
      intro: 'Vælg den testperson, der skal logge ind hos Krone Casino.',
      brandColour: '#0060e6',
      cancel: 'Afbryd',
    },
  });

  const mobilePay = await createIssuer({
    issuer: `${publicUrl}/mobilepay`,
    mountPath: '/mobilepay',
    client: {
      clientId: options.mobilePay?.clientId ?? 'krone',
      clientSecret: options.mobilePay?.clientSecret ?? 'krone-development-mobilepay-secret',
      redirectUris: options.mobilePay?.redirectUris ?? [`${web}/api/auth/mobilepay/callback`],
      postLogoutRedirectUris: [`${web}/`],
    },
    people: () =>
      MOBILEPAY_IDENTITIES.map((identity) => ({
        accountId: identity.sub,
        label: `${identity.givenName} ${identity.familyName} (${identity.phoneNumber})`,
        description: identity.purpose,
        claims: {
          name: `${identity.givenName} ${identity.familyName}`,
          given_name: identity.givenName,
          family_name: identity.familyName,
          birthdate: identity.birthDate,
          phone_number: identity.phoneNumber,
          phone_number_verified: identity.phoneNumberVerified ?? true,
          email: identity.email,
          email_verified: true,
        },
      })),
    scopes: ['openid', 'profile', 'phone', 'email'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'birthdate'],
      phone: ['phone_number', 'phone_number_verified'],
      email: ['email', 'email_verified'],
    },
    page: {
      title: 'MobilePay',
      heading: 'Godkend login i MobilePay',
      intro: 'Vælg den MobilePay-bruger, der godkender login hos Krone Casino.',
      brandColour: '#2f4bd6',
      cancel: 'Afvis',
    },
  });

  const staffIdp = await createStaffIdp({
    publicUrl,
    clientId: options.staffIdp?.clientId ?? 'krone-backoffice',
    clientSecret: options.staffIdp?.clientSecret ?? 'krone-development-staff-idp-secret',
    backofficePublicUrl: options.backofficePublicUrl ?? 'http://127.0.0.1:3001',
    now,
  });

  const cprTries = new Map<string, number[]>();
  async function cprMatch(req: IncomingMessage, res: ServerResponse) {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const accountId = token ? await mitid.accountForAccessToken(token) : null;
    if (!accountId) return sendJson(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
    const body = cprBody.safeParse(await readJson(req));
    if (!body.success) return sendJson(res, 400, { error: 'invalid_request', error_description: 'cpr must be 10 digits' });
    const at = now().getTime();
    const recent = (cprTries.get(accountId) ?? []).filter((time) => at - time < CPR_MATCH_WINDOW_MS);
    if (recent.length >= CPR_MATCH_MAX_TRIES) {
      const retryAfterSeconds = Math.ceil((recent[0]! + CPR_MATCH_WINDOW_MS - at) / 1000);
      return sendJson(res, 429, { error: 'too_many_attempts', retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });
    }
    recent.push(at);
    cprTries.set(accountId, recent);
    const identity: MitIdIdentity | undefined = people().find((person) => person.uuid === accountId);
    return sendJson(res, 200, { match: identity?.cpr === body.data.cpr, remainingAttempts: CPR_MATCH_MAX_TRIES - recent.length });
  }

  const rofusKey = options.rofusApiKey ?? 'krone-development-rofus-key';
  async function rofusCheck(req: IncomingMessage, res: ServerResponse) {
    if (!safeEqual(String(req.headers['x-api-key'] ?? ''), rofusKey)) return sendJson(res, 401, { error: 'unauthorized' });
    const body = cprBody.safeParse(await readJson(req));
    if (!body.success) return sendJson(res, 400, { error: 'invalid_request', error_description: 'cpr must be 10 digits' });
    const excluded = people().find((person) => person.cpr === body.data.cpr && person.rofus)?.rofus;
    const active = excluded && (excluded.permanent || (excluded.until !== null && excluded.until >= copenhagenDay(now())));
    return sendJson(
      res,
      200,
      active
        ? { excluded: true, until: excluded.until, permanent: excluded.permanent }
        : { excluded: false, until: null, permanent: false },
    );
  }

  const cards = createCardProvider({
    publicUrl,
    webOrigin: new URL(web).origin,
    secretKey: options.cards?.secretKey ?? 'krone-development-cards-secret-key',
    webhookSecret: options.cards?.webhookSecret ?? 'krone-development-cards-webhook-secret',
    webhookUrl: options.cards?.webhookUrl,
    retryDelaysMs: options.cards?.retryDelaysMs,
    challengeExpiresAfterMs: options.cards?.challengeExpiresAfterMs,
    now,
  });

  const nemkonto = createNemKonto({
    apiKey: options.nemkonto?.apiKey ?? 'krone-development-nemkonto-key',
    webhookSecret: options.nemkonto?.webhookSecret ?? 'krone-development-nemkonto-webhook-secret',
    webhookUrl: options.nemkonto?.webhookUrl,
    settleAfterMs: options.nemkonto?.settleAfterMs,
    retryDelaysMs: options.nemkonto?.retryDelaysMs,
    now,
    hasNemKonto: (cpr) => people().find((person) => person.cpr === cpr)?.nemkonto !== false,
  });

  const mobilePayPayments = createMobilePayPayments({
    publicUrl,
    apiKey: options.mobilePayPayments?.apiKey ?? 'krone-development-mobilepay-payments-key',
    webhookSecret: options.mobilePayPayments?.webhookSecret ?? 'krone-development-mobilepay-webhook-secret',
    webhookUrl: options.mobilePayPayments?.webhookUrl,
    expiresAfterMs: options.mobilePayPayments?.expiresAfterMs,
    retryDelaysMs: options.mobilePayPayments?.retryDelaysMs,
    now,
  });

  const mailbox = createMailbox({ apiKey: options.mailboxApiKey ?? 'krone-development-mailbox-key', now });

  const issuers: [string, Issuer][] = [
    ['/mitid', mitid],
    ['/mobilepay', mobilePay],
    ['/staff-idp', staffIdp],
  ];

  ready = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://sims').pathname;
    void (async () => {
      try {
        if (path === '/health') return sendJson(res, 200, { status: 'ok' });
        // Browsers ask every page's host for an icon; the stand-ins have none.
        if (path === '/favicon.ico') return void res.writeHead(204, { 'cache-control': 'max-age=86400' }).end();
        if (path === '/mitid/cpr-match' && req.method === 'POST') return await cprMatch(req, res);
        if (path === '/rofus/check' && req.method === 'POST') return await rofusCheck(req, res);
        if (path.startsWith('/cards/')) return await cards.handle(req, res, path.slice('/cards'.length));
        if (path.startsWith('/mobilepay-payments/'))
          return await mobilePayPayments.handle(req, res, path.slice('/mobilepay-payments'.length));
        if (path.startsWith('/nemkonto/')) return await nemkonto.handle(req, res, path.slice('/nemkonto'.length));
        if (path === '/mailbox' || path.startsWith('/mailbox/')) return await mailbox.handle(req, res, path.slice('/mailbox'.length));
        if (path.startsWith(`${PHYSICAL_CASINO_PREFIX}/`) && (req.method === 'GET' || req.method === 'HEAD'))
          return servePhysicalCasinoPage(res, path.slice(PHYSICAL_CASINO_PREFIX.length), web);
        for (const [prefix, issuer] of issuers) {
          if (path === prefix || path.startsWith(`${prefix}/`)) return await issuer.handle(req, res, path.slice(prefix.length) || '/');
        }
        sendJson(res, 404, { error: 'not_found' });
      } catch (error) {
        if (!res.headersSent) sendJson(res, 500, { error: 'server_error', error_description: (error as Error).message });
      }
    })();
  };

  return {
    url: publicUrl,
    cards,
    mailbox,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
