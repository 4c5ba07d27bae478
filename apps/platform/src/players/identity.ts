import * as oidc from 'openid-client';
import type { Config } from '../config.js';
import { AppError, fail } from '../shared/errors.js';

/**
 * The one door to the identity brokers (MitID through a private-sector broker, and MobilePay
 * login): OpenID Connect authorization code flow with PKCE, state and nonce, via openid-client.
 * Issuers, clients, scopes, assurance and claim names are configuration, so the stand-ins of
 * apps/sims and the real brokers are used by the same code.
 */
export type Provider = 'mitid' | 'mobilepay';
export const PROVIDERS: readonly Provider[] = ['mitid', 'mobilepay'];

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What a broker told us about the person, in our shape. */
export interface VerifiedIdentity {
  provider: Provider;
  subject: string;
  givenName: string;
  familyName: string;
  name: string;
  birthDate: string | null;
  phoneNumber: string | null;
  /** The broker vouches for the phone number (OIDC `phone_number_verified: true`); only then may it link an account. */
  phoneNumberVerified: boolean;
  /** MitID level of assurance, from the ID token's acr. */
  loa: 'low' | 'substantial' | 'high' | null;
  accessToken: string;
}

export interface CprMatch {
  match: boolean;
  remainingAttempts: number | null;
}

export interface IdentityBrokers {
  authorize(provider: Provider, transaction: { purpose: string }): Promise<AuthorizationRequest>;
  complete(
    provider: Provider,
    callbackParams: Record<string, string>,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VerifiedIdentity>;
  /** Asks the MitID broker whether the typed CPR belongs to the person who just logged in. */
  matchCpr(accessToken: string, cpr: string): Promise<CprMatch>;
}

const LOA_ORDER = ['low', 'substantial', 'high'] as const;

/** NSIS assurance URIs (and bare words, as some brokers send) to our three levels. */
export function loaFromAcr(acr: unknown): VerifiedIdentity['loa'] {
  if (typeof acr !== 'string') return null;
  const word = acr.toLowerCase().split('/').pop() ?? '';
  return (LOA_ORDER as readonly string[]).includes(word) ? (word as VerifiedIdentity['loa']) : null;
}

export const loaAtLeast = (actual: VerifiedIdentity['loa'], required: (typeof LOA_ORDER)[number]) =>
  actual !== null && LOA_ORDER.indexOf(actual) >= LOA_ORDER.indexOf(required);

const technical = (provider: Provider, cause?: unknown) =>
  fail(provider === 'mitid' ? 'MITID_TECHNICAL_ERROR' : 'MOBILEPAY_TECHNICAL_ERROR', { cause });

const claimString = (claims: Record<string, unknown>, name: string) => {
  const value = claims[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
};

export function createIdentityBrokers(config: Config, fetchImpl: typeof fetch = fetch): IdentityBrokers {
  const settings = {
    mitid: {
      issuer: config.MITID_ISSUER,
      clientId: config.MITID_CLIENT_ID,
      secret: config.MITID_CLIENT_SECRET,
      scope: config.MITID_SCOPES,
      extra: { acr_values: config.MITID_ACR_VALUES },
    },
    mobilepay: {
      issuer: config.MOBILEPAY_ISSUER,
      clientId: config.MOBILEPAY_CLIENT_ID,
      secret: config.MOBILEPAY_CLIENT_SECRET,
      scope: config.MOBILEPAY_SCOPES,
      extra: {},
    },
  } satisfies Record<Provider, unknown>;
  const redirectUri = (provider: Provider) => new URL(`/api/auth/${provider}/callback`, config.WEB_PUBLIC_URL).toString();
  const discovered = new Map<Provider, Promise<oidc.Configuration>>();

  function configuration(provider: Provider): Promise<oidc.Configuration> {
    let pending = discovered.get(provider);
    if (!pending) {
      const s = settings[provider];
      const issuer = new URL(s.issuer);
      pending = oidc
        .discovery(
          issuer,
          s.clientId,
          { client_secret: s.secret, redirect_uris: [redirectUri(provider)] },
          oidc.ClientSecretBasic(s.secret),
          {
            // Plain http only for a broker on this machine (the stand-ins); never for a real one.
            execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
            timeout: 5,
          },
        )
        .then((found) => {
          found[oidc.customFetch] = fetchImpl as never;
          return found;
        });
      // A failed discovery is tried again next time instead of being remembered.
      pending.catch(() => discovered.delete(provider));
      discovered.set(provider, pending);
    }
    return pending;
  }

  return {
    async authorize(provider) {
      const found = await configuration(provider).catch((cause) => {
        throw technical(provider, cause);
      });
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(found, {
        redirect_uri: redirectUri(provider),
        scope: settings[provider].scope,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        // Always a fresh authentication at the broker, never its single sign-on session: the
        // person at the keyboard must be the one who logs in now.
        prompt: 'login',
        ...settings[provider].extra,
      });
      return { url: url.toString(), state, nonce, codeVerifier };
    },

    async complete(provider, params, checks) {
      const found = await configuration(provider).catch((cause) => {
        throw technical(provider, cause);
      });
      const current = new URL(redirectUri(provider));
      for (const [name, value] of Object.entries(params)) current.searchParams.set(name, value);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(found, current, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw mapBrokerError(provider, error);
      }
      const claims = (tokens.claims() ?? {}) as Record<string, unknown>;
      const subjectClaim = provider === 'mitid' ? config.MITID_CLAIM_UUID : 'sub';
      const subject = claimString(claims, subjectClaim);
      if (!subject) throw technical(provider, new Error(`no ${subjectClaim} claim`));
      const givenName = claimString(claims, provider === 'mitid' ? config.MITID_CLAIM_GIVEN_NAME : 'given_name') ?? '';
      const familyName = claimString(claims, provider === 'mitid' ? config.MITID_CLAIM_FAMILY_NAME : 'family_name') ?? '';
      return {
        provider,
        subject,
        givenName,
        familyName,
        name: claimString(claims, 'name') ?? `${givenName} ${familyName}`.trim(),
        birthDate: claimString(claims, provider === 'mitid' ? config.MITID_CLAIM_BIRTHDATE : 'birthdate'),
        phoneNumber: claimString(claims, 'phone_number'),
        phoneNumberVerified: claims.phone_number_verified === true,
        loa: loaFromAcr(claims.acr),
        accessToken: tokens.access_token,
      };
    },

    async matchCpr(accessToken, cpr) {
      let response: Response;
      try {
        response = await fetchImpl(config.MITID_CPR_MATCH_URL, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ cpr }),
          signal: AbortSignal.timeout(5000),
        });
      } catch (cause) {
        throw technical('mitid', cause);
      }
      if (response.status === 429) throw fail('CPR_TOO_MANY_TRIES');
      if (response.status === 401) throw fail('MITID_TOKEN_EXPIRED');
      if (!response.ok) throw technical('mitid', new Error(`cpr-match answered ${response.status}`));
      const body = (await response.json()) as { match?: unknown; remainingAttempts?: unknown };
      return { match: body.match === true, remainingAttempts: typeof body.remainingAttempts === 'number' ? body.remainingAttempts : null };
    },
  };
}

function mapBrokerError(provider: Provider, error: unknown): AppError {
  if (error instanceof oidc.AuthorizationResponseError) {
    if (error.error === 'access_denied') return fail('LOGIN_CANCELLED');
    return technical(provider, error);
  }
  // An ID token past its expiry, or a code the broker no longer honours (the login took too
  // long or was already used): either way the person logs in again.
  const code = (error as { code?: string } | null)?.code;
  const expired =
    code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED' || (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant');
  if (expired) return fail(provider === 'mitid' ? 'MITID_TOKEN_EXPIRED' : 'MOBILEPAY_TOKEN_EXPIRED');
  return technical(provider, error);
}
