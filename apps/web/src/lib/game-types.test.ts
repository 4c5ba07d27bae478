import { describe, expect, it } from 'vitest';
import translations from '../../../platform/src/content/seed/translations.json';
import {
  artHref,
  formatRtp,
  gameHref,
  historyGameHref,
  playHref,
  tileHint,
  toTileGame,
  type GameSummary,
  type TileGame,
} from './game-types';
import { createTranslator, type Dictionary } from './i18n';

const t = createTranslator(translations as unknown as Dictionary);

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

  it('carries a table title’s kind to the browser, and nothing more for a slot', () => {
    const base = { id: 'jacks-or-better', name: 'Jacks or Better', studio: 'Krone Studio', volatility: 'low', rtp: 0.995439, isNew: true };
    const jacks = { ...base, gameType: 'table', category: 'video-poker', rtpIsUpTo: true, tags: ['poker'] } as unknown as GameSummary;
    expect(toTileGame(jacks)).toEqual({ ...base, gameType: 'table', category: 'video-poker', rtpIsUpTo: true });
    const slot = { ...base, id: 'vikingernes-guld', gameType: 'slot', category: null, rtpIsUpTo: false } as unknown as GameSummary;
    expect(toTileGame(slot)).toEqual({ ...base, id: 'vikingernes-guld' });
    // A platform that answers no kind yet: every title is a slot.
    expect(toTileGame(base as unknown as GameSummary)).toEqual(base);
  });

  it('marks a title that feeds a progressive jackpot, and no other', () => {
    const base = { id: 'frugt-klassiker', name: 'Frugt Klassiker', studio: 'Krone Studio', volatility: 'medium', rtp: 0.96, isNew: false };
    const feeding = { ...base, jackpot: { contributionRate: 0.005, pools: [{ id: 'kronejackpotten', name: 'Kronejackpotten' }] } };
    expect(toTileGame(feeding as unknown as GameSummary)).toEqual({ ...base, jackpot: true });
    expect(toTileGame({ ...base, jackpot: null } as unknown as GameSummary)).toEqual(base);
  });

  it('leads a table title to the table launch routes and a slot to the slot’s', () => {
    expect(gameHref({ id: 'blackjack-vegas', gameType: 'table' }, 'fun')).toBe('/bordspil/spil-for-sjov/blackjack-vegas');
    expect(gameHref({ id: 'blackjack-vegas', gameType: 'table' }, 'real')).toBe('/bordspil/spil-for-penge/blackjack-vegas');
    expect(gameHref({ id: 'vikingernes-guld', gameType: 'slot' }, 'real')).toBe('/spilleautomater/spil-for-penge/vikingernes-guld');
    expect(gameHref({ id: 'vikingernes-guld' }, 'fun')).toBe('/spilleautomater/spil-for-sjov/vikingernes-guld');
  });

  it('links a round of the game history to its game for money, by the kind of the titles played lately', () => {
    const known = new Map([
      ['fransk-roulette', { gameType: 'table' as const, category: 'roulette' }],
      ['vikingernes-guld', {}],
    ]);
    expect(historyGameHref('fransk-roulette', known)).toBe('/bordspil/spil-for-penge/fransk-roulette');
    expect(historyGameHref('vikingernes-guld', known)).toBe('/spilleautomater/spil-for-penge/vikingernes-guld');
    // Not among them: the mobile route plays it on the screen its catalogue entry says.
    expect(historyGameHref('bonus-poker', known)).toBe('/mobilspil/bonus-poker');
  });

  it('leads a live table (issue 25) to its table for money whoever asks, and a history round by its own kind', () => {
    const table = { id: 'krone-roulette-live', gameType: 'live' as const };
    expect(gameHref(table, 'fun')).toBe('/live-casino/spil-for-penge/krone-roulette-live');
    expect(gameHref(table, 'real')).toBe('/live-casino/spil-for-penge/krone-roulette-live');
    expect(historyGameHref('krone-roulette-live', new Map(), 'live')).toBe('/live-casino/spil-for-penge/krone-roulette-live');
    expect(historyGameHref('krone-roulette-live', new Map(), null)).toBe('/mobilspil/krone-roulette-live');
  });

  it('hints a slot’s return and volatility, a table title’s return to two decimals, “op til” where it assumes the best play', () => {
    const slot: TileGame = { id: 'a', name: 'A', studio: 'S', volatility: 'high', rtp: 0.9581, isNew: false };
    expect(tileHint(slot, t)).toBe('RTP 95,8 % · Høj volatilitet');
    const jacks: TileGame = { ...slot, gameType: 'table', category: 'video-poker', rtp: 0.995439, rtpIsUpTo: true };
    expect(tileHint(jacks, t)).toBe('RTP op til 99,54 %');
    expect(tileHint({ ...jacks, category: 'roulette', rtp: 36 / 37, rtpIsUpTo: false }, t)).toBe('RTP 97,30 %');
  });
});
