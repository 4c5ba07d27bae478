import { describe, expect, it } from 'vitest';
import { artHref, formatRtp, playHref, toTileGame, type GameSummary } from './game-types';

describe('what a tile shows and where it leads', () => {
  it('shows the return to player in Danish, never rounded up', () => {
    expect(formatRtp(0.9581703060283344)).toBe('95,8 %');
    expect(formatRtp(0.96999)).toBe('96,9 %');
    expect(formatRtp(0.94)).toBe('94,0 %');
    expect(formatRtp(96.1)).toBe('96,1 %');
  });

  it('leads a guest to play for fun and a player to play for money, on the spec’s launch routes', () => {
    expect(playHref('vikingernes-guld', 'fun')).toBe('/spilleautomater/spil-for-sjov/vikingernes-guld');
    expect(playHref('vikingernes-guld', 'real')).toBe('/spilleautomater/spil-for-penge/vikingernes-guld');
    expect(artHref('vikingernes-guld')).toMatch(/^\/api\/games\/art\/vikingernes-guld\?v=\d+$/);
  });

  it('sends the browser only what a tile needs', () => {
    const game = {
      id: 'a-b',
      name: 'A B',
      studio: 'S',
      volatility: 'low',
      rtp: 0.95,
      isNew: false,
      tags: ['x'],
      features: [],
    } as unknown as GameSummary;
    expect(toTileGame(game)).toEqual({ id: 'a-b', name: 'A B', studio: 'S', volatility: 'low', rtp: 0.95, isNew: false });
  });
});
