import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { interpolate, slugify } from './text';

describe('slugify', () => {
  it.each([
    ['Årets bedste spil på Krone!', 'aarets-bedste-spil-paa-krone'],
    ['Æbler og Øl', 'aebler-og-oel'],
    ['ÆØÅ æøå', 'aeoeaa-aeoeaa'],
    ['Live Roulette', 'live-roulette'],
    ['  --Hello,   World--  ', 'hello-world'],
    ['Café Crème Brûlée', 'cafe-creme-brulee'],
    ['Straße', 'strasse'],
    ['500 free spins à 0,20 kr.', '500-free-spins-a-0-20-kr'],
    ['Book of Dead™', 'book-of-dead'],
    ['Starburst® XXXtreme', 'starburst-xxxtreme'],
    ['ＫＲＯＮＥ　Ｃａｓｉｎｏ', 'krone-casino'],
    ['', ''],
    ['!!!', ''],
    ['日本語', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('always yields lowercase words joined by single hyphens', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (input) => {
        expect(slugify(input)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (input) => {
        expect(slugify(slugify(input))).toBe(slugify(input));
      }),
    );
  });
});

describe('interpolate', () => {
  it('replaces placeholders with strings and numbers', () => {
    expect(interpolate('Hej {firstName}, du har {count} nye beskeder', { firstName: 'Mette', count: 3 })).toBe(
      'Hej Mette, du har 3 nye beskeder',
    );
  });

  it('replaces every occurrence', () => {
    expect(interpolate('{a}-{a}-{b}', { a: 1, b: 'x' })).toBe('1-1-x');
  });

  it('leaves unknown placeholders in place', () => {
    expect(interpolate('Minimum {amount}, maks {max}', { amount: '100 kr.' })).toBe('Minimum 100 kr., maks {max}');
  });

  it('does not read inherited properties', () => {
    expect(interpolate('{toString} {constructor}', {})).toBe('{toString} {constructor}');
  });

  it('does not expand placeholders inside values', () => {
    expect(interpolate('{a}', { a: '{b}', b: 'no' })).toBe('{b}');
  });

  it('inserts values literally, including $ patterns', () => {
    expect(interpolate('Pris: {price}', { price: "$& $1 $$ $'" })).toBe("Pris: $& $1 $$ $'");
  });

  it('ignores braces that are not placeholders', () => {
    expect(interpolate('{ a } {} {1a} {a-b}', { a: 'x' })).toBe('{ a } {} {1a} {a-b}');
  });

  it('leaves a template without placeholders unchanged', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{')),
        fc.dictionary(fc.string(), fc.string()),
        (template, vars) => {
          expect(interpolate(template, vars)).toBe(template);
        },
      ),
    );
  });
});
