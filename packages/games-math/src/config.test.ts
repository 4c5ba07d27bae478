import { describe, expect, it } from 'vitest';
import { ConfigError, MAX_ENGINE_UNITS, parseConfig, type GameConfig } from './config.js';
import { evaluate } from './evaluate.js';

const good: GameConfig = {
  family: 'lines',
  rows: 3,
  symbols: [{ name: 'A', pays: [0, 0, 5] }, { name: 'W' }, { name: 'S' }],
  reels: [
    [0, 1, 2, 0],
    [0, 1, 2],
    [0, 0, 2, 1],
  ],
  lines: [[1, 1, 1]],
  wild: { symbol: 1 },
  scatter: { symbol: 2, pays: [0, 1] },
  freeSpins: { awards: [0, 0, 5], multiplier: 2, maxSpins: 50 },
};

const bad = (patch: Record<string, unknown>) => ({ ...good, ...patch });

describe('parseConfig', () => {
  it('accepts a valid config and returns it', () => {
    expect(parseConfig(good)).toBe(good);
  });

  it.each([
    ['an unknown family', bad({ family: 'megaways' }), /family/],
    ['a layout beyond 6×4', bad({ rows: 5 }), /3×3 to 6×4/],
    ['a classic that is not 3×3', { ...good, family: 'classic', rows: 4 }, /classic is 3 reels × 3 rows/],
    ['a classic with 6 lines', { ...good, family: 'classic', lines: Array.from({ length: 6 }, () => [1, 1, 1]) }, /1–5 lines/],
    [
      'a strip with an unknown symbol',
      bad({
        reels: [
          [0, 1, 7],
          [0, 1, 2],
          [0, 1, 2],
        ],
      }),
      /reels\[0\]/,
    ],
    [
      'a strip shorter than the window',
      bad({
        reels: [
          [0, 1],
          [0, 1, 2],
          [0, 1, 2],
        ],
      }),
      /between 3 and 10000 stops/,
    ],
    ['a line row outside the window', bad({ lines: [[1, 3, 1]] }), /lines\[0\]/],
    ['a fractional pay', bad({ symbols: [{ name: 'A', pays: [0, 0, 2.5] }, { name: 'W' }, { name: 'S' }] }), /symbols\[0\]\.pays/],
    ['free spins without a scatter', bad({ scatter: undefined }), /scatter/],
    ['a zero multiplier', bad({ freeSpins: { awards: [0, 0, 5], multiplier: 0, maxSpins: 50 } }), /multiplier/],
    ['a scatter that is the wild', bad({ scatter: { symbol: 1, pays: [1] } }), /scatter\.symbol/],
    ['ways without costUnits', { ...good, family: 'ways' }, /costUnits/],
  ])('refuses %s', (_what, config, message) => {
    expect(() => parseConfig(config)).toThrow(ConfigError);
    expect(() => parseConfig(config)).toThrow(message);
  });

  // The engine keeps pays in 32-bit arrays (engine.ts): a pay it cannot hold would wrap to a
  // negative or wrong win, so the parser refuses it rather than the engine paying it.
  it('refuses pays the engine’s 32-bit pay table cannot hold, and accepts the largest it can', () => {
    const withPay = (pay: number) => bad({ symbols: [{ name: 'A', pays: [0, 0, pay] }, { name: 'W' }, { name: 'S' }] });
    for (const pay of [2 ** 31, 2 ** 32 + 5, 2 ** 53 - 1]) {
      expect(() => parseConfig(withPay(pay)), String(pay)).toThrow(ConfigError);
      expect(() => parseConfig(withPay(pay)), String(pay)).toThrow(/symbols\[0\]\.pays must be a list of integers 0–2147483647/);
    }
    expect(() => parseConfig(bad({ scatter: { symbol: 2, pays: [0, 2 ** 40] } }))).toThrow(/scatter\.pays/);
    // A scatter pay is held × costUnits: 2^30 × 3 lines is past the table even though each fits alone.
    const threeLines = {
      ...good,
      lines: [
        [1, 1, 1],
        [0, 0, 0],
        [2, 2, 2],
      ],
    };
    expect(() => parseConfig({ ...threeLines, scatter: { symbol: 2, pays: [0, 2 ** 30] } })).toThrow(/scatter\.pays × costUnits/);
    // The largest pay accepted is paid exactly: three A on the line pays MAX_ENGINE_UNITS units.
    const largest = parseConfig(withPay(MAX_ENGINE_UNITS));
    const allA = {
      ...largest,
      reels: [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      scatter: undefined,
      freeSpins: undefined,
    } as GameConfig;
    expect(evaluate(parseConfig(allA), [0, 0, 0]).winUnits).toBe(MAX_ENGINE_UNITS);
  });
});
