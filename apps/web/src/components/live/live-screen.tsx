'use client';

import { formatKr } from '@krone/domain';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { textsTranslator, type Texts } from '../../lib/i18n';
import { dueLiveWarning, type LiveWarningView } from '../../lib/live-casino';
import { GameBar, LaunchProblem } from '../game-screen/game-bar';
import styles from '../game-screen/game-screen.module.css';
import { MoneyWarning } from '../game-screen/money-warning';
import { call, FINAL_REFUSALS, useLaunchOnce } from '../game-screen/screen-helpers';
import { refreshAccountSummary } from '../players/account-summary';
import { NoVideoLabel } from './live-tile-state';
import liveStyles from './live.module.css';

/** The launch's answer (app/api/live/launch). */
interface Seat {
  gameSessionId: string;
  gameUrl: string;
  expiresAt: string;
  /** The storefront's time of the launch: the session's rounds count from it. */
  startedAt: string;
}

interface Figures {
  balanceOre: number;
  netOre: number | null;
  /** The money-played warning as the platform keeps it; null when it could not be read. */
  warning: LiveWarningView | null;
}

/** How often the bar's balance and net are read while the table is open (the studio settles each round a few seconds after its result). */
const FIGURES_POLL_MS = 4_000;
/** Rounds count from a little before the launch: the storefront's and the platform's clocks may differ by a moment. */
const FROM_MARGIN_MS = 60_000;

/** The bar's figures for a seat (app/api/live/sessions/…), from its launch, and the warning; null when not read. */
async function fetchFigures(seat: Seat): Promise<Figures | null> {
  const query = new URLSearchParams({ from: new Date(Date.parse(seat.startedAt) - FROM_MARGIN_MS).toISOString() });
  const answer = await call<Figures>('GET', `/api/live/sessions/${encodeURIComponent(seat.gameSessionId)}?${query}`);
  return answer.ok ? answer.data : null;
}

/**
 * A live table's screen (issue 25) in the shell every game shares: the bar (the way back to the
 * live casino, the table's name and studio, the Copenhagen clock, the time since login, the
 * session's net), under it "Tegnet bord · ingen video" for a table the studio does not film, the
 * balance, and the studio's game client in a frame. The seat is taken once
 * the screen runs in the browser (POST /api/live/launch), so no page view opens a session; a
 * refusal is said in Danish as for every game. The balance and the net are read every few
 * seconds: the studio's calls move the money, not this page. The money-played warning is the
 * platform's (the studio does not know it): read with the figures, it pauses the table while due
 * (the frame inert; the platform refuses the studio's bets meanwhile) until the player continues,
 * here or in another tab of the login.
 */
export function LiveScreen({
  gameId,
  name,
  studio,
  loginAt,
  drawn,
  lobbyPath,
  texts,
}: {
  gameId: string;
  name: string;
  studio: string | null;
  /** When the player logged in (profile lastLogin). */
  loginAt: string | null;
  /** The studio does not film the table (the lobby says no video, or is not known): labelled drawn by the bar. */
  drawn: boolean;
  lobbyPath: string;
  texts: Texts;
}) {
  const t = useMemo(() => textsTranslator(texts), [texts]);
  const router = useRouter();
  const [seat, setSeat] = useState<Seat | null>(null);
  const [problem, setProblem] = useState<{ message: string; final: boolean } | null>(null);
  const [figures, setFigures] = useState<Figures | null>(null);
  // The platform's warning: the last read kept while a read fails (the platform refuses the bets regardless).
  const [warning, setWarning] = useState<LiveWarningView | null>(null);
  const [answering, setAnswering] = useState(false);
  // Counts the player's answers: a read begun before the latest answer does not bring its warning back.
  const answers = useRef(0);

  const launch = useCallback(async () => {
    setProblem(null);
    const answer = await call<Seat>('POST', '/api/live/launch', { gameId });
    if (!answer.ok) {
      setProblem({ message: answer.message || t('games.error_live_unavailable'), final: FINAL_REFUSALS.has(answer.code) });
      return;
    }
    setSeat(answer.data);
  }, [gameId, t]);
  useLaunchOnce(launch);

  const showFigures = useCallback((read: Figures | null, answersBefore: number) => {
    if (!read) return;
    setFigures((before) => {
      // The header's balance (where header__use_playgames shows it) follows the bar's.
      if (before && before.balanceOre !== read.balanceOre) void refreshAccountSummary();
      return read;
    });
    if (read.warning && answersBefore === answers.current) setWarning(read.warning);
  }, []);

  const readFigures = useCallback(
    async (at: Seat) => {
      const answersBefore = answers.current;
      showFigures(await fetchFigures(at), answersBefore);
    },
    [showFigures],
  );

  useEffect(() => {
    if (!seat) return;
    void readFigures(seat);
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void readFigures(seat);
    }, FIGURES_POLL_MS);
    return () => window.clearInterval(timer);
  }, [seat, readFigures]);

  const answerWarning = useCallback(async () => {
    setAnswering(true);
    answers.current += 1;
    const answer = await call<{ warning: LiveWarningView }>('POST', '/api/live/warning', { answer: 'continue' });
    if (answer.ok) setWarning(answer.data.warning);
    else if (seat) await readFigures(seat);
    setAnswering(false);
  }, [seat, readFigures]);

  // Shown only at a seat: the warning pauses the table the player sits at.
  const due = seat ? dueLiveWarning(warning) : null;

  return (
    <div className={styles.screen} data-testid="game-screen" data-mode="real" data-game={gameId} data-kind="live">
      <GameBar
        name={name}
        studio={studio}
        lobbyPath={lobbyPath}
        loginAt={loginAt}
        netOre={figures?.netOre ?? null}
        backLabel={t('games.live_back_to_lobby')}
        t={t}
      />
      {drawn ? <NoVideoLabel t={t} /> : null}
      <p className={styles.note} data-testid="game-mode-note">
        {t('games.live_money_only')}
      </p>
      {problem ? <LaunchProblem problem={problem} mode="real" funPath={null} onRetry={() => void launch()} t={t} /> : null}
      <dl className={liveStyles.money}>
        <div>
          <dt>{t('slot_machines.balance')}</dt>
          <dd data-testid="game-balance">{figures ? formatKr(figures.balanceOre) : '–'}</dd>
        </div>
      </dl>
      <div inert={due !== null}>
        {seat ? (
          <iframe
            className={liveStyles.frame}
            src={seat.gameUrl}
            title={t('games.live_frame_title', { name })}
            allow="autoplay; fullscreen"
            // The studio's client runs its own script and calls its own origin (a sandbox without
            // same-origin would make those calls cross-origin); nothing else: no forms, pop-ups or
            // navigation of this page.
            sandbox="allow-scripts allow-same-origin"
            referrerPolicy="no-referrer"
            data-testid="live-frame"
          />
        ) : problem ? null : (
          <p className={liveStyles.opening} role="status">
            {t('games.live_opening')}
          </p>
        )}
      </div>
      {due ? (
        <MoneyWarning warning={due} busy={answering} t={t} onContinue={() => void answerWarning()} onStop={() => router.push(lobbyPath)} />
      ) : null}
    </div>
  );
}
