import { describe, expect, it } from 'vitest';
import { loadTitles, titleById } from './node/titles.js';
import { featuresOf, parseTitle, TitleError, volatilityOf } from './title.js';

// A title file as untrusted JSON, to spoil one field at a time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const sample = () => structuredClone(titleById('vikingernes-guld')!) as unknown as Loose;

describe('parseTitle', () => {
  it('accepts a title file and returns it typed', () => {
    const title = parseTitle(sample());
    expect(title.id).toBe('vikingernes-guld');
    expect(title.features).toEqual(featuresOf(title.maths));
    expect(title.volatility).toBe(volatilityOf(title.exact.standardDeviation));
  });

  const refusals: [string, (t: Loose) => void, RegExp][] = [
    ['a bad id', (t) => (t.id = 'Vikinger Guld'), /id must match/],
    ['an empty name', (t) => (t.name = ' '), /name/],
    ['a missing studio', (t) => delete t.studio, /studio/],
    ['a bad release date', (t) => (t.releaseDate = '2026-02-30'), /releaseDate/],
    ['bad maths', (t) => (t.maths.rows = 9), /maths: rows/],
    ['a missing figure', (t) => delete t.exact.hitFrequency, /exact.hitFrequency/],
    ['a hash of other maths', (t) => (t.maths.symbols[0].pays[2] += 1), /mathsHash is not the hash/],
    ['a hand-set volatility', (t) => (t.volatility = 'very-high'), /volatility must be low/],
    ['features that are not the maths', (t) => t.features.pop(), /features must be/],
    ['upper-case tags', (t) => (t.tags = ['Nordisk']), /tags/],
    ['an unknown device', (t) => (t.devices = ['watch']), /devices/],
    ['a step off costUnits', (t) => (t.stake.stepsOre = [100, 210]), /multiple of costUnits \(20 øre\)/],
    ['unsorted steps', (t) => (t.stake.stepsOre = [200, 100]), /sorted/],
    ['a max that is not the last step', (t) => (t.stake.maxOre = 20_000), /first and last step/],
    ['a default off the steps', (t) => (t.stake.defaultOre = 300), /defaultOre/],
    ['a bad colour', (t) => (t.theme.colours.accent = 'red'), /theme.colours.accent/],
  ];
  it.each(refusals)('refuses %s, naming the problem', (_what, spoil, message) => {
    const title = sample();
    spoil(title);
    expect(() => parseTitle(title)).toThrow(TitleError);
    expect(() => parseTitle(title)).toThrow(message);
  });
});

describe('the loader (@krone/games-math/titles)', () => {
  it('loads every title once, sorted by id, and finds one by id', () => {
    const titles = loadTitles();
    expect(titles.length).toBeGreaterThanOrEqual(3);
    expect(titles.map((t) => t.id)).toEqual([...titles.map((t) => t.id)].sort());
    expect(loadTitles()).toBe(titles);
    expect(titleById('nordlys-skoven')?.maths.family).toBe('ways');
    expect(titleById('findes-ikke')).toBeUndefined();
  });
});
