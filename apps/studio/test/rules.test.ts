import { describe, expect, it } from 'vitest';
import { slotRules } from '../src/rules.js';
import { loadTitleCatalogue, type SlotTitle } from '../src/titles.js';

const titleById = await loadTitleCatalogue();
const rulesOf = (gameId: string) => {
  const title = titleById(gameId);
  if (!title) throw new Error(`no title ${gameId}`);
  return slotRules(title as SlotTitle);
};

describe('a title’s rules: what the wild does not stand in for', () => {
  it('names the symbols the title’s wild does not substitute, by their index', () => {
    // Vikingernes Guld: the wild (wild) never stands in for the top symbol, runesten.
    const rules = rulesOf('vikingernes-guld');
    expect(rules.wildExcludes).toEqual([7]);
    expect(rules.symbols[rules.wildExcludes[0]!]!.name).toBe('runesten');
    expect(rules.symbols[rules.wildExcludes[0]!]!.kind).toBe('normal');
  });

  it('sends an empty list when the wild stands in for every symbol but the scatter, or there is no wild', () => {
    const everyone = rulesOf('akrobat-og-elefant');
    expect(everyone.symbols.some((symbol) => symbol.kind === 'wild')).toBe(true);
    expect(everyone.wildExcludes).toEqual([]);
    const noWild = rulesOf('antikke-hemmelighed');
    expect(noWild.symbols.some((symbol) => symbol.kind === 'wild')).toBe(false);
    expect(noWild.wildExcludes).toEqual([]);
  });
});
