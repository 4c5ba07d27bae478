import { describe, expect, it } from 'vitest';
import { clientIp, isNonSimpleRequest, isSameOrigin } from './forwarding';

describe('clientIp', () => {
  it('takes the address the nearest proxy appended, not what the client wrote', () => {
    expect(clientIp(new Headers({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9' }))).toBe('203.0.113.9');
    expect(clientIp(new Headers({ 'x-forwarded-for': '2001:db8::1' }))).toBe('2001:db8::1');
  });

  it('falls back to X-Real-IP, then to loopback', () => {
    expect(clientIp(new Headers({ 'x-real-ip': '198.51.100.4' }))).toBe('198.51.100.4');
    expect(clientIp(new Headers({ 'x-forwarded-for': 'not-an-ip', 'x-real-ip': '198.51.100.4' }))).toBe('198.51.100.4');
    expect(clientIp(new Headers())).toBe('127.0.0.1');
  });
});

describe('isSameOrigin', () => {
  const url = new URL('http://127.0.0.1:3000/api/contact');

  it('accepts the origin Next listens on and the host the browser used', () => {
    expect(isSameOrigin(url, new Headers({ origin: 'http://127.0.0.1:3000' }))).toBe(true);
    expect(isSameOrigin(url, new Headers({ origin: 'http://localhost:3000', host: 'localhost:3000' }))).toBe(true);
    expect(
      isSameOrigin(
        url,
        new Headers({ origin: 'https://www.krone-casino.dk', 'x-forwarded-host': 'www.krone-casino.dk', 'x-forwarded-proto': 'https' }),
      ),
    ).toBe(true);
  });

  it('refuses another site, a missing origin and the opaque "null" origin', () => {
    expect(isSameOrigin(url, new Headers({ origin: 'https://evil.example', host: '127.0.0.1:3000' }))).toBe(false);
    expect(isSameOrigin(url, new Headers({ origin: 'https://localhost:3000', host: 'localhost:3000' }))).toBe(false);
    expect(isSameOrigin(url, new Headers({ host: '127.0.0.1:3000' }))).toBe(false);
    expect(isSameOrigin(url, new Headers({ origin: 'null' }))).toBe(false);
  });
});

describe('isNonSimpleRequest', () => {
  it('accepts a JSON body or our own header, which a foreign form cannot send', () => {
    expect(isNonSimpleRequest(new Headers({ 'content-type': 'application/json; charset=utf-8' }))).toBe(true);
    expect(isNonSimpleRequest(new Headers({ 'content-type': 'multipart/form-data; boundary=x', 'x-krone-csrf': '1' }))).toBe(true);
  });

  it('refuses what a plain HTML form sends', () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', '']) {
      expect(isNonSimpleRequest(new Headers(type ? { 'content-type': type } : {})), type).toBe(false);
    }
  });
});
