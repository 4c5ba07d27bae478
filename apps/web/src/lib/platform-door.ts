/**
 * The storefront's key at the platform's internal listener (docs/decisions.md, "The platform's
 * doors"): sent as Krone-Storefront-Key on every call by the storefront's server (lib/platform.ts,
 * the document upload, the logout in proxy.ts), never to a browser. PLATFORM_API_KEY is the
 * platform's STOREFRONT_API_KEY; production refuses the development key (edge/startup-check.ts).
 */
export const PLATFORM_KEY_HEADER = 'Krone-Storefront-Key';
export const DEVELOPMENT_PLATFORM_API_KEY = 'krone-development-storefront-key';

export function platformApiKey(env: Record<string, string | undefined> = process.env): string {
  return env.PLATFORM_API_KEY || DEVELOPMENT_PLATFORM_API_KEY;
}
