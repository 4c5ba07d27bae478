import { describe, expect, it } from 'vitest';
import { publicProviderKey } from './public-rate-limit.js';

describe('whom a public call counts against besides its address', () => {
  const known = (id: string) => id === 'krone-studio' || id === 'lysmester-live';

  it('a games-contract call counts against its provider; made-up ids share one bucket', () => {
    expect(publicProviderKey('/Games/providers/krone-studio/bet', known)).toBe('games:krone-studio');
    expect(publicProviderKey('/Games/providers/made-up/bet', known)).toBe('games:unknown');
    expect(publicProviderKey('/Games/providers/%E0%A4%A/bet', known)).toBe('games:unknown');
  });

  it("a live studio's wallet call counts against that provider, as its contract calls would", () => {
    expect(publicProviderKey('/Games/live/lysmester/debit', known)).toBe('games:lysmester-live');
    expect(publicProviderKey('/Games/live/lysmester/credit?x=1', known)).toBe('games:lysmester-live');
    // Not configured, or an adapter that does not exist: the unknown bucket, never one per made-up name.
    expect(publicProviderKey('/Games/live/lysmester/debit', (id) => id === 'krone-studio')).toBe('games:unknown');
    expect(publicProviderKey('/Games/live/someone-else/debit', known)).toBe('games:unknown');
    expect(publicProviderKey('/Games/live/constructor/debit', known)).toBe('games:unknown');
  });

  it('a webhook counts against its payment provider; anything else against the address alone', () => {
    expect(publicProviderKey('/Payments/webhooks/cards', known)).toBe('payments:cards');
    expect(publicProviderKey('/health', known)).toBeNull();
  });
});
