'use client';

import { formatKr } from '@krone/domain';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { textsTranslator, type Texts } from '@/lib/i18n';
import { initialStake, paceAfterRound, secondsLeft, winningCells } from '@/lib/slot-screen';
import { awaitedOnLaunch, playedPending } from '@/lib/pending-round';
import { isShownRound } from '@/lib/studio-rounds';
import type { GameRules, RoundAnswer, StudioRound, StudioSession } from '@/lib/studio-schemas';
import { refreshAccountSummary } from '../players/account-summary';
import styles from './game-screen.module.css';
import { GameBar, LaunchProblem, ModeNote } from './game-bar';
import { MoneyWarning } from './money-warning';
import { FreeSpins } from './free-spins';
import {
  actOnRefusal,
  call,
  FINAL_REFUSALS,
  launchPaceMs,
  ownedByControl,
  placeholderWindow,
  sendWarningAnswer,
  useSessionEnd,
  useLaunchOnce,
  useAwaitedRound,
  usePaceCountdown,
  useReducedMotion,
  useWarningPoll,
  type ScreenSetters,
} from './screen-helpers';
import { MotionToggle, StakeSelector } from './game-controls';
import { RoundWords } from './round-words';
import { WindowGrid } from './window-grid';
import { SlotStage, type SlotStageHandle, type StageStatus } from './stage/slot-stage';
import { stageJackpotOf, stageRoundOf } from './stage/stage-model';
import { jackpotTotalOre } from './jackpot-words';
import { JackpotNote } from './jackpot-note';
import { FreeRoundsStake, FreeRoundsSummary, freeRoundsDoneAfter, type FreeRoundsDone } from './free-rounds';
import type { StagePhase } from './stage/pixi/slot-game';
import { useMotionSetting } from './stage/motion-setting';

type Mode = 'fun' | 'real';

/** Without the canvas (not started yet, or not available): how long the grid turns before the result shows; none with motion off. */
const SPIN_ANIMATION_MS = 600;

/**
 * The game screen of a slot: the window of symbols, the stake among the title's steps, spin by
 * button or keyboard (Space/Enter) at the studio's pace (3 s, counted down on the button), the
 * balance, the last win and the round explained, the money-played warning, and a bar with the
 * Copenhagen clock (server-corrected), the time since login and the session's result. No
 * autoplay and no turbo: every round is one press.
 */
export function GameScreen({
  gameId,
  mode,
  rules,
  loginAt,
  studio,
  colours,
  lobbyPath,
  moneyPath,
  texts,
  children,
  barExtra,
}: {
  gameId: string;
  mode: Mode;
  rules: GameRules;
  /** When the player logged in (profile lastLogin); null for a guest. */
  loginAt: string | null;
  /** The studio brand shown to players, from the catalogue (null when the catalogue did not answer). */
  studio?: string | null;
  /** The title's colours, from the catalogue: the window's background, frame and highlight. */
  colours?: { background: string; primary: string; accent: string } | null;
  lobbyPath: string;
  /** Where "play for money" leads from a fun game (login first for a guest), or null. */
  moneyPath: string | null;
  texts: Texts;
  children?: React.ReactNode;
  /** Shown in the bar beside the game's name (the favourite heart, from the page). */
  barExtra?: React.ReactNode;
}) {
  const t = useMemo(() => textsTranslator(texts), [texts]);
  const router = useRouter();
  const reducedMotion = useReducedMotion();
  // Motion off by the device's wish (prefers-reduced-motion) or by the game's own setting.
  const [motionWanted, setMotionWanted] = useMotionSetting();
  const motion = motionWanted && !reducedMotion;
  const stage = useRef<SlotStageHandle>(null);
  const [stageStatus, setStageStatus] = useState<StageStatus>('loading');
  const [stagePhase, setStagePhase] = useState<StagePhase>('rest');
  // The renderer loads once the first launch has answered (the first round comes first on a slow phone).
  const [stageBegin, setStageBegin] = useState(false);
  const presenting = stagePhase === 'presenting';
  const [session, setSession] = useState<StudioSession | null>(null);
  const [launchError, setLaunchError] = useState<{ message: string; final: boolean } | null>(null);
  const [round, setRound] = useState<StudioRound | null>(null);
  const [stakeOre, setStakeOre] = useState(() => initialStake(rules.stake));
  const [busy, setBusy] = useState(false);
  const [animating, setAnimating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The free rounds' total once the last was played (issue 27), shown until the screen is left.
  const [freeRoundsDone, setFreeRoundsDone] = useState<FreeRoundsDone | null>(null);
  const { leftMs: paceLeftMs, wait: waitPace } = usePaceCountdown();
  const spinButton = useRef<HTMLButtonElement>(null);

  // A round answered late (pending until the casino confirmed it): shown at once, reels at rest on
  // it, then its jackpot hit (if its stake won a pool) over them.
  const showAwaited = useCallback(
    (settled: StudioRound, balanceOre: number | null) => {
      setRound(settled);
      stage.current?.rest(settled.outcome.window);
      const jackpot = stageJackpotOf(settled.jackpotWins, { winOre: settled.winOre, balanceOre }, t);
      if (jackpot) void stage.current?.presentJackpot(jackpot);
    },
    [t],
  );
  const sessionPath = session ? `/api/spil/sessions/${encodeURIComponent(session.sessionId)}` : null;
  const { ended, setEnded, end: endSession } = useSessionEnd(sessionPath);
  // What the handlers the screens share (a refusal, the warning's answer) change here.
  const setters = useMemo<ScreenSetters>(
    () => ({ t, busy: setBusy, error: setError, wait: waitPace, ended: endSession, session: setSession }),
    [t, waitPace, endSession],
  );
  // A round whose casino answer is owed (played here, or the player's from another session): no new round meanwhile.
  const [awaited, setAwaited] = useAwaitedRound(sessionPath, { show: showAwaited, refused: setError, session: setSession, t });

  const launch = useCallback(async () => {
    setLaunchError(null);
    setEnded(false);
    const answer = await call<StudioSession>('POST', '/api/spil/sessions', { gameId, mode });
    setStageBegin(true);
    if (answer.ok) {
      setSession(answer.data);
      // The player's pace across games and tabs: a round of theirs elsewhere a moment ago holds the first spin here too.
      const paceMs = launchPaceMs(answer.data);
      if (paceMs > 0) waitPace(paceMs);
      // The player's round still pending from a reload, another tab or game: shown as pending, polled until answered.
      setAwaited((current) => awaitedOnLaunch(current, answer.data.pendingRound, gameId));
      setStakeOre((current) => (answer.data.stake.stepsOre.includes(current) ? current : initialStake(answer.data.stake)));
    } else setLaunchError({ message: answer.message || t('slot_machines.game_error'), final: FINAL_REFUSALS.has(answer.code) });
  }, [gameId, mode, t, setAwaited, waitPace, setEnded]);

  useLaunchOnce(launch);

  // The countdown of the pace: from the moment the round's answer arrived (usePaceCountdown).
  const waiting = paceLeftMs > 0;

  const warning = session?.warning ?? null;
  // Free rounds on this title are played first, at their stake: no stake choice while any are left.
  const freeRounds = mode === 'real' ? (session?.freeRounds ?? null) : null;
  const canSpin = Boolean(session) && !busy && !animating && !waiting && !warning && !ended && !awaited && !presenting;
  // The window the screen shows now: the last round's, else the calm start picture.
  const shownWindow = useRef<number[][]>(placeholderWindow(rules));
  useEffect(() => {
    if (round) shownWindow.current = round.outcome.window;
  }, [round]);

  const spin = useCallback(async () => {
    if (!sessionPath || !canSpin) return;
    setBusy(true);
    setError(null);
    const onStage = stage.current?.ready === true ? stage.current : null;
    if (motion) setAnimating(true);
    onStage?.startSpin();
    const started = performance.now();
    const answer = await call<RoundAnswer>('POST', `${sessionPath}/rounds`, freeRounds ? { freeRoundsId: freeRounds.id } : { stakeOre });
    const reveal = () => {
      setAnimating(false);
      setBusy(false);
    };
    // No outcome to show (a refusal, a pending round, a failure): the reels come to rest where they were.
    if (!answer.ok || !isShownRound(answer.data.round)) onStage?.rest(shownWindow.current);
    if (answer.ok) {
      const arrived = performance.now();
      waitPace(paceAfterRound(answer.data.round, answer.data.session.nextRoundAt), arrived);
      const shown = answer.data.round;
      if (!isShownRound(shown)) {
        // Pending: the outcome is not shown until the casino has answered (a refusal means it never happened).
        setRound(null);
        setAwaited(playedPending(shown.roundId));
        return reveal();
      }
      const show = () => {
        setRound(shown);
        setSession(answer.data.session);
        const done = freeRoundsDoneAfter(shown);
        if (done) setFreeRoundsDone(done);
        reveal();
      };
      if (mode === 'real') void refreshAccountSummary();
      if (onStage) {
        // The canvas: reels stop reel by reel on the drawn window, then the figures and words
        // change (what is in view and what is said agree), then the wins play out.
        await onStage.land(shown.outcome.window);
        show();
        // The game's wins, then a jackpot the stake won, with the balance that includes it.
        await onStage.present(stageRoundOf(shown, rules, t, answer.data.session.balanceOre));
        return;
      }
      const left = motion ? SPIN_ANIMATION_MS - (arrived - started) : 0;
      if (left > 0) window.setTimeout(show, left);
      else show();
      return;
    }
    reveal();
    actOnRefusal(answer, sessionPath, setters);
    // A warning the screen did not know of yet (the studio set it meanwhile): read the session again.
    if (answer.code === 'GAME_WARNING_UNANSWERED') {
      const state = await call<StudioSession>('GET', sessionPath);
      if (state.ok) setSession(state.data);
    }
  }, [sessionPath, canSpin, motion, stakeOre, freeRounds, mode, t, setAwaited, rules, waitPace, setters]);

  // The money-played warning falls due with time, not only with a round (never over a round's answer).
  useWarningPoll(sessionPath, mode === 'real' && !ended, busy, setSession);

  // Space and Enter spin, unless a control (a button, a link, the rules) has the key.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.key !== ' ' && event.key !== 'Enter') || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      if (ownedByControl(event.target)) return;
      event.preventDefault();
      // While wins play out, the key skips to their end; else it spins.
      if (presenting) stage.current?.skip();
      else void spin();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [spin, presenting]);

  const answerWarning = useCallback(
    async (answer: 'continue' | 'stop') => {
      if (!sessionPath) return;
      if (!(await sendWarningAnswer(sessionPath, answer, setters))) return;
      if (answer === 'stop') router.push(lobbyPath);
      else spinButton.current?.focus();
    },
    [sessionPath, router, lobbyPath, setters],
  );

  const cells = useMemo(() => (round ? winningCells(round.outcome, rules) : new Set<string>()), [round, rules]);
  // The pools the last round's stake won, paid apart from its game win (0 when none).
  const jackpotWinOre = jackpotTotalOre(round?.jackpotWins);
  const window_ = round?.outcome.window ?? placeholderWindow(rules);
  const steps = session?.stake.stepsOre ?? rules.stake.stepsOre;

  const spinLabel = waiting
    ? t('slot_machines.spin_wait', { seconds: secondsLeft(paceLeftMs) })
    : animating || busy
      ? t('slot_machines.spinning')
      : freeRounds
        ? t('slot_machines.free_rounds_spin')
        : t('slot_machines.spin');

  return (
    <div
      className={styles.screen}
      style={
        colours
          ? ({ '--game-bg': colours.background, '--game-primary': colours.primary, '--game-accent': colours.accent } as React.CSSProperties)
          : undefined
      }
      data-testid="game-screen"
      data-mode={mode}
      data-game={gameId}
    >
      <GameBar
        name={rules.name}
        studio={studio}
        lobbyPath={lobbyPath}
        loginAt={loginAt}
        netOre={session?.netOre ?? null}
        lastRound={round && jackpotWinOre > 0 ? { winOre: round.winOre, jackpotWinOre } : null}
        extra={barExtra}
        t={t}
      />
      <ModeNote mode={mode} moneyPath={moneyPath} loggedIn={Boolean(loginAt)} t={t} />

      {launchError ? (
        <LaunchProblem
          problem={launchError}
          mode={mode}
          funPath={`/spilleautomater/spil-for-sjov/${gameId}`}
          onRetry={() => void launch()}
          t={t}
        />
      ) : null}

      <div className={styles.stage} inert={Boolean(warning)}>
        <div className={styles.stageBox}>
          <SlotStage
            ref={stage}
            rules={rules}
            colours={colours ?? null}
            window={window_}
            motion={motion}
            t={t}
            onStatus={setStageStatus}
            onPhase={setStagePhase}
            failed={stageStatus === 'failed'}
            begin={stageBegin}
          />
          {presenting ? (
            <button type="button" className={styles.skip} onClick={() => stage.current?.skip()} data-testid="game-skip">
              {t('slot_machines.stage_skip')}
            </button>
          ) : null}
          <WindowGrid
            rules={rules}
            window={window_}
            cells={cells}
            roundId={round?.roundId ?? ''}
            label={t('slot_machines.reels_label', { game: rules.name })}
            turning={animating && stageStatus !== 'ready'}
            busy={animating}
            hidden={stageStatus === 'ready'}
            overlay={stageStatus === 'loading'}
          />
        </div>

        <div className={styles.controls}>
          <dl className={styles.money}>
            <div>
              <dt>{mode === 'fun' ? t('slot_machines.balance_fun') : t('slot_machines.balance')}</dt>
              <dd data-testid="game-balance">{session ? formatKr(session.balanceOre) : '–'}</dd>
            </div>
            <div>
              <dt>{t('slot_machines.last_win')}</dt>
              <dd data-testid="game-last-win">{round ? formatKr(round.winOre) : '–'}</dd>
            </div>
            {jackpotWinOre > 0 ? (
              <div>
                <dt>{t('slot_machines.last_jackpot_win')}</dt>
                <dd data-testid="game-last-jackpot">{formatKr(jackpotWinOre)}</dd>
              </div>
            ) : null}
          </dl>
          {freeRounds ? (
            <FreeRoundsStake offer={freeRounds} t={t} />
          ) : (
            <StakeSelector steps={steps} stakeOre={stakeOre} onChange={setStakeOre} disabled={busy} t={t} />
          )}
          <button
            ref={spinButton}
            type="button"
            className={`btn btn-primary ${styles.spin}`}
            onClick={() => void spin()}
            disabled={!canSpin}
            aria-keyshortcuts="Space Enter"
            data-testid="game-spin"
          >
            {spinLabel}
          </button>
          <MotionToggle motion={motion} deviceOff={reducedMotion} onChange={() => setMotionWanted(!motionWanted)} t={t} />
        </div>
        <section className={styles.result} aria-live="polite" aria-atomic="true" data-testid="game-round">
          <h2 className={styles.resultHeading}>{t('slot_machines.last_round')}</h2>
          {awaited ? (
            <p className={styles.muted} role="status" data-testid="game-round-pending" data-own-game={awaited.ownGame}>
              {awaited.ownGame ? t('slot_machines.round_pending') : t('slot_machines.round_pending_other_game')}
            </p>
          ) : round ? (
            <>
              {round.jackpotWins?.length ? <JackpotNote wins={round.jackpotWins} t={t} /> : null}
              <RoundWords round={round} rules={rules} t={t} />
            </>
          ) : (
            <p className={styles.muted}>{t('slot_machines.keyboard_hint')}</p>
          )}
          {error ? (
            <p className={styles.error} role="alert" data-testid="game-error">
              {error}
            </p>
          ) : null}
          {warning && !error ? <p className={styles.error}>{t('slot_machines.warning_pending')}</p> : null}
          {freeRoundsDone && !freeRounds ? <FreeRoundsSummary done={freeRoundsDone} t={t} /> : null}
          {ended ? (
            <p className={styles.error}>
              {t('slot_machines.game_ended')}{' '}
              <button type="button" className="btn btn-outline" onClick={() => void launch()}>
                {t('slot_machines.play_again')}
              </button>
            </p>
          ) : null}
        </section>
        {/* Outside the live region: only the round's words are read out when it lands. */}
        {round ? <FreeSpins key={round.roundId} round={round} rules={rules} t={t} /> : null}
      </div>
      {children}

      {warning ? (
        <MoneyWarning
          warning={warning}
          busy={busy}
          t={t}
          onContinue={() => void answerWarning('continue')}
          onStop={() => void answerWarning('stop')}
        />
      ) : null}
    </div>
  );
}
