import * as oidc from 'openid-client';
import type { Config } from '../config.js';
import { fail } from '../shared/errors.js';

/**
 * The one door to the staff identity provider: OpenID Connect authorization code flow with PKCE,
 * state and nonce (openid-client), as players' MitID. The IdP says who someone is and how they
 * proved it; whether that was with a second factor is read from the ID token's `amr` (RFC 8176:
 * `otp`, `mfa`, `hwk`, `swk`, `fpt`, `face`) and the platform refuses a login without one.
 */
export interface StaffAuthorization {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface StaffIdentity {
  subject: string;
  name: string;
  email: string;
  /** The methods the IdP says it used (`amr`). */
  methods: string[];
}

export interface StaffIdentityProvider {
  authorize(): Promise<StaffAuthorization>;
  complete(callbackParams: Record<string, string>, checks: { state: string; nonce: string; codeVerifier: string }): Promise<StaffIdentity>;
}

/** The `amr` values that stand for a second factor beside a password (RFC 8176). */
const SECOND_FACTORS = new Set(['otp', 'mfa', 'hwk', 'swk', 'fpt', 'face', 'sms']);

export const hasSecondFactor = (methods: string[]) => methods.some((method) => SECOND_FACTORS.has(method));

export function createStaffIdentityProvider(config: Config, fetchImpl: typeof fetch = fetch): StaffIdentityProvider {
  const redirectUri = new URL('/auth/callback', config.BACKOFFICE_PUBLIC_URL).toString();
  let discovered: Promise<oidc.Configuration> | null = null;

  function configuration(): Promise<oidc.Configuration> {
    if (!discovered) {
      const issuer = new URL(config.STAFF_OIDC_ISSUER);
      const pending = oidc
        .discovery(
          issuer,
          config.STAFF_OIDC_CLIENT_ID,
          { client_secret: config.STAFF_OIDC_CLIENT_SECRET, redirect_uris: [redirectUri] },
          oidc.ClientSecretBasic(config.STAFF_OIDC_CLIENT_SECRET),
          // Plain http only for an IdP on this machine (the stand-in); production refuses it (config.ts).
          { execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [], timeout: 5 },
        )
        .then((found) => {
          found[oidc.customFetch] = fetchImpl as never;
          return found;
        });
      pending.catch(() => {
        discovered = null;
      });
      discovered = pending;
    }
    return discovered;
  }

  const unavailable = (cause: unknown) => fail('STAFF_IDP_UNAVAILABLE', { cause });

  return {
    async authorize() {
      const found = await configuration().catch((cause) => {
        throw unavailable(cause);
      });
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(found, {
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        // Every back office login authenticates afresh at the IdP, both factors included.
        prompt: 'login',
      });
      return { url: url.toString(), state, nonce, codeVerifier };
    },

    async complete(params, checks) {
      const found = await configuration().catch((cause) => {
        throw unavailable(cause);
      });
      const current = new URL(redirectUri);
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
        // The IdP's own refusal (the member cancelled, too many wrong codes) or a broken round trip.
        throw fail('STAFF_LOGIN_FAILED', { cause: error });
      }
      const claims = (tokens.claims() ?? {}) as Record<string, unknown>;
      const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : '');
      if (!text('sub')) throw fail('STAFF_LOGIN_FAILED', { cause: new Error('no sub claim') });
      return {
        subject: text('sub'),
        name: text('name'),
        email: text('email'),
        methods: Array.isArray(claims.amr) ? claims.amr.filter((value): value is string => typeof value === 'string') : [],
      };
    },
  };
}
