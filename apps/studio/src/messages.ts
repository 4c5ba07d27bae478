import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CATALOGUE, type ErrorCode } from '@krone/domain';

const translationsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../platform/src/content/seed/translations.json');

/**
 * The Danish message of a refusal, from the house's translations (the one dictionary every
 * player-visible text comes from); the code itself should a key be missing.
 */
export function createMessages(file = translationsFile) {
  let groups: Record<string, Record<string, string>> = {};
  try {
    groups = JSON.parse(readFileSync(file, 'utf8')) as typeof groups;
  } catch {
    // Without the dictionary the codes still say what happened; the storefront maps them to text.
  }
  return (code: ErrorCode): string => {
    const [group = '', key = ''] = ERROR_CATALOGUE[code].messageKey.split('.');
    return groups[group]?.[key] ?? code;
  };
}
