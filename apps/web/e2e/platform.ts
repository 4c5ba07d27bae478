import { DEVELOPMENT_PLATFORM_API_KEY, PLATFORM_KEY_HEADER } from '../src/lib/platform-door';

/**
 * The platform as the browser tests reach it past the storefront (the ports of
 * scripts/dev-env.mjs): its internal listener, which wants the storefront's key on every call (the
 * development key, as the browser tests' platform runs with), and its public one, where the
 * providers' webhooks and the games contract are.
 */
export const platformUrl = `http://127.0.0.1:${process.env.E2E_PLATFORM_PORT ?? 4100}`;
export const platformPublicUrl = `http://127.0.0.1:${process.env.E2E_PLATFORM_PUBLIC_PORT ?? 4101}`;
export const storefrontHeaders = { [PLATFORM_KEY_HEADER]: DEVELOPMENT_PLATFORM_API_KEY };
