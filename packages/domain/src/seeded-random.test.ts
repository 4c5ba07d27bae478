import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

describe('seededRandom', () => {
  it('replays the same sequence for the same seed, another for another seed', () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 5 }, () => random());
    };
    expect(draw(20261126)).toEqual(draw(20261126));
    expect(draw(20261126)).not.toEqual(draw(20261127));
  });

  it('draws in [0, 1) and spreads over it', () => {
    const random = seededRandom(1);
    const draws = Array.from({ length: 10_000 }, () => random());
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const tenths = new Array(10).fill(0);
    for (const value of draws) tenths[Math.floor(value * 10)] += 1;
    for (const count of tenths) expect(count).toBeGreaterThan(850);
  });
});
