const DANISH_LETTERS: Readonly<Record<string, string>> = Object.freeze({ æ: 'ae', ø: 'oe', å: 'aa', ß: 'ss' });

/**
 * A URL slug: "Årets bedste spil på Krone!" → "aarets-bedste-spil-paa-krone". Danish letters are
 * spelled out the way Danes do without them; other accents and trademark signs are dropped
 * ("Café" → "cafe", "Book of Dead™" → "book-of-dead").
 */
export function slugify(text: string): string {
  return (
    text
      .replace(/[™®©℠]/g, '')
      .toLowerCase()
      .replace(/[æøåß]/g, (letter) => DANISH_LETTERS[letter] ?? letter)
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      // Compatibility decomposition can produce capitals ("Ａ" → "A"), so lowercase once more.
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}

/**
 * Fills {name} placeholders from vars. A placeholder without a value is left as it is, so a
 * missing variable shows up in the text instead of vanishing silently. Values are inserted once
 * and never themselves scanned for placeholders.
 */
export function interpolate(template: string, vars: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (placeholder, name: string) =>
    // Not Object.hasOwn: Safari 15.0-15.3, which we support, lacks it.
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : placeholder,
  );
}
