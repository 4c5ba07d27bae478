import type { IncomingMessage, ServerResponse } from 'node:http';
import { generateKeyPair, exportJWK } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, readBody, readForm } from './http.js';

/**
 * One OpenID Connect issuer (oidc-provider): authorization code flow with PKCE required for every
 * client, RS256 ID tokens, a login page listing the test people (or a login of the issuer's own),
 * and no consent screen for our own client (a broker's customer has agreed to it by contract).
 */
export interface Person {
  accountId: string;
  label: string;
  description: string;
  claims: Record<string, unknown>;
  acr?: string;
  behaviour?: 'technical_error' | 'expired_login';
}

export interface IssuerOptions {
  issuer: string;
  /** Where the issuer is mounted on the sims' server, e.g. `/mitid`. */
  mountPath: string;
  client: { clientId: string; clientSecret: string; redirectUris: string[]; postLogoutRedirectUris: string[] };
  people: () => Person[];
  scopes: string[];
  claims: Configuration['claims'];
  acrValues?: string[];
  page: { title: string; heading: string; intro: string; brandColour: string; cancel: string };
  /** A login of the issuer's own in place of the list of people (the staff IdP's password and code). */
  login?: (interaction: LoginInteraction) => Promise<void>;
}

/**
 * A request to an interaction's page or one of its sub-paths, for a login of the issuer's own. It
 * ends the interaction with `provider.interactionFinished`.
 */
export interface LoginInteraction {
  req: IncomingMessage;
  res: ServerResponse;
  provider: Provider;
  uid: string;
  /** The sub-path after `/interaction/<uid>/`, e.g. `password`, or null for the page itself. */
  step: string | null;
  /** The interaction's path on the sims' server, e.g. `/staff-idp/interaction/<uid>`. */
  path: string;
  /** The issuer's HTML page around a body. */
  page(body: string): string;
}

export interface Issuer {
  provider: Provider;
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
  /** The account behind an access token this issuer gave out, or null. */
  accountForAccessToken(token: string): Promise<string | null>;
}

const EXPIRED_LOGIN_DELAY_MS = 1500;

export async function createIssuer(options: IssuerOptions): Promise<Issuer> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: `${options.mountPath.slice(1)}-1` };
  const findPerson = (accountId: string) => options.people().find((person) => person.accountId === accountId);

  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: options.client.clientSecret,
        redirect_uris: options.client.redirectUris,
        post_logout_redirect_uris: options.client.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    pkce: { required: () => true },
    scopes: options.scopes,
    claims: options.claims,
    acrValues: options.acrValues ?? [],
    // The ID token carries the person's claims itself, as Danish brokers' do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: [`sims-${options.mountPath}-cookie-key-development-only`] },
    ttl: {
      // The expired-login person's code lives one second; the token call is held back longer.
      AuthorizationCode: (_ctx, code) => (findPerson(code.accountId ?? '')?.behaviour === 'expired_login' ? 1 : 60),
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    interactions: { url: (_ctx, interaction) => `${options.mountPath}/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const person = findPerson(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...person.claims }) };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, params } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) {
        const grant = await ctx.oidc.provider.Grant.find(existing);
        if (grant) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(String(params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(
        options.page,
        `<h1>${escapeHtml(options.page.heading)}</h1><p class="error">${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p>`,
      );
    },
  });

  const callback = provider.callback();

  async function loginPage(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const people = options
      .people()
      .map(
        (person) => `<li><form method="post" action="${options.mountPath}/interaction/${details.uid}/login">
  <input type="hidden" name="accountId" value="${escapeHtml(person.accountId)}">
  <button type="submit" data-testid="identity-${escapeHtml(person.accountId)}"><strong>${escapeHtml(person.label)}</strong><span>${escapeHtml(person.description)}</span></button>
</form></li>`,
      )
      .join('');
    const body = `<h1>${escapeHtml(options.page.heading)}</h1><p>${escapeHtml(options.page.intro)}</p><ul class="people">${people}</ul>
<form method="post" action="${options.mountPath}/interaction/${details.uid}/abort"><button class="cancel" type="submit">${escapeHtml(options.page.cancel)}</button></form>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(page(options.page, body));
  }

  async function login(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const person = findPerson(form.get('accountId') ?? '');
    if (!person) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('unknown person');
      return;
    }
    if (person.behaviour === 'technical_error') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'server_error', error_description: 'MitID is temporarily unavailable' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: person.accountId, acr: person.acr, amr: ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
  }

  /** Holds back the token call for a code of the expired-login person until the code has expired. */
  async function holdExpiredCodes(req: IncomingMessage) {
    const raw = await readBody(req);
    // oidc-provider reads an already consumed body from req.body.
    (req as IncomingMessage & { body?: string }).body = raw;
    const code = new URLSearchParams(raw).get('code');
    if (!code) return;
    const found = await provider.AuthorizationCode.find(code, { ignoreExpiration: true });
    if (found?.accountId && findPerson(found.accountId)?.behaviour === 'expired_login') {
      await new Promise((resolve) => setTimeout(resolve, EXPIRED_LOGIN_DELAY_MS));
    }
  }

  return {
    provider,
    async handle(req, res, path) {
      const own = options.login && /^\/interaction\/([\w-]+)(?:\/([a-z]+))?$/.exec(path);
      if (options.login && own) {
        try {
          return await options.login({
            req,
            res,
            provider,
            uid: own[1]!,
            step: own[2] ?? null,
            path: `${options.mountPath}/interaction/${own[1]!}`,
            page: (body) => page(options.page, body),
          });
        } catch (error) {
          if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' }).end(`interaction failed: ${(error as Error).message}`);
          return;
        }
      }
      const interaction = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(path);
      try {
        if (interaction && req.method === 'GET' && !interaction[2]) return await loginPage(req, res);
        if (interaction && req.method === 'POST' && interaction[2] === 'login') return await login(req, res);
        if (interaction && req.method === 'POST' && interaction[2] === 'abort') {
          return await provider.interactionFinished(
            req,
            res,
            { error: 'access_denied', error_description: 'The user cancelled' },
            { mergeWithLastSubmission: false },
          );
        }
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`interaction failed: ${(error as Error).message}`);
        return;
      }
      if (req.method === 'POST' && path === '/token') await holdExpiredCodes(req);
      // oidc-provider works out its mount path from originalUrl.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      req.url = req.url!.slice(options.mountPath.length) || '/';
      callback(req, res);
    },
    async accountForAccessToken(token) {
      const found = await provider.AccessToken.find(token);
      return found?.accountId ?? null;
    },
  };
}

function page(look: IssuerOptions['page'], body: string): string {
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(look.title)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f3f5f9;color:#111}
header{background:${look.brandColour};color:#fff;padding:16px 24px;font-weight:700;font-size:20px}
main{max-width:560px;margin:24px auto;padding:0 16px}
.people{list-style:none;padding:0;display:grid;gap:8px}
.people button{width:100%;text-align:left;padding:12px 16px;border:1px solid #c9d2e3;border-radius:8px;background:#fff;cursor:pointer;display:grid;gap:4px;font:inherit}
.people button:hover,.people button:focus-visible{border-color:${look.brandColour};outline:2px solid ${look.brandColour}}
.people span{color:#555;font-size:14px}
.cancel{margin-top:16px;padding:10px 16px;border:0;background:none;color:${look.brandColour};text-decoration:underline;cursor:pointer;font:inherit}
.error{color:#b00020}
form.login{display:grid;gap:12px;margin:16px 0}
form.login label{font-weight:600}
form.login input{font:inherit;padding:10px 12px;border:1px solid #8a96ad;border-radius:6px}
form.login input:focus-visible{outline:2px solid ${look.brandColour};border-color:${look.brandColour}}
.primary{font:inherit;font-weight:600;padding:10px 16px;border:0;border-radius:6px;background:${look.brandColour};color:#fff;cursor:pointer}
.hint{background:#fff;border:1px dashed #8a96ad;border-radius:8px;padding:12px 16px;margin-top:24px}
.hint h2{font-size:16px;margin:0 0 8px}
.hint table{border-collapse:collapse;font-size:14px}
.hint th,.hint td{text-align:left;padding:2px 12px 2px 0}
.hint td:nth-child(-n+2){white-space:nowrap}
.code{font-family:ui-monospace,monospace;font-size:20px;letter-spacing:2px}
</style></head><body><header>${escapeHtml(look.title)}</header><main>${body}</main></body></html>`;
}
