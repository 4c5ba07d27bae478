import type { IncomingHttpHeaders } from 'node:http';
import { originSetting } from '../lib/origin-setting';

/** The storefront's public address when WEB_PUBLIC_URL is unset (a laptop). */
export const DEFAULT_WEB_PUBLIC_URL = 'http://127.0.0.1:3000';

/**
 * The storefront's canonical origin (WEB_PUBLIC_URL, read when the server starts). The login
 * brokers return the browser there and the login cookie lives there, so every page is served
 * there. Throws on a value that is not an http(s) URL.
 */
export function canonicalOrigin(value: string | undefined = process.env.WEB_PUBLIC_URL): string {
  return originSetting('WEB_PUBLIC_URL', value, DEFAULT_WEB_PUBLIC_URL);
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

/**
 * The origin a request was addressed to: the Host header, or X-Forwarded-Host/-Proto where the
 * front door kept them (it drops them unless they come from a trusted proxy, edge/front-door.ts).
 * Null when there is no usable host.
 */
export function requestOrigin(headers: IncomingHttpHeaders): string | null {
  const host = first(headers['x-forwarded-host']) ?? first(headers.host);
  const proto = first(headers['x-forwarded-proto'])?.toLowerCase() ?? 'http';
  // A host with a path, credentials or the like is not a host.
  if (!host || /[/@?#\\\s]/.test(host) || (proto !== 'http' && proto !== 'https')) return null;
  try {
    // The URL parser lowercases the name and drops a default port.
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Where a request addressed to another host than the canonical one should go: a page
 * navigation (GET or HEAD) is sent to the same path and query on the canonical origin with a
 * 308, so a visitor who typed http://localhost:3000 logs in on the address the brokers return
 * to. Other methods are left alone: a browser only has pages of the canonical origin, so its
 * calls come from there, and the API routes' Origin check (lib/forwarding.ts) judges the rest.
 * Null when nothing is to be done.
 */
export function canonicalRedirect(
  request: { method?: string; url?: string; headers: IncomingHttpHeaders },
  canonical: string,
): string | null {
  const method = (request.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (requestOrigin(request.headers) === canonical) return null;
  const target = request.url ?? '/';
  // Only an origin-form target ("/path?query"); anything else goes to the front page.
  const path = target.startsWith('/') && !target.startsWith('//') ? target : '/';
  return `${canonical}${path}`;
}
