import { describe, expect, it } from 'vitest';
import { mergeWinners, normaliseWinnerEvent, type Winner } from './winners-schema';
import { readBefore, readWinnersQuery, winnersHref } from './winners-view';

const winner = (id: number, extra: Partial<Winner> = {}): Winner => ({
  id,
  kind: 'win',
  gameId: 'stormflod',
  gameName: 'Stormflod',
  gameType: 'slot',
  amountOre: 5_000_000,
  stakeOre: 10_000,
  poolName: null,
  at: '2026-11-27T12:00:00.000Z',
  winner: 'Dorte D.',
  ...extra,
});

describe('the new winners (issue 26)', () => {
  it('merges winners as they arrive: each once, newest first, at most the limit', () => {
    const list = [winner(7), winner(5)];
    expect(mergeWinners(list, [winner(9), winner(7), winner(6)], 10).map((w) => w.id)).toEqual([9, 7, 6, 5]);
    expect(mergeWinners(list, [winner(9)], 2).map((w) => w.id)).toEqual([9, 7]);
  });

  it('passes on a winner only in its shape, and an unknown game kind as a slot', () => {
    expect(JSON.parse(normaliseWinnerEvent(JSON.stringify({ ...winner(3), playerId: 'secret' }))!)).toEqual(winner(3));
    expect(JSON.parse(normaliseWinnerEvent(JSON.stringify({ ...winner(3), gameType: 'bingo' }))!).gameType).toBe('slot');
    expect(normaliseWinnerEvent(JSON.stringify({ ...winner(3), id: '3' }))).toBeNull();
    expect(normaliseWinnerEvent(JSON.stringify({ ...winner(3), winner: 7 }))).toBeNull();
    expect(normaliseWinnerEvent('nope')).toBeNull();
  });

  it('reads /nyevindere’s ?foer= and /api/winners’ query, refusing what is not one', () => {
    expect(readBefore({ foer: '123' })).toBe(123);
    for (const foer of ['0', '-1', '1e3', 'abc', '99999999999999999', ['1', '2']]) expect(readBefore({ foer }), String(foer)).toBeNull();
    expect(winnersHref(123)).toBe('/nyevindere?foer=123');
    expect(winnersHref(null)).toBe('/nyevindere');

    const query = (text: string) => readWinnersQuery(new URLSearchParams(text), 20);
    expect(query('')).toEqual({ limit: 20, before: null });
    expect(query('limit=10&before=42')).toEqual({ limit: 10, before: 42 });
    for (const bad of ['limit=0', 'limit=51', 'limit=ten', 'before=0', 'before=x', 'limit=', 'before=12345678901234567'])
      expect(query(bad), bad).toBeNull();
  });
});
