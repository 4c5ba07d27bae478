/**
 * The money-played warning's clock on the live tables (issue 25). Our studio keeps the warning
 * for its own games (apps/studio: per player, from their first real session of a login); an
 * outside live studio does not know it, so the live launch page keeps it: per login, shared by the
 * player's tabs in this browser (localStorage), started by their first live table of the login,
 * due `warningMinutes` after its start or their last "continue". Times are the server's (ms).
 */

export interface WarningClock {
  /** When the player's live play of this login began: the warning's minutes and figures count from it. */
  playSince: number;
  /** When the warning's minutes began: the start, or the last "continue". */
  warningSince: number;
}

const PREFIX = 'krone_live_warning:';
/** A clock older than a login can last is another login's. */
const MAX_AGE_MS = 13 * 3_600_000;

export const warningClockKey = (loginAt: string | null) => `${PREFIX}${loginAt ?? 'unknown'}`;

/** A stored clock, or null when there is none or it cannot be one (not numbers, in the future, too old). */
export function parseWarningClock(raw: string | null, now: number): WarningClock | null {
  if (!raw) return null;
  try {
    const { playSince, warningSince } = JSON.parse(raw) as Record<string, unknown>;
    const valid = (at: unknown): at is number =>
      typeof at === 'number' && Number.isFinite(at) && at <= now + 60_000 && at >= now - MAX_AGE_MS;
    return valid(playSince) && valid(warningSince) && playSince <= warningSince ? { playSince, warningSince } : null;
  } catch {
    return null;
  }
}

export const dueWarning = (clock: WarningClock, warningMinutes: number, now: number) => now >= clock.warningSince + warningMinutes * 60_000;

type ClockStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * The login's clock: the stored one, else `kept` (this page's, where storage is refused), else a
 * new one started now and stored, other logins' clocks removed.
 */
export function readWarningClock(storage: ClockStorage, key: string, now: number, kept: WarningClock | null = null): WarningClock {
  let stored: string | null = null;
  try {
    stored = storage.getItem(key);
  } catch {
    // Storage refused: this page's clock stands.
  }
  const clock = parseWarningClock(stored, now) ?? kept ?? { playSince: now, warningSince: now };
  if (stored === null || parseWarningClock(stored, now) === null) {
    try {
      for (let index = storage.length - 1; index >= 0; index--) {
        const other = storage.key(index);
        if (other?.startsWith(PREFIX) && other !== key) storage.removeItem(other);
      }
      storage.setItem(key, JSON.stringify(clock));
    } catch {
      // As above.
    }
  }
  return clock;
}
