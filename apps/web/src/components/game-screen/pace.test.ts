import { describe, expect, it } from 'vitest';
import type { StudioSession } from '../../lib/studio-schemas';
import { actOnRefusal, launchPaceMs, paceWaitMs, type Refusal } from './screen-helpers';

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

/** The first round's pace when a session opens: the player's round in another game or tab a moment ago holds it here too. */
describe('launchPaceMs', () => {
  it('waits from the session’s start to its next round, both on the studio’s clock (the device’s clock does not matter)', () => {
    expect(launchPaceMs({ startedAt: '2040-01-01T10:00:00.000Z', nextRoundAt: '2040-01-01T10:00:02.400Z' })).toBe(2400);
    expect(launchPaceMs({ startedAt: '2020-01-01T10:00:00.000Z', nextRoundAt: '2020-01-01T10:00:03.000Z' })).toBe(3000);
  });

  it('does not wait when the next round may start at once, or the studio names none', () => {
    expect(launchPaceMs({ startedAt: '2026-11-27T10:00:05.000Z', nextRoundAt: '2026-11-27T10:00:03.000Z' })).toBe(0);
    expect(launchPaceMs({ startedAt: '2026-11-27T10:00:05.000Z', nextRoundAt: '2026-11-27T10:00:05.000Z' })).toBe(0);
    expect(launchPaceMs({ startedAt: '2026-11-27T10:00:05.000Z', nextRoundAt: null })).toBe(0);
    expect(launchPaceMs({ startedAt: '2026-11-27T10:00:05.000Z' })).toBe(0);
  });
});

/** A round's refusal as the slots' and the tables' screens act on it. */
describe('actOnRefusal', () => {
  const t = (key: string) => `[${key}]`;
  const refusal = (code: string, message = '', extra: Record<string, unknown> = {}): Refusal => ({
    ok: false,
    status: 409,
    code,
    message,
    extra,
  });
  const act = (answer: Refusal, session: StudioSession | null = null) => {
    const seen = { error: '', waits: [] as number[], ended: [] as string[], session };
    actOnRefusal(answer, '/api/spil/sessions/s1', {
      t,
      error: (message) => (seen.error = message),
      wait: (ms) => seen.waits.push(ms),
      ended: (path) => seen.ended.push(path),
      session: (next) => (seen.session = typeof next === 'function' ? next(seen.session) : next),
    });
    return seen;
  };

  it('says the studio’s message, else the generic one', () => {
    expect(act(refusal('INSUFFICIENT_FUNDS', 'Ikke nok penge.')).error).toBe('Ikke nok penge.');
    expect(act(refusal('SERVER_ERROR')).error).toBe('[slot_machines.round_error]');
  });

  it('waits out the pace a pace refusal names, and nothing else', () => {
    const soon = new Date(Date.now() + 2_000).toISOString();
    const waits = act(refusal('GAME_ROUND_TOO_SOON_ELSEWHERE', '', { nextRoundAt: soon })).waits;
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(1_500);
    expect(waits[0]).toBeLessThanOrEqual(2_000);
    expect(act(refusal('GAME_ROUND_IN_PROGRESS_ELSEWHERE')).waits).toEqual([1_000]);
    expect(act(refusal('INSUFFICIENT_FUNDS', '', { nextRoundAt: soon })).waits).toEqual([]);
  });

  it('marks a session the studio ended as ended', () => {
    expect(act(refusal('GAME_SESSION_ENDED')).ended).toEqual(['/api/spil/sessions/s1']);
    expect(act(refusal('GAME_ROUND_TOO_SOON')).ended).toEqual([]);
  });

  it('shows the balance the refusal carries on the session (none before the session is open)', () => {
    const session = { sessionId: 's1', balanceOre: 10_000, netOre: 0 } as unknown as StudioSession;
    expect(act(refusal('INSUFFICIENT_FUNDS', '', { balanceOre: 50 }), session).session).toEqual({ ...session, balanceOre: 50 });
    expect(act(refusal('INSUFFICIENT_FUNDS', '', { balanceOre: 50 })).session).toBeNull();
    expect(act(refusal('INSUFFICIENT_FUNDS', '', { balanceOre: '50' }), session).session).toBe(session);
  });
});
