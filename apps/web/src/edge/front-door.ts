import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { plainAddress, type TrustedProxies } from './trusted-proxies';

/** Headers that say who the client is or how it reached us; only a trusted proxy may send them. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded'] as const;

/**
 * The storefront's front door (server.ts), before the response cache and Next see a request:
 * decides who the visitor is and leaves exactly one address in X-Forwarded-For, which lib/forwarding
 * reads and every platform call passes on (lib/platform.ts).
 *
 * From a peer listed in WEB_TRUST_PROXY the X-Forwarded-* headers stand, and the visitor is the
 * right-most X-Forwarded-For address that is not itself a trusted proxy (the entries to its left
 * were written by the client and could be anything). From anyone else they are dropped and the
 * visitor is the socket's address. X-Real-IP is always dropped: nothing here sets it.
 * Returns the visitor's address.
 */
export function normaliseForwarding(request: IncomingMessage, trusted: TrustedProxies): string {
  const headers = request.headers;
  const peer = plainAddress(request.socket.remoteAddress ?? '127.0.0.1');
  let visitor = peer;
  if (trusted.has(peer)) {
    const chain = [headers['x-forwarded-for'] ?? '']
      .flat()
      .join(',')
      .split(',')
      .map((entry) => plainAddress(entry.trim()))
      .filter(Boolean);
    for (const hop of chain.reverse()) {
      // A junk entry ends the chain: the last trusted hop is the best we know.
      if (!isIP(hop)) break;
      visitor = hop;
      if (!trusted.has(hop)) break;
    }
  } else {
    for (const name of FORWARDING_HEADERS) delete headers[name];
  }
  delete headers['x-real-ip'];
  headers['x-forwarded-for'] = visitor;
  return visitor;
}

/**
 * A request path whose percent-escapes do not decode (`%`, `%E0%A4%A`, an encoded lone surrogate
 * `%ED%A0%80`, `%FF`), with the stray `%` of each such segment escaped as `%25`, so that the route
 * sees the text as sent and refuses it in its own shape (an unknown id, 404 with its code). Next
 * answered such a path with a bare 500 before any route ran. Any other path is returned as is.
 */
export function escapeUndecodablePath(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%')) return url;
  const segments = path.split('/');
  let changed = false;
  const escaped = segments.map((segment) => {
    try {
      decodeURIComponent(segment);
      return segment;
    } catch {
      changed = true;
      return segment.replaceAll('%', '%25');
    }
  });
  return changed ? escaped.join('/') + (queryAt === -1 ? '' : url.slice(queryAt)) : url;
}
