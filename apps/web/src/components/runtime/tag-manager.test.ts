import { describe, expect, it } from 'vitest';
import { injectTagManager, isValidTagManagerId, tagManagerScriptUrl } from './tag-manager';

function fakeDocument() {
  const appended: Record<string, unknown>[] = [];
  const doc = {
    head: { appendChild: (node: Record<string, unknown>) => appended.push(node) },
    createElement: () => {
      const attributes: Record<string, string> = {};
      return { attributes, setAttribute: (name: string, value: string) => (attributes[name] = value) };
    },
    querySelector: () => (appended.length > 0 ? appended[0] : null),
  };
  return { doc: doc as unknown as Parameters<typeof injectTagManager>[0], appended };
}

describe('tag manager', () => {
  it('accepts only container ids', () => {
    expect(isValidTagManagerId('GTM-ABC123')).toBe(true);
    for (const id of ['', null, undefined, 'gtm-abc123', 'GTM-ABC"><script>', 'UA-1234-5', 'GTM-']) {
      expect(isValidTagManagerId(id)).toBe(false);
    }
  });

  it('injects the script once, with a dataLayer start event', () => {
    const { doc, appended } = fakeDocument();
    const win: { dataLayer?: unknown[] } = {};
    expect(injectTagManager(doc, win, 'GTM-ABC123', 1000)).toBe(true);
    expect(injectTagManager(doc, win, 'GTM-ABC123', 2000)).toBe(false);
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ async: true, src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123' });
    expect(win.dataLayer).toEqual([{ 'gtm.start': 1000, event: 'gtm.js' }]);
  });

  it('injects nothing without an id', () => {
    const { doc, appended } = fakeDocument();
    expect(injectTagManager(doc, {}, null)).toBe(false);
    expect(injectTagManager(doc, {}, '')).toBe(false);
    expect(appended).toHaveLength(0);
  });

  it('builds the official script address', () => {
    expect(tagManagerScriptUrl('GTM-XYZ9')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-XYZ9');
  });
});
