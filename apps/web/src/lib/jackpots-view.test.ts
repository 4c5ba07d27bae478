import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { poolsFixture, hitOf } from './jackpots.fixture';
import { normaliseHitEvent, normalisePoolsEvent, type PoolsEvent } from './jackpots-schema';
import { dropCheckText, formatRatePpm, groupPools, jackpotHref, tickAmount, TICK_MS, withHit } from './jackpots-view';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const pools = poolsFixture();

describe('the jackpots as the pages show them (issue 26)', () => {
  it('groups the pools under their jackpot in the platform’s order, a tiered jackpot’s largest tier first', () => {
    const groups = groupPools(pools);
    expect(groups.map((group) => [group.jackpot.id, group.pools.map((pool) => pool.id)])).toEqual([
      ['kronejackpotten', ['kronejackpotten']],
      ['guldjackpotten', ['guld-maxi', 'guld-midi', 'guld-mini']],
    ]);
    expect(groupPools([])).toEqual([]);
    expect(jackpotHref('guldjackpotten')).toBe('/jackpots#jackpot-guldjackpotten');
  });

  it('writes a revealed drop as the text whose SHA-256 is the hash published before it', () => {
    const hit = pools[0]!.lastHits[0]!;
    expect(dropCheckText(hit)).toBe(`kronejackpotten|2|${hit.drop.ore}|${hit.drop.nonce}`);
    expect(sha256(dropCheckText(hit))).toBe(hit.drop.hash);
  });

  it('counts an amount up in whole øre, easing out, never past the new figure; a lower figure at once', () => {
    const steps = [0, 100, 300, 600, TICK_MS - 1, TICK_MS, TICK_MS * 2].map((ms) => tickAmount(100_000, 123_456, ms));
    expect(steps[0]).toBe(100_000);
    for (const [i, step] of steps.entries()) {
      expect(Number.isInteger(step)).toBe(true);
      expect(step).toBeLessThanOrEqual(123_456);
      if (i > 0) expect(step).toBeGreaterThanOrEqual(steps[i - 1]!);
    }
    expect(steps.at(-2)).toBe(123_456);
    // Eased: most of the way in the first third.
    expect(steps[2]! - 100_000).toBeGreaterThan((123_456 - 100_000) / 2);
    // A pool won and reset: its new, lower amount at once.
    expect(tickAmount(200_000_000, 10_000_000, 0)).toBe(10_000_000);
  });

  it('keeps a pool’s last hits each once, newest first, at most five', () => {
    let hits = pools[0]!.lastHits;
    hits = withHit(hits, hitOf('kronejackpotten', 'Kronejackpotten', 3, 120_000_000, 'Gitte G.'));
    expect(hits.map((hit) => hit.sequence)).toEqual([3, 2, 1]);
    hits = withHit(hits, hitOf('kronejackpotten', 'Kronejackpotten', 3, 120_000_000, 'Gitte G.'));
    expect(hits.map((hit) => hit.sequence)).toEqual([3, 2, 1]);
    for (const sequence of [4, 5, 6, 7]) hits = withHit(hits, hitOf('kronejackpotten', 'Kronejackpotten', sequence, 1, null));
    expect(hits.map((hit) => hit.sequence)).toEqual([7, 6, 5, 4, 3]);
  });

  it('says a contribution rate in Danish', () => {
    expect(formatRatePpm(5_000)).toBe('0,5 %');
    expect(formatRatePpm(2_000)).toBe('0,2 %');
    expect(formatRatePpm(12_345)).toBe('1,2345 %');
  });
});

describe('the platform’s jackpot stream, checked at the door', () => {
  it('merges each pools event into the figures sent before, so a late browser gets every pool', () => {
    const drop = pools[0]!.drop;
    const first = normalisePoolsEvent(
      JSON.stringify({
        pools: [
          { id: 'a', amountOre: 1, drop, extra: 1 },
          { id: 'b', amountOre: 2, drop },
        ],
        at: '2026-11-27T12:00:00.000Z',
      }),
      null,
    );
    expect(JSON.parse(first!)).toEqual({
      pools: [
        { id: 'a', amountOre: 1, drop },
        { id: 'b', amountOre: 2, drop },
      ],
      at: '2026-11-27T12:00:00.000Z',
    });
    const second = normalisePoolsEvent(JSON.stringify({ pools: [{ id: 'b', amountOre: 5, drop }], at: '2026-11-27T12:00:01.000Z' }), first);
    expect((JSON.parse(second!) as PoolsEvent).pools.map((pool) => [pool.id, pool.amountOre])).toEqual([
      ['a', 1],
      ['b', 5],
    ]);
    expect(normalisePoolsEvent('not json', first)).toBeNull();
    expect(normalisePoolsEvent(JSON.stringify({ pools: [{ id: 'a', amountOre: -1, drop }], at: 'x' }), first)).toBeNull();
  });

  it('passes on a hit only in its shape', () => {
    const hit = pools[0]!.lastHits[0]!;
    expect(JSON.parse(normaliseHitEvent(JSON.stringify({ ...hit, secret: 'x' }))!)).toEqual(hit);
    expect(normaliseHitEvent(JSON.stringify({ ...hit, amountOre: 'many' }))).toBeNull();
    expect(normaliseHitEvent('{')).toBeNull();
  });
});
