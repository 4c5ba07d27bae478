import { describe, expect, it } from 'vitest';
import { canonicalOrigin, canonicalRedirect, requestOrigin } from './canonical-host';

const CANONICAL = 'http://127.0.0.1:3000';

describe('canonical host', () => {
  it('reads WEB_PUBLIC_URL as an origin and refuses a value that is not an http(s) URL', () => {
    expect(canonicalOrigin(undefined)).toBe('http://127.0.0.1:3000');
    expect(canonicalOrigin('https://www.krone.dk/')).toBe('https://www.krone.dk');
    expect(canonicalOrigin('https://WWW.Krone.dk:443')).toBe('https://www.krone.dk');
    expect(() => canonicalOrigin('krone.dk')).toThrow(/WEB_PUBLIC_URL/);
    expect(() => canonicalOrigin('ftp://krone.dk')).toThrow(/WEB_PUBLIC_URL/);
  });

  it('sends a page asked for on another host to the same path and query on the canonical origin', () => {
    for (const method of ['GET', 'HEAD', 'get']) {
      expect(canonicalRedirect({ method, url: '/log-ind?redirect=%2Fmin-konto', headers: { host: 'localhost:3000' } }, CANONICAL)).toBe(
        'http://127.0.0.1:3000/log-ind?redirect=%2Fmin-konto',
      );
    }
    // The right name on the wrong port, and the wrong scheme, are other origins too.
    expect(canonicalRedirect({ method: 'GET', url: '/', headers: { host: '127.0.0.1:3100' } }, CANONICAL)).toBe('http://127.0.0.1:3000/');
    expect(canonicalRedirect({ method: 'GET', url: '/a', headers: { host: 'www.krone.dk' } }, 'https://www.krone.dk')).toBe(
      'https://www.krone.dk/a',
    );
    // No Host, or a Host that is not one: the canonical front page, never a path as a host.
    expect(canonicalRedirect({ method: 'GET', url: '/a?b=1', headers: {} }, CANONICAL)).toBe('http://127.0.0.1:3000/a?b=1');
    expect(canonicalRedirect({ method: 'GET', url: '//evil.example/x', headers: { host: 'localhost' } }, CANONICAL)).toBe(
      'http://127.0.0.1:3000/',
    );
    expect(canonicalRedirect({ method: 'GET', url: 'http://evil.example/x', headers: { host: 'localhost' } }, CANONICAL)).toBe(
      'http://127.0.0.1:3000/',
    );
  });

  it('leaves a request on the canonical origin alone, whatever the case of the name or a default port', () => {
    expect(canonicalRedirect({ method: 'GET', url: '/log-ind', headers: { host: '127.0.0.1:3000' } }, CANONICAL)).toBeNull();
    expect(
      canonicalRedirect(
        { method: 'GET', url: '/', headers: { host: 'WWW.krone.dk:443', 'x-forwarded-proto': 'https' } },
        'https://www.krone.dk',
      ),
    ).toBeNull();
  });

  it('judges a request behind a trusted proxy by the forwarded host and scheme', () => {
    const behind = { host: '10.0.0.5:3000', 'x-forwarded-host': 'www.krone.dk', 'x-forwarded-proto': 'https' };
    expect(canonicalRedirect({ method: 'GET', url: '/', headers: behind }, 'https://www.krone.dk')).toBeNull();
    expect(
      canonicalRedirect({ method: 'GET', url: '/', headers: { ...behind, 'x-forwarded-proto': 'http' } }, 'https://www.krone.dk'),
    ).toBe('https://www.krone.dk/');
    expect(
      canonicalRedirect(
        { method: 'GET', url: '/', headers: { ...behind, 'x-forwarded-host': 'krone.dk, www.krone.dk' } },
        'https://www.krone.dk',
      ),
    ).toBe('https://www.krone.dk/');
  });

  it('leaves other methods alone: the API routes’ Origin check judges them', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      expect(canonicalRedirect({ method, url: '/api/user/user-profile', headers: { host: 'localhost:3000' } }, CANONICAL)).toBeNull();
    }
  });

  it('reads no host out of a value with a path, credentials or spaces', () => {
    expect(requestOrigin({ host: 'localhost:3000' })).toBe('http://localhost:3000');
    for (const host of ['evil.example/x', 'user@evil.example', 'a b', 'evil.example?x', 'evil.example#x', 'a\\b']) {
      expect(requestOrigin({ host }), host).toBeNull();
    }
    expect(requestOrigin({ host: 'localhost', 'x-forwarded-proto': 'gopher' })).toBeNull();
  });
});
