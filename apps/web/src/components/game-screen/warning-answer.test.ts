import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudioSession } from '../../lib/studio-schemas';
import { sendWarningAnswer } from './screen-helpers';

/** The player's answer to the money-played warning, as the slots' and the tables' screens send it. */
describe('sendWarningAnswer', () => {
  afterEach(() => vi.unstubAllGlobals());

  const session = { sessionId: 's1', balanceOre: 10_000, netOre: 0, warning: null } as unknown as StudioSession;
  const answered = (status: number, body: unknown) => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };
  const send = async (answer: 'continue' | 'stop') => {
    const seen = { busy: [] as boolean[], error: '', session: null as StudioSession | null, ended: [] as string[] };
    const taken = await sendWarningAnswer('/api/spil/sessions/s1', answer, {
      t: (key) => `[${key}]`,
      busy: (busy) => seen.busy.push(busy),
      error: (message) => (seen.error = message),
      session: (next) => (seen.session = typeof next === 'function' ? next(seen.session) : next),
      ended: (path) => seen.ended.push(path),
    });
    return { taken, ...seen };
  };

  it('posts the answer, busy meanwhile, and shows the session the studio left; "stop" ends it', async () => {
    const fetch = answered(200, { result: 1, data: session });
    const stop = await send('stop');
    expect(fetch).toHaveBeenCalledWith(
      '/api/spil/sessions/s1/warning',
      expect.objectContaining({ method: 'POST', body: '{"answer":"stop"}' }),
    );
    expect(stop).toEqual({ taken: true, busy: [true, false], error: '', session, ended: ['/api/spil/sessions/s1'] });
    expect(await send('continue')).toMatchObject({ taken: true, session, ended: [] });
  });

  it('says a refusal (the studio’s words, else the generic ones) and changes nothing else', async () => {
    answered(409, { result: 0, code: 'GAME_SESSION_ENDED', message: 'Spillet er slut.' });
    expect(await send('stop')).toEqual({ taken: false, busy: [true, false], error: 'Spillet er slut.', session: null, ended: [] });
    answered(500, {});
    expect((await send('continue')).error).toBe('[slot_machines.round_error]');
  });
});
