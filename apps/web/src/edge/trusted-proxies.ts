import { BlockList, isIP } from 'node:net';

/**
 * WEB_TRUST_PROXY: the proxies in front of the storefront whose X-Forwarded-* headers it believes,
 * comma-separated plain addresses or CIDR ranges (`10.0.0.0/8`, `2001:db8::/32`). Empty (the
 * default) trusts nobody: every request's forwarding headers are the client's own and are dropped.
 * Node's BlockList does the matching, so no dependency is needed.
 */
export interface TrustedProxies {
  has(address: string): boolean;
  /** One line per entry that is neither an address nor a range. */
  problems: string[];
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is the IPv4 address it carries. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const list = new BlockList();
  const problems: string[] = [];
  for (const entry of (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const kind = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (!kind || rest.length > 0 || (bits !== undefined && (!/^\d+$/.test(prefix!) || bits > (kind === 4 ? 32 : 128)))) {
      problems.push(`WEB_TRUST_PROXY: "${entry}" is neither an IP address nor a CIDR range`);
      continue;
    }
    if (bits === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, bits, family(address));
  }
  return {
    problems,
    has(address: string) {
      const plain = plainAddress(address);
      return isIP(plain) !== 0 && list.check(plain, family(plain));
    },
  };
}
