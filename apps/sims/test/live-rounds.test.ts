import { SeededTestRng } from '@krone/games-math';
import { describe, expect, it } from 'vitest';
import { commitmentOf, createLiveTable, type LiveTableSpec } from '../src/live/rounds.js';

const ROULETTE: LiveTableSpec = {
  tableId: 'krone-roulette-live',
  name: 'Krone Roulette Live',
  kind: 'roulette',
  dealer: 'Sofie',
  minBetOre: 100,
  maxBetOre: 500_000,
  bettingMs: 15_000,
  playMs: 5_000,
  resultMs: 5_000,
};
const start = new Date('2026-11-27T18:00:00.000Z');
const after = (ms: number) => new Date(start.getTime() + ms);

describe("a live table's rounds", () => {
  it('open for bets until an absolute time, close, then show the result with the nonce that opens the commitment', () => {
    const table = createLiveTable(ROULETTE, { rng: new SeededTestRng(7), startAt: start });
    const open = table.at(after(1_000));
    expect(open.state).toBe('betting');
    expect(open.bettingClosesAt).toBe(after(15_000).toISOString());
    // Nothing of the result shows while bets are taken: only the commitment.
    expect(open.result).toBeUndefined();
    expect(open.nonce).toBeUndefined();
    expect(open.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(table.acceptsBets(open.roundId, after(14_999))).toBe(true);
    expect(table.acceptsBets(open.roundId, after(15_000))).toBe(false);

    const closed = table.at(after(16_000));
    expect(closed).toMatchObject({ roundId: open.roundId, state: 'closed' });
    expect(closed.result).toBeUndefined();

    const shown = table.at(after(20_000));
    expect(shown).toMatchObject({ roundId: open.roundId, state: 'result' });
    expect(shown.result).toMatchObject({ kind: 'roulette' });
    expect(commitmentOf(shown.roundId, shown.result!, shown.nonce!)).toBe(open.commitment);
    // A changed result does not match what was committed to.
    const other = { kind: 'roulette' as const, pocket: ((shown.result as { pocket: number }).pocket + 1) % 37 };
    expect(commitmentOf(shown.roundId, other, shown.nonce!)).not.toBe(open.commitment);
  });

  it('follow each other without gaps, every round its own id and draw; the history lists the shown results, newest first', () => {
    const table = createLiveTable(ROULETTE, { rng: new SeededTestRng(8), startAt: start });
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const round = table.at(after(i * 25_000 + 1));
      expect(round.state).toBe('betting');
      expect(round.openedAt).toBe(after(i * 25_000).toISOString());
      ids.add(round.roundId);
    }
    expect(ids.size).toBe(5);
    const history = table.history(after(4 * 25_000 + 1));
    expect(history.map((round) => round.roundId)).toEqual([...ids].slice(0, 4).reverse());
    expect(history.every((round) => round.state === 'result' && round.result)).toBe(true);
  });

  it('a voided round takes no more bets, never shows its result, and the next round opens after the void is shown', () => {
    const table = createLiveTable(ROULETTE, { rng: new SeededTestRng(9), startAt: start });
    const open = table.at(after(3_000));
    const voided = table.voidRound(after(4_000), 'dealer_fault');
    expect(voided).toMatchObject({ roundId: open.roundId, state: 'void', voidReason: 'dealer_fault' });
    expect(table.acceptsBets(open.roundId, after(4_001))).toBe(false);
    expect(table.at(after(8_000))).toMatchObject({ roundId: open.roundId, state: 'void' });
    expect(table.at(after(8_000)).result).toBeUndefined();
    const next = table.at(after(9_000));
    expect(next.roundId).not.toBe(open.roundId);
    expect(next).toMatchObject({ state: 'betting', openedAt: after(9_000).toISOString() });
    expect(table.history(after(9_000))).toEqual([]);
    // A shown result is final.
    expect(() => table.voidRound(after(9_000 + 21_000), 'late')).toThrow();
  });

  it('draws each kind from the generator: a pocket, a money wheel that ends on a number, an eight-deck shoe', () => {
    for (const kind of ['roulette', 'money-wheel', 'blackjack'] as const) {
      const table = createLiveTable({ ...ROULETTE, tableId: kind, kind }, { rng: new SeededTestRng(10), startAt: start });
      const shown = table.at(after(20_000));
      const result = shown.result!;
      expect(result.kind).toBe(kind);
      if (result.kind === 'roulette') expect(result.pocket).toBeGreaterThanOrEqual(0);
      if (result.kind === 'money-wheel') expect([1, 2, 5, 10, 20, 40]).toContain(result.number);
      if (result.kind === 'blackjack') expect(result.shoe).toHaveLength(8 * 52);
      expect(commitmentOf(shown.roundId, result, shown.nonce!)).toBe(shown.commitment);
    }
  });
});
