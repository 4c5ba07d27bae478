'use client';

import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { Translate } from '@/lib/i18n';
// Relative, not '@/lib': the unit tests of this file run without the app's path alias.
import { pendingFate, type AwaitedRound } from '../../lib/pending-round';
import { paceAfterRound } from '../../lib/slot-screen';
import type { GameRules, RoundFate, StudioRound, StudioSession } from '@/lib/studio-schemas';
import { refreshAccountSummary } from '../players/account-summary';

/*
 * The game screens' plumbing (the slots' and the tables'): their JSON calls, the session's end on
 * leaving, which keys belong to a control, the motion wish, the pace and the refusals.
 */

export type Answer<T> =
  { ok: true; data: T } | { ok: false; status: number; code: string; message: string; extra: Record<string, unknown> };

/** JSON to one of the game's own API calls (same origin; the JSON body is the CSRF guard's "non-simple request"). */
export async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer<T>> {
  try {
    const response = await fetch(url, {
      method,
      cache: 'no-store',
      keepalive: url.endsWith('/end'),
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) } : {}),
    });
    const json = (await response.json().catch(() => ({}))) as { result?: number; data?: T; code?: string; message?: string };
    if (response.ok && json.result === 1) return { ok: true, data: json.data as T };
    const { result: _r, data: _d, code, message, ...extra } = json as Record<string, unknown>;
    return {
      ok: false,
      status: response.status,
      code: typeof code === 'string' ? code : 'SERVER_ERROR',
      message: typeof message === 'string' ? message : '',
      extra,
    };
  } catch {
    return { ok: false, status: 0, code: 'NETWORK_ERROR', message: '', extra: {} };
  }
}

/** Whether a key press belongs to a control that handles Space and Enter itself. */
export function ownedByControl(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest('button, a, input, select, textarea, summary, [role="dialog"], [role="alertdialog"]') !== null
  );
}

/** The player's wish for less motion (prefers-reduced-motion), followed live. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

/**
 * Leaving the game ends its session at once rather than leaving it to expire: a navigation away
 * inside the app unmounts the screen; a closed tab, a reload or a move to another site fires
 * pagehide with persisted=false. A tab switch (visibilitychange) and a page kept in the
 * back/forward cache (persisted=true: it may come back) leave the session running. The end is a
 * keepalive fetch (`call`), so it outlives the page, with its JSON body for the CSRF guard; the
 * session's HttpOnly cookie, scoped to its path, authenticates it. Returns `markEnded`, for a
 * session the studio has ended already (it is not ended twice).
 */
export function useEndSessionOnLeave(sessionPath: string | null): (path: string) => void {
  const ended = useRef<string | null>(null);
  useEffect(() => {
    if (!sessionPath) return;
    const end = () => {
      if (ended.current === sessionPath) return;
      ended.current = sessionPath;
      void call('POST', `${sessionPath}/end`);
    };
    const onPageHide = (event: PageTransitionEvent) => {
      if (!event.persisted) end();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      end();
    };
  }, [sessionPath]);
  return useCallback((path: string) => {
    ended.current = path;
  }, []);
}

/**
 * The screen's session opened once it runs in the browser (never by a page view: a crawler, a
 * prefetch), once per mount (React's strict mode mounts twice in development).
 */
export function useLaunchOnce(launch: () => Promise<void>): void {
  const launched = useRef(false);
  useEffect(() => {
    if (launched.current) return;
    launched.current = true;
    void launch();
  }, [launch]);
}

/** How often a pending round's fate is asked while the casino's answer is owed. */
const PENDING_POLL_MS = 2_000;

/**
 * A pending round (its outcome drawn, the casino's answer still owed; real play only): its fate is
 * asked every two seconds until it is settled or refused, then `onFate` has it once (while the
 * screen still knows which round it waited on), it is no longer pending, and the header's balance
 * is read again. The round may be of another session of the player's (a reload, another tab or
 * game): the studio lets this session read it.
 */
export function usePendingRound(
  sessionPath: string | null,
  roundId: string | null,
  setRoundId: (roundId: string | null) => void,
  onFate: (fate: RoundFate) => void,
) {
  const latest = useRef(onFate);
  useEffect(() => {
    latest.current = onFate;
  });
  useEffect(() => {
    if (!roundId || !sessionPath) return;
    let stopped = false;
    const timer = window.setInterval(async () => {
      const fate = await call<RoundFate>('GET', `${sessionPath}/rounds/${encodeURIComponent(roundId)}`);
      if (stopped || !fate.ok || ('status' in fate.data.round && fate.data.round.status === 'pending')) return;
      stopped = true;
      window.clearInterval(timer);
      latest.current(fate.data);
      setRoundId(null);
      void refreshAccountSummary();
    }, PENDING_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [sessionPath, roundId, setRoundId]);
}

/**
 * The round the screen waits on (lib/pending-round.ts: played here and answered pending, or the
 * player's pending round a new session carries), polled until answered: this game's settled round
 * is shown (with the balance the fate gave, a round of this session's, else null), another game's
 * only clears the notice, a refusal is said (in Danish); the session's figures then
 * come from the fate (a round of this session) or from the session read again (a round of another
 * session: the platform's balance). Returns the awaited round and its setter.
 */
export function useAwaitedRound(
  sessionPath: string | null,
  on: {
    show: (round: StudioRound, balanceOre: number | null) => void;
    refused: (message: string) => void;
    session: (session: StudioSession) => void;
    t: Translate;
  },
) {
  const [awaited, setAwaited] = useState<AwaitedRound | null>(null);
  const clear = useCallback(() => setAwaited(null), []);
  usePendingRound(sessionPath, awaited?.roundId ?? null, clear, (fate) => {
    const outcome = pendingFate(fate.round, { ownGame: awaited?.ownGame ?? true });
    if (outcome.kind === 'show') on.show(outcome.round, awaited?.adopted ? null : fate.session.balanceOre);
    else if (outcome.kind === 'refused') on.refused(fate.refusal?.message || on.t('slot_machines.round_refused'));
    if (!awaited?.adopted) on.session(fate.session);
    else if (sessionPath)
      void call<StudioSession>('GET', sessionPath).then((state) => {
        if (state.ok) on.session(state.data);
      });
  });
  return [awaited, setAwaited] as const;
}

/** Before the first round: each reel shows its first symbols in order, a calm picture of the game. */
export function placeholderWindow(rules: GameRules): number[][] {
  const visible = rules.symbols.map((symbol, index) => ({ symbol, index })).filter(({ symbol }) => symbol.name.toLowerCase() !== 'blank');
  return Array.from({ length: rules.reels }, (_, reel) =>
    Array.from({ length: rules.rows }, (_, row) => visible[(reel + row * 2) % visible.length]?.index ?? 0),
  );
}

/**
 * Refusals that only ask the player to wait a moment: the pace after their last round, in this
 * tab or another game or tab of theirs, and their round under way elsewhere (the studio's rules
 * are the player's, not the window's). The message says which; the spin button counts down.
 */
export const PACE_REFUSALS = new Set(['GAME_ROUND_TOO_SOON', 'GAME_ROUND_TOO_SOON_ELSEWHERE', 'GAME_ROUND_IN_PROGRESS_ELSEWHERE']);

/**
 * How long the spin waits after a refusal (null: it does not): until `nextRoundAt` when the
 * studio says it (at most the 3 s pace, whatever the clocks' difference), else a second.
 */
export function paceWaitMs(code: string, nextRoundAt: unknown, now = Date.now()): number | null {
  if (!PACE_REFUSALS.has(code)) return null;
  const untilNext = typeof nextRoundAt === 'string' ? Date.parse(nextRoundAt) - now : NaN;
  return untilNext > 0 && untilNext <= 3000 ? untilNext : 1000;
}

/**
 * The pace a new session opens with: a round of the player's in another game or tab a moment ago
 * holds the first round here too. Counted from the session's start to its `nextRoundAt`, both on
 * the studio's clock (the device's clock does not matter); 0 when a round may start at once.
 */
export function launchPaceMs(session: Pick<StudioSession, 'startedAt' | 'nextRoundAt'>): number {
  return paceAfterRound({ startedAt: session.startedAt }, session.nextRoundAt);
}

/**
 * The pace's countdown on the screen: a monotonic timer from the moment an answer arrived (not
 * the device's wall clock), ticking every 100 ms until the wait is over. `wait(ms, from)` starts
 * one (`from`: when the answer arrived, else now); `leftMs` is what is left, 0 when a round may
 * start.
 */
export function usePaceCountdown(): { leftMs: number; wait: (ms: number, from?: number) => void } {
  const [waitUntil, setWaitUntil] = useState(0);
  const [clockMs, setClockMs] = useState(0);
  useEffect(() => {
    if (waitUntil <= performance.now()) return;
    const timer = window.setInterval(() => {
      const current = performance.now();
      setClockMs(current);
      if (current >= waitUntil) window.clearInterval(timer);
    }, 100);
    return () => window.clearInterval(timer);
  }, [waitUntil]);
  const wait = useCallback((ms: number, from = performance.now()) => {
    setClockMs(from);
    setWaitUntil(from + ms);
  }, []);
  return { leftMs: Math.max(0, waitUntil - clockMs), wait };
}

/**
 * Whether the screen's session has ended (the studio ended it, or the player stopped at the
 * warning), with its end on leaving (`useEndSessionOnLeave`): `end(path)` says the session at
 * `path` has ended (it is not ended again on leaving); `setEnded(false)` when a new one opens.
 */
export function useSessionEnd(sessionPath: string | null) {
  const markEnded = useEndSessionOnLeave(sessionPath);
  const [ended, setEnded] = useState(false);
  const end = useCallback(
    (path: string) => {
      markEnded(path);
      setEnded(true);
    },
    [markEnded],
  );
  return { ended, setEnded, end };
}

/** What the handlers every game screen shares (a refusal, the warning's answer) change on the screen. */
export interface ScreenSetters {
  t: Translate;
  busy: (busy: boolean) => void;
  error: (message: string) => void;
  /** The pace's wait from now (`usePaceCountdown`). */
  wait: (ms: number) => void;
  /** The session at `path` has ended (`useSessionEnd`). */
  ended: (path: string) => void;
  session: Dispatch<SetStateAction<StudioSession | null>>;
}

/** A refusal from one of the game's own API calls. */
export type Refusal = Extract<Answer<unknown>, { ok: false }>;

/**
 * A round's refusal (a spin's, a deal's or a table decision's) acted on as every game screen does:
 * the studio's message said (else the generic one), the pace waited out (`paceWaitMs`), a session
 * the studio ended marked ended, the balance the refusal carries shown. What else a code asks (the
 * session read again, a table's round that ended meanwhile) is the screen's own.
 */
export function actOnRefusal(answer: Refusal, sessionPath: string, on: Omit<ScreenSetters, 'busy'>): void {
  on.error(answer.message || on.t('slot_machines.round_error'));
  const paceMs = paceWaitMs(answer.code, answer.extra.nextRoundAt);
  if (paceMs !== null) on.wait(paceMs);
  if (answer.code === 'GAME_SESSION_ENDED') on.ended(sessionPath);
  const balanceOre = answer.extra.balanceOre;
  if (typeof balanceOre === 'number') on.session((current) => (current ? { ...current, balanceOre } : current));
}

/** How often a real session is read again while nothing happens (the money-played warning's minutes may pass). */
const WARNING_POLL_MS = 30_000;

/**
 * The money-played warning falls due with time, not only with a round: while `polling` (a real
 * session not ended), the session is read again every half minute while the tab is visible, so the
 * warning shows when it is due; never over a round's answer on its way (while `busy`).
 */
export function useWarningPoll(
  sessionPath: string | null,
  polling: boolean,
  busy: boolean,
  setSession: Dispatch<SetStateAction<StudioSession | null>>,
): void {
  const busyRef = useRef(false);
  useEffect(() => {
    busyRef.current = busy;
  }, [busy]);
  useEffect(() => {
    if (!polling || !sessionPath) return;
    const timer = window.setInterval(async () => {
      if (document.visibilityState !== 'visible') return;
      const state = await call<StudioSession>('GET', sessionPath);
      if (state.ok) setSession((current) => (current && !busyRef.current ? state.data : current));
    }, WARNING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [polling, sessionPath, setSession]);
}

/**
 * The player's answer to the money-played warning, sent: the screen busy meanwhile, a refusal said
 * (else the generic words), or the session as the studio left it and, after "stop", the session
 * ended. True when the studio took the answer.
 */
export async function sendWarningAnswer(
  sessionPath: string,
  answer: 'continue' | 'stop',
  on: Omit<ScreenSetters, 'wait'>,
): Promise<boolean> {
  on.busy(true);
  const result = await call<StudioSession>('POST', `${sessionPath}/warning`, { answer });
  on.busy(false);
  if (!result.ok) {
    on.error(result.message || on.t('slot_machines.round_error'));
    return false;
  }
  on.session(result.data);
  if (answer === 'stop') on.ended(sessionPath);
  return true;
}

/** Refusals of a launch for money that trying again will not change (the player's state, not a hiccup). */
export const FINAL_REFUSALS = new Set([
  'ACCOUNT_PAUSED',
  'ACCOUNT_CLOSED',
  'PLAY_EXCLUDED',
  'USER_LOCKED',
  'GAME_ACCOUNT_LOCKED',
  'GAME_NOT_FOUND',
]);
