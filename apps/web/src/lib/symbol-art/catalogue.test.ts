import { readFileSync } from 'node:fs';
import { loadTitles } from '@krone/games-math/titles';
import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

const { SYMBOL_ART, pictureKey, symbolArtOf, USED_ICONS } = await import('./catalogue');
const { iconSetFile } = await import('./icons');

const titles = loadTitles();
const iconSet = JSON.parse(readFileSync(iconSetFile(), 'utf8')) as { icons: Record<string, unknown>; aliases?: Record<string, unknown> };

describe('the symbol art catalogue', () => {
  it('gives every symbol of every title its art', () => {
    const missing = new Set<string>();
    for (const title of titles) for (const symbol of title.maths.symbols) if (!SYMBOL_ART[symbol.name]) missing.add(symbol.name);
    expect([...missing]).toEqual([]);
    expect(titles.length).toBeGreaterThan(700);
  });

  it('uses only icons the installed Fluent Emoji Flat set has', () => {
    expect(USED_ICONS.filter((name) => !iconSet.icons[name] && !iconSet.aliases?.[name])).toEqual([]);
  });

  it('never shows two symbols of one title alike', () => {
    const clashes: string[] = [];
    for (const title of titles) {
      const seen = new Map<string, string>();
      for (const symbol of title.maths.symbols) {
        const key = pictureKey(symbolArtOf(symbol.name));
        if (seen.has(key)) clashes.push(`${title.id}: ${seen.get(key)} and ${symbol.name}`);
        seen.set(key, symbol.name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('draws the card ranks as the letters players know, and the classic words as text', () => {
    expect(['es', 'konge', 'dronning', 'knægt', 'ti', 'ni'].map((name) => SYMBOL_ART[name])).toEqual(
      ['A', 'K', 'Q', 'J', '10', '9'].map((text) => ({ kind: 'rank', text })),
    );
    expect(SYMBOL_ART.bar).toEqual({ kind: 'text', text: 'BAR' });
    expect(SYMBOL_ART.dobbeltbar).toEqual({ kind: 'text', text: '2×BAR' });
    expect(SYMBOL_ART.syv).toEqual({ kind: 'text', text: '7' });
    expect(SYMBOL_ART.blank).toEqual({ kind: 'blank' });
    expect(SYMBOL_ART.elefant).toEqual({ kind: 'icon', icon: 'elephant' });
  });

  it("gives an unknown name (another provider's symbol) a slot machine", () => {
    expect(symbolArtOf('ukendt symbol')).toEqual({ kind: 'icon', icon: 'slot-machine' });
  });
});
