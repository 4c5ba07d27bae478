import { interpolate } from '@krone/domain';

export type Dictionary = Record<string, Record<string, string>>;
export type Translate = (key: string, vars?: Record<string, string | number>) => string;
/** The picked texts a client component receives, flat by "group.key" (see `pickTranslations`). */
export type Texts = Record<string, string>;

/**
 * `t("group.key")` reads the Danish dictionary. A missing key shows itself (never an empty
 * screen), so a gap is easy to spot and a test can catch it.
 */
export function createTranslator(dictionary: Dictionary): Translate {
  return (key, vars) => {
    const dot = key.indexOf('.');
    const text = dictionary[key.slice(0, dot)]?.[key.slice(dot + 1)];
    if (text == null) return key;
    return vars ? interpolate(text, vars) : text;
  };
}

/** Only the keys a client component needs, so the whole dictionary never ships to the browser. */
export function pickTranslations(t: Translate, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, t(key)]));
}

/**
 * `t("group.key", vars)` over the picked texts a client component receives: the one translator of
 * the browser side, with the server's rule that a missing key shows itself.
 */
export function textsTranslator(texts: Texts): Translate {
  return (key, vars) => {
    const text = texts[key] ?? key;
    return vars ? interpolate(text, vars) : text;
  };
}
