import { describe, expect, it } from 'vitest';
import { paceWaitMs } from './screen-helpers';

/** The spin's wait after the studio's pace refusals: the player's pace holds across their games and tabs (issue 22 §4). */
describe('paceWaitMs', () => {
  const now = Date.parse('2026-11-27T10:00:00.000Z');

  it('waits until the next round may start when another tab’s (or this tab’s) round set the pace', () => {
    expect(paceWaitMs('GAME_ROUND_TOO_SOON_ELSEWHERE', '2026-11-27T10:00:02.250Z', now)).toBe(2250);
    expect(paceWaitMs('GAME_ROUND_TOO_SOON', '2026-11-27T10:00:01.000Z', now)).toBe(1000);
  });

  it('waits a second when another tab’s round is under way, or the time is missing or off by more than the pace', () => {
    expect(paceWaitMs('GAME_ROUND_IN_PROGRESS_ELSEWHERE', undefined, now)).toBe(1000);
    expect(paceWaitMs('GAME_ROUND_TOO_SOON_ELSEWHERE', '2026-11-27T10:05:00.000Z', now)).toBe(1000);
    expect(paceWaitMs('GAME_ROUND_TOO_SOON_ELSEWHERE', 'not a time', now)).toBe(1000);
  });

  it('does not wait after any other refusal', () => {
    expect(paceWaitMs('INSUFFICIENT_FUNDS', undefined, now)).toBeNull();
    expect(paceWaitMs('GAME_SESSION_ENDED', '2026-11-27T10:00:02.000Z', now)).toBeNull();
  });
});
