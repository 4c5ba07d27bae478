'use client';

import { formatKr } from '@krone/domain';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { textsTranslator, type Texts } from '../../lib/i18n';
import { dueWarning, readWarningClock, warningClockKey, type WarningClock } from '../../lib/live-warning';
import type { PlayedFigures } from '../../lib/live-casino';
import { GameBar, LaunchProblem } from '../game-screen/game-bar';
import styles from '../game-screen/game-screen.module.css';
import { MoneyWarning } from '../game-screen/money-warning';
import { call, FINAL_REFUSALS, useLaunchOnce } from '../game-screen/screen-helpers';
import { refreshAccountSummary } from '../players/account-summary';
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
  played: PlayedFigures | null;
}

/** How often the bar's balance and net are read while the table is open (the studio settles each round a few seconds after its result). */
const FIGURES_POLL_MS = 4_000;
/** Rounds count from a little before the launch: the storefront's and the platform's clocks may differ by a moment. */
const FROM_MARGIN_MS = 60_000;

/** The bar's figures for a seat (app/api/live/sessions/…): from its launch, and the player's since `since` when given; null when not read. */
async function fetchFigures(seat: Seat, since: number | null): Promise<Figures | null> {
  const query = new URLSearchParams({ from: new Date(Date.parse(seat.startedAt) - FROM_MARGIN_MS).toISOString() });
  if (since !== null) query.set('since', new Date(since).toISOString());
  const answer = await call<Figures>('GET', `/api/live/sessions/${encodeURIComponent(seat.gameSessionId)}?${query}`);
  return answer.ok ? answer.data : null;
}

/**
 * A live table's screen (issue 25) in the shell every game shares: the bar (the way back to the
 * live casino, the table's name and studio, the Copenhagen clock, the time since login, the
 * session's net), the balance, and the studio's game client in a frame. The seat is taken once
 * the screen runs in the browser (POST /api/live/launch), so no page view opens a session; a
 * refusal is said in Danish as for every game. The balance and the net are read every few
 * seconds: the studio's calls move the money, not this page. The money-played warning is kept
 * here (the studio does not know it): due `warningMinutes` after the player's first live table of
 * the login (or their last "continue"), it pauses the table until answered.
 */
export function LiveScreen({
  gameId,
  name,
  studio,
  loginAt,
  warningMinutes,
  lobbyPath,
  texts,
}: {
  gameId: string;
  name: string;
  studio: string | null;
  /** When the player logged in (profile lastLogin). */
  loginAt: string | null;
  /** The money-played warning's minutes (system config wageringTimePopup). */
  warningMinutes: number;
  lobbyPath: string;
  texts: Texts;
}) {
  const t = useMemo(() => textsTranslator(texts), [texts]);
  const router = useRouter();
  const [seat, setSeat] = useState<Seat | null>(null);
  const [problem, setProblem] = useState<{ message: string; final: boolean } | null>(null);
  const [figures, setFigures] = useState<Figures | null>(null);
  // The server's clock less the device's, from the launch's answer.
  const skew = useRef(0);
  const serverNow = useCallback(() => Date.now() + skew.current, []);

  const launch = useCallback(async () => {
    setProblem(null);
    const answer = await call<Seat>('POST', '/api/live/launch', { gameId });
    if (!answer.ok) {
      setProblem({ message: answer.message || t('games.error_live_unavailable'), final: FINAL_REFUSALS.has(answer.code) });
      return;
    }
    const started = Date.parse(answer.data.startedAt);
    if (Number.isFinite(started)) skew.current = started - Date.now();
    setSeat(answer.data);
  }, [gameId, t]);
  useLaunchOnce(launch);

  const warning = useLiveWarning({ loginAt, warningMinutes, active: seat !== null, serverNow });

  const showFigures = useCallback((read: Figures | null) => {
    if (!read) return;
    setFigures((before) => {
      // The header's balance (where header__use_playgames shows it) follows the bar's.
      if (before && before.balanceOre !== read.balanceOre) void refreshAccountSummary();
      return read;
    });
  }, []);

  useEffect(() => {
    if (!seat) return;
    void fetchFigures(seat, null).then(showFigures);
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void fetchFigures(seat, null).then(showFigures);
    }, FIGURES_POLL_MS);
    return () => window.clearInterval(timer);
  }, [seat, showFigures]);

  // When the warning falls due: the player's figures since their play began, for its text.
  const [played, setPlayed] = useState<PlayedFigures | null>(null);
  const dueAt = warning.due ? (warning.clock?.playSince ?? null) : null;
  useEffect(() => {
    if (dueAt === null || !seat) return;
    void fetchFigures(seat, dueAt).then((read) => {
      showFigures(read);
      setPlayed(read?.played ?? { stakedOre: 0, wonOre: 0, netOre: 0, rounds: 0 });
    });
  }, [dueAt, seat, showFigures]);

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
      <div inert={warning.due}>
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
      {warning.due && played ? (
        <MoneyWarning
          warning={{ minutesPlayed: warning.minutesPlayed, netOre: played.netOre, stakedOre: played.stakedOre, wonOre: played.wonOre }}
          busy={false}
          t={t}
          onContinue={() => {
            warning.answer();
            setPlayed(null);
          }}
          onStop={() => router.push(lobbyPath)}
        />
      ) : null}
    </div>
  );
}

/**
 * The money-played warning's clock for live tables, per login and shared by the player's tabs
 * (localStorage, lib/live-warning.ts): due `warningMinutes` after the clock's start, checked every
 * few seconds while a table is open; answering "continue" starts it again.
 */
function useLiveWarning({
  loginAt,
  warningMinutes,
  active,
  serverNow,
}: {
  loginAt: string | null;
  warningMinutes: number;
  active: boolean;
  serverNow: () => number;
}) {
  const [clock, setClock] = useState<WarningClock | null>(null);
  const [now, setNow] = useState(0);
  const key = warningClockKey(loginAt);
  useEffect(() => {
    if (!active) return;
    const read = () => {
      const at = serverNow();
      setClock((kept) => readWarningClock(window.localStorage, key, at, kept));
      setNow(at);
    };
    read();
    const timer = window.setInterval(read, 5_000);
    return () => window.clearInterval(timer);
  }, [active, key, serverNow]);
  const due = clock !== null && dueWarning(clock, warningMinutes, now);
  return {
    clock,
    due,
    minutesPlayed: clock ? Math.max(0, (now - clock.playSince) / 60_000) : 0,
    answer: () => {
      const at = serverNow();
      const next = { ...(clock ?? { playSince: at }), warningSince: at };
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage refused (private mode): the clock lives in this page only.
      }
      setClock(next);
      setNow(at);
    },
  };
}
