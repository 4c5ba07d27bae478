import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientIp } from '../lib/forwarding';
import { escapeUndecodablePath, normaliseForwarding } from './front-door';
import { parseTrustedProxies } from './trusted-proxies';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A front door with WEB_TRUST_PROXY=`trust`; answers with the headers Next would see. */
async function frontDoor(trust: string) {
  const trusted = parseTrustedProxies(trust);
  server = createServer((request, response) => {
    const visitor = normaliseForwarding(request, trusted);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ visitor, headers: request.headers }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server!.address() as AddressInfo).port;
  return (headers: Record<string, string>) =>
    new Promise<{ visitor: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
        let body = '';
        res.on('data', (part: Buffer) => (body += part.toString()));
        res.on('end', () => resolve(JSON.parse(body)));
      });
      req.on('error', reject);
      req.end();
    });
}

const forged = {
  'x-forwarded-for': '6.6.6.6',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-port': '443',
  forwarded: 'for=6.6.6.6',
  'x-real-ip': '7.7.7.7',
};

describe('the front door (server.ts) normalises forwarding headers', () => {
  it('ignores a forged X-Forwarded-For from an untrusted peer: the visitor is the socket address', async () => {
    const get = await frontDoor('');
    const { visitor, headers } = await get(forged);
    expect(visitor).toBe('127.0.0.1');
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    for (const name of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'x-real-ip'])
      expect(headers[name], name).toBeUndefined();
    // What every platform call then forwards (lib/platform.ts reads it through clientIp).
    expect(clientIp(new Headers(headers as Record<string, string>))).toBe('127.0.0.1');
  });

  it('ignores it from a peer that is not in the list', async () => {
    const get = await frontDoor('10.0.0.1, 192.168.0.0/16');
    expect((await get(forged)).headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('keeps a trusted proxy’s headers and takes the right-most address that is not a trusted proxy', async () => {
    const get = await frontDoor('127.0.0.1, 10.0.0.0/8');
    const { visitor, headers } = await get({
      // The client wrote 6.6.6.6; the edge proxy appended the real client, an inner proxy its own hop.
      'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.1.2.3',
      'x-forwarded-host': 'www.krone-casino.dk',
      'x-forwarded-proto': 'https',
      'x-real-ip': '7.7.7.7',
    });
    expect(visitor).toBe('203.0.113.9');
    expect(headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(headers['x-forwarded-host']).toBe('www.krone-casino.dk');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers['x-real-ip']).toBeUndefined();
  });

  it('falls back to the trusted peer itself when the proxy sent no or only junk addresses', async () => {
    const get = await frontDoor('127.0.0.1');
    expect((await get({})).visitor).toBe('127.0.0.1');
    expect((await get({ 'x-forwarded-for': 'not-an-address' })).visitor).toBe('127.0.0.1');
    expect((await get({ 'x-forwarded-for': '2001:db8::7' })).visitor).toBe('2001:db8::7');
  });
});

describe('WEB_TRUST_PROXY', () => {
  it('takes addresses and CIDR ranges, IPv4 peers on a dual-stack socket included', () => {
    const trusted = parseTrustedProxies('10.0.0.1, 172.16.0.0/12, 2001:db8::/32');
    expect(trusted.problems).toEqual([]);
    expect(trusted.has('10.0.0.1')).toBe(true);
    expect(trusted.has('::ffff:10.0.0.1')).toBe(true);
    expect(trusted.has('172.20.1.1')).toBe(true);
    expect(trusted.has('2001:db8::1')).toBe(true);
    expect(trusted.has('10.0.0.2')).toBe(false);
    expect(trusted.has('junk')).toBe(false);
    expect(parseTrustedProxies(undefined).has('127.0.0.1')).toBe(false);
  });

  it('names each entry it cannot read', () => {
    expect(parseTrustedProxies('10.0.0.1, proxy.internal, 10.0.0.0/33, 10.0.0.0/x').problems).toEqual([
      'WEB_TRUST_PROXY: "proxy.internal" is neither an IP address nor a CIDR range',
      'WEB_TRUST_PROXY: "10.0.0.0/33" is neither an IP address nor a CIDR range',
      'WEB_TRUST_PROXY: "10.0.0.0/x" is neither an IP address nor a CIDR range',
    ]);
  });
});

describe('a path that does not decode (the front door, before Next)', () => {
  it('has the stray % of each undecodable segment escaped, so the route refuses the text as sent', () => {
    expect(escapeUndecodablePath('/api/spil/sessions/%FF%FE')).toBe('/api/spil/sessions/%25FF%25FE');
    expect(escapeUndecodablePath('/api/withdrawals/%/cancel?x=%')).toBe('/api/withdrawals/%25/cancel?x=%');
    expect(escapeUndecodablePath('/api/spil/sessions/%ED%A0%80/end')).toBe('/api/spil/sessions/%25ED%25A0%2580/end');
    expect(escapeUndecodablePath('/api/auth/%E0%A4%A/start')).toBe('/api/auth/%25E0%25A4%25A/start');
    for (const segment of ['%FF%FE', '%', '%E0%A4%A', '%ED%A0%80']) {
      expect(() => decodeURIComponent(escapeUndecodablePath(`/a/${segment}`))).not.toThrow();
      expect(decodeURIComponent(escapeUndecodablePath(`/a/${segment}`))).toBe(`/a/${segment}`);
    }
  });

  it('leaves every path that decodes as it is, its query too', () => {
    for (const url of ['/', '/api/time', '/nyheder/%C3%B8l?side=2', '/api/games/art/a%20b', '/x?q=%', '/a%2Fb']) {
      expect(escapeUndecodablePath(url)).toBe(url);
    }
  });
});
