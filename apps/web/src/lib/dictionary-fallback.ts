import type { Dictionary } from './i18n';
import seedDictionary from '../../../platform/src/content/seed/translations.json';

/**
 * Spec §8: a failed translations call is ignored. A page never breaks for it: it is drawn with the
 * last dictionary this server had from the platform, or, before it had one, with the dictionary
 * this build ships (the platform's seeded Danish texts, the brand filled in). Answers the loader's
 * dictionary when it answers.
 */
export function createDictionarySource(load: () => Promise<Dictionary>, brand: string) {
  let lastGood: Dictionary | null = null;
  let shipped: Dictionary | null = null;
  return async function dictionary(): Promise<{ dictionary: Dictionary; fallback: boolean }> {
    try {
      lastGood = await load();
      return { dictionary: lastGood, fallback: false };
    } catch {
      shipped ??= JSON.parse(JSON.stringify(seedDictionary).replaceAll('{{brand}}', JSON.stringify(brand).slice(1, -1))) as Dictionary;
      return { dictionary: lastGood ?? shipped, fallback: true };
    }
  };
}
