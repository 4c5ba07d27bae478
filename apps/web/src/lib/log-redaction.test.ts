import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { describeError, logError, redactSecrets } from './log-redaction';

const TOKEN = 'c2Vzc2lvbi10b2tlbi1zZWNyZXQ';

/** Every platform path that carries a session or registration id, from the generated client. */
const secretPaths = [
  ...readFileSync(new URL('./platform-api.d.ts', import.meta.url), 'utf8').matchAll(
    /^ {4}"(\/[^"]*\{(?:sessionId|registrationId)\}[^"]*)": \{/gm,
  ),
].map((match) => match[1]!);

describe('session tokens never reach a storefront log line', () => {
  it('knows paths to check (the generated client is read)', () => {
    expect(secretPaths.length).toBeGreaterThan(20);
    expect(secretPaths).toContain('/Players/sessions/{sessionId}/logout');
  });

  it.each(secretPaths)('redacts the id in %s', (template) => {
    const path = template.replace(/\{(sessionId|registrationId)\}/, TOKEN).replace(/\{\w+\}/g, 'other');
    const line = redactSecrets(`platform call failed: POST http://127.0.0.1:4000${path}?x=1`);
    expect(line).not.toContain(TOKEN);
    expect(line).toContain('[redacted]');
  });

  it('keeps what is not a secret readable', () => {
    expect(redactSecrets('GET /GATMaven/users/abc/profile')).toBe('GET /GATMaven/users/[redacted]/profile');
    expect(redactSecrets('GET /CMScasino/pages/om-os')).toBe('GET /CMScasino/pages/om-os');
    expect(redactSecrets('/Payments/deposits/card/abc')).toBe('/Payments/deposits/card/[redacted]');
    expect(redactSecrets('/Payments/deposits/abc/pay-1')).toBe('/Payments/deposits/[redacted]/pay-1');
  });

  it('redacts cookies and JSON fields that carry one', () => {
    const line = redactSecrets(
      `cookie: krone_session=${TOKEN}; __Host-krone_session=${TOKEN} body {"sessionToken":"${TOKEN}","playerId":"p1"}`,
    );
    expect(line).not.toContain(TOKEN);
    expect(line).toContain('"playerId":"p1"');
  });

  it('logs an error, its message and its causes, redacted', () => {
    const lines: string[] = [];
    const error = new Error(`limits: GET /Limits/${TOKEN} failed`, { cause: new Error(`connect to /Players/sessions/${TOKEN}/logout`) });
    logError(`storefront: request failed: GET /min-konto?x=1`, error, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('storefront: request failed: GET /min-konto?x=1');
    expect(lines[0]).toContain('caused by');
    expect(lines[0]).not.toContain(TOKEN);
    expect(describeError('plain')).toBe('plain');
  });

  it('writes to console.error by default', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logError(`/Limits/${TOKEN}/pause`);
    expect(spy).toHaveBeenCalledWith('/Limits/[redacted]/pause');
    spy.mockRestore();
  });
});
