import { describe, expect, it } from 'vitest';
import { dueWarning, parseWarningClock, readWarningClock, warningClockKey } from './live-warning';

/** A localStorage of the tests' own. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const MINUTE = 60_000;
const now = Date.parse('2026-11-27T12:00:00.000Z');

describe('the money-played warning’s clock on the live tables', () => {
  it('starts with the login’s first live table, is due after the minutes, and restarts with “continue” in every tab', () => {
    const storage = memoryStorage({ [warningClockKey('2026-11-26T08:00:00.000Z')]: '{"playSince":1,"warningSince":1}' });
    const key = warningClockKey('2026-11-27T11:00:00.000Z');
    const clock = readWarningClock(storage, key, now);
    expect(clock).toEqual({ playSince: now, warningSince: now });
    // Another login's clock is gone; this one is kept for the other tabs.
    expect([...storage.items.keys()]).toEqual([key]);
    expect(dueWarning(clock, 5, now + 5 * MINUTE - 1)).toBe(false);
    expect(dueWarning(clock, 5, now + 5 * MINUTE)).toBe(true);

    // Another tab answered "continue" a minute later: this one reads it.
    storage.setItem(key, JSON.stringify({ playSince: now, warningSince: now + MINUTE }));
    const later = readWarningClock(storage, key, now + 5 * MINUTE);
    expect(later).toEqual({ playSince: now, warningSince: now + MINUTE });
    expect(dueWarning(later, 5, now + 5 * MINUTE)).toBe(false);
  });

  it('keeps the page’s own clock where storage is refused, and distrusts a stored clock that cannot be one', () => {
    const refusing = {
      length: 0,
      key: () => null,
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    const kept = { playSince: now - 10 * MINUTE, warningSince: now - 6 * MINUTE };
    expect(readWarningClock(refusing, 'k', now, kept)).toEqual(kept);
    expect(readWarningClock(refusing, 'k', now)).toEqual({ playSince: now, warningSince: now });
    for (const raw of [
      'x',
      '{"playSince":"1","warningSince":2}',
      JSON.stringify({ playSince: now + 5 * MINUTE, warningSince: now + 5 * MINUTE }),
    ])
      expect(parseWarningClock(raw, now), raw).toBeNull();
    expect(parseWarningClock(JSON.stringify({ playSince: now - 14 * 60 * MINUTE, warningSince: now }), now)).toBeNull();
  });
});
