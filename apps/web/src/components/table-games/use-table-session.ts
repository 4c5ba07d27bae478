'use client';

import { useCallback, useMemo, useState } from 'react';
import type { Translate } from '../../lib/i18n';
import { awaitedOnLaunch, playedPending, type AwaitedRound } from '../../lib/pending-round';
import { paceAfterRound, secondsLeft } from '../../lib/slot-screen';
import { isTableRound } from '../../lib/studio-rounds';
import type { RoundAnswer, RoundFate, StudioSession, TableKind, TableRound } from '../../lib/studio-schemas';
import { refreshAccountSummary } from '../players/account-summary';
import {
  actOnRefusal,
  call,
  FINAL_REFUSALS,
  launchPaceMs,
  sendWarningAnswer,
  useSessionEnd,
  useLaunchOnce,
  usePaceCountdown,
  usePendingRound,
  useWarningPoll,
  type Refusal,
  type ScreenSetters,
} from '../game-screen/screen-helpers';

export type DealBody =
  { stakeOre: number } | { bets: { kind: string; numbers?: number[]; selector?: number | string; stakeOre: number }[] };
export type ActionBody =
  | { action: 'hit' | 'stand' | 'double' | 'split' | 'surrender' }
  | { action: 'insurance'; take: boolean }
  | { action: 'draw'; holds: boolean[] };

/** What a table's screen knows of its session and round, and what it can do. */
export interface TableSession {
  session: StudioSession | null;
  sessionPath: string | null;
  launchError: { message: string; final: boolean } | null;
  /** The round on the table: one that waits for the player (playing), or the last one settled. */
  round: TableRound | null;
  /** The round was resumed (the session's openRound: a reload, another tab, a hand left earlier). */
  resumed: boolean;
  busy: boolean;
  error: string | null;
  ended: boolean;
  /** The pace after a deal (the studio's 3 s): the seconds left, 0 when a deal may start. */
  waitSeconds: number;
  /** A round whose casino answer is owed (played here, or the player's from another session). */
  awaited: AwaitedRound | null;
  /** Whether a new round may start now. */
  canDeal: boolean;
  /** Whether the round on the table may take a decision now. */
  canAct: boolean;
  launch: () => Promise<void>;
  /** A new round: the round shown, 'pending' when the casino's answer is owed, null when refused. */
  deal: (body: DealBody) => Promise<TableRound | 'pending' | null>;
  /** A decision on the round that waits: the round after it, 'pending', or null when refused. */
  act: (body: ActionBody) => Promise<TableRound | 'pending' | null>;
  answerWarning: (answer: 'continue' | 'stop') => Promise<boolean>;
  clearError: () => void;
}

/**
 * A table game's studio session in the browser, as the slot's screen runs its own: opened once the
 * screen runs (never by a page view), ended when the player leaves, read again every 30 s for the
 * money-played warning; a deal at the studio's pace; a decision on the round that waits; a round
 * whose casino answer is owed polled until answered; refusals in Danish. A hand the player left
 * (the session's `openRound`) is put back on the table to be played on. The balance and net come
 * from each answer's session; the header's balance is read again after each money round.
 */
export function useTableSession({
  gameId,
  mode,
  kind,
  t,
}: {
  gameId: string;
  mode: 'fun' | 'real';
  kind: TableKind;
  t: Translate;
}): TableSession {
  const [session, setSession] = useState<StudioSession | null>(null);
  const [launchError, setLaunchError] = useState<{ message: string; final: boolean } | null>(null);
  const [round, setRound] = useState<TableRound | null>(null);
  const [resumed, setResumed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { leftMs: paceLeftMs, wait: waitPace } = usePaceCountdown();

  const sessionPath = session ? `/api/spil/sessions/${encodeURIComponent(session.sessionId)}` : null;
  const { ended, setEnded, end: endSession } = useSessionEnd(sessionPath);
  // What the handlers the screens share (a refusal, the warning's answer) change here.
  const setters = useMemo<ScreenSetters>(
    () => ({ t, busy: setBusy, error: setError, wait: waitPace, ended: endSession, session: setSession }),
    [t, waitPace, endSession],
  );
  const [awaited, setAwaited] = useState<AwaitedRound | null>(null);
  const clearAwaited = useCallback(() => setAwaited(null), []);

  /** A round of this table from the studio (an answer, a resumed or polled round): on the table. */
  const show = useCallback(
    (next: TableRound, from: 'answer' | 'resume') => {
      if (next.table.kind !== kind) return;
      setRound(next);
      setResumed(from === 'resume');
    },
    [kind],
  );

  const readSession = useCallback(
    async (path: string, resume: boolean) => {
      const state = await call<StudioSession>('GET', path);
      if (!state.ok) return;
      setSession(state.data);
      if (resume && state.data.openRound) show(state.data.openRound, 'resume');
    },
    [show],
  );

  // A round answered late (the casino's answer owed): this table's shown, a refusal said.
  usePendingRound(sessionPath, awaited?.roundId ?? null, clearAwaited, (fate: RoundFate) => {
    if (isTableRound(fate.round)) {
      if (awaited?.ownGame !== false) show(fate.round, 'answer');
    } else if (fate.round.status !== 'pending' && fate.round.status !== 'settled') {
      setError(fate.refusal?.message || t('slot_machines.round_refused'));
    }
    if (!awaited?.adopted) setSession(fate.session);
    else if (sessionPath) void readSession(sessionPath, true);
  });

  const launch = useCallback(async () => {
    setLaunchError(null);
    setEnded(false);
    const answer = await call<StudioSession>('POST', '/api/spil/sessions', { gameId, mode });
    if (!answer.ok) {
      setLaunchError({ message: answer.message || t('slot_machines.game_error'), final: FINAL_REFUSALS.has(answer.code) });
      return;
    }
    setSession(answer.data);
    // The player's pace across games and tabs: a round of theirs elsewhere a moment ago holds the
    // first deal here too, counted from the new session's start on the studio's clock.
    const paceMs = launchPaceMs(answer.data);
    if (paceMs > 0) waitPace(paceMs);
    // The hand the player left (a reload, a closed tab, another session): back on the table.
    if (answer.data.openRound) show(answer.data.openRound, 'resume');
    setAwaited((current) => awaitedOnLaunch(current, answer.data.pendingRound, gameId));
  }, [gameId, mode, t, show, waitPace, setEnded]);

  useLaunchOnce(launch);

  // The countdown of the pace: from the moment the deal's answer arrived (usePaceCountdown).
  const waitSeconds = secondsLeft(paceLeftMs);

  /** A refusal: said in Danish, and what it tells acted on (the pace, an ended session, a hand open, the warning). */
  const refused = useCallback(
    async (answer: Refusal, path: string, roundId: string | null) => {
      actOnRefusal(answer, path, setters);
      // A warning set meanwhile, or a hand of this game still open (another tab): read the session again.
      if (answer.code === 'GAME_WARNING_UNANSWERED' || answer.code === 'TABLE_HAND_OPEN') await readSession(path, true);
      // A round that ended meanwhile (its timeout, another tab): shown as it ended.
      if (answer.code === 'TABLE_ROUND_OVER' && roundId) {
        const fate = await call<RoundFate>('GET', `${path}/rounds/${encodeURIComponent(roundId)}`);
        if (fate.ok && isTableRound(fate.data.round)) show(fate.data.round, 'answer');
      }
    },
    [setters, readSession, show],
  );

  /** An answer with a round: on the table, or awaited when the casino's answer is owed. */
  const answered = useCallback(
    (data: RoundAnswer) => {
      setSession(data.session);
      if (mode === 'real') void refreshAccountSummary();
      if (isTableRound(data.round)) {
        show(data.round, 'answer');
        return data.round;
      }
      if (data.round.status === 'pending') {
        setAwaited(playedPending(data.round.roundId));
        return 'pending' as const;
      }
      setError(t('slot_machines.round_refused'));
      return null;
    },
    [mode, show, t],
  );

  const warning = session?.warning ?? null;
  const playing = round?.status === 'playing';
  const ready = Boolean(session) && !busy && !warning && !ended && !awaited;
  const canDeal = ready && !playing && waitSeconds === 0;
  const canAct = ready && playing;

  const deal = useCallback(
    async (body: DealBody) => {
      if (!sessionPath || !canDeal) return null;
      setBusy(true);
      setError(null);
      const answer = await call<RoundAnswer>('POST', `${sessionPath}/rounds`, body);
      setBusy(false);
      if (!answer.ok) {
        await refused(answer, sessionPath, null);
        return null;
      }
      waitPace(paceAfterRound(answer.data.round, answer.data.session.nextRoundAt));
      return answered(answer.data);
    },
    [sessionPath, canDeal, refused, answered, waitPace],
  );

  const act = useCallback(
    async (body: ActionBody) => {
      if (!sessionPath || !canAct || !round) return null;
      setBusy(true);
      setError(null);
      const answer = await call<RoundAnswer>('POST', `${sessionPath}/rounds/${encodeURIComponent(round.roundId)}/actions`, body);
      setBusy(false);
      if (!answer.ok) {
        await refused(answer, sessionPath, round.roundId);
        return null;
      }
      return answered(answer.data);
    },
    [sessionPath, canAct, round, refused, answered],
  );

  // The money-played warning falls due with time, not only with a round (never over a round's answer).
  useWarningPoll(sessionPath, mode === 'real' && !ended, busy, setSession);

  const answerWarning = useCallback(
    async (answer: 'continue' | 'stop') => {
      if (!sessionPath) return false;
      return sendWarningAnswer(sessionPath, answer, setters);
    },
    [sessionPath, setters],
  );

  const clearError = useCallback(() => setError(null), []);

  return {
    session,
    sessionPath,
    launchError,
    round,
    resumed,
    busy,
    error,
    ended,
    waitSeconds,
    awaited,
    canDeal,
    canAct,
    launch,
    deal,
    act,
    answerWarning,
    clearError,
  };
}
