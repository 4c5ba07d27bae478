import { createHash } from 'node:crypto';
import type { GameConfig } from './config.js';

/** JSON with every object's keys sorted, no whitespace: the same config always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('canonical JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The maths' identity, stored with every round: SHA-256 (hex) of the config's canonical JSON. */
export function mathsHash(config: GameConfig): string {
  return createHash('sha256').update(canonicalJson(config)).digest('hex');
}
