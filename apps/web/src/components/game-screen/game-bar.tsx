'use client';

import Link from 'next/link';
// Relative, not '@/lib': the unit tests of this file run without the app's path alias.
import type { Translate } from '../../lib/i18n';
import { formatMinutes, formatSignedKr, minutesSince } from '../../lib/slot-screen';
import { lastRoundLine } from './jackpot-words';
import { HeaderClock } from '../layout/header-clock';
import { useServerTime } from '../layout/use-server-time';
import styles from './game-screen.module.css';

/*
 * The top of the shell every game kind shares (the slots' screen and the tables'): the bar, the
 * play type's note and the launch's problem. Their test ids, classes and words are the browser
 * tests' and the players' (docs/conventions), the same on every game.
 */

/**
 * The bar above a game: the way back to its lobby, the game's name (and the studio's brand where
 * the catalogue gives it), what the page puts beside it (the favourite heart), the Copenhagen
 * clock (server-corrected), the time since login (a logged-in player only), the session's net, and
 * a last round whose stake won a jackpot with its game win and jackpot win apart.
 */
export function GameBar({
  name,
  studio,
  lobbyPath,
  loginAt,
  netOre,
  lastRound,
  extra,
  backLabel,
  t,
}: {
  name: string;
  /** The studio brand shown to players, or none (null, or a kind that shows none). */
  studio?: string | null;
  lobbyPath: string;
  /** When the player logged in (profile lastLogin); null for a guest. */
  loginAt: string | null;
  /** The session's net so far; null before the session is open. */
  netOre: number | null;
  /** The last round, when its stake won a jackpot: its game win and its jackpot win (issue 26); else none. */
  lastRound?: { winOre: number; jackpotWinOre: number } | null;
  extra?: React.ReactNode;
  /** The way back's words: "Tilbage til lobbyen" unless the kind names its own (the live casino's). */
  backLabel?: string;
  t: Translate;
}) {
  const now = useServerTime();
  const loggedInMinutes = minutesSince(loginAt, now);
  return (
    <div className={styles.bar} data-testid="game-bar">
      <Link href={lobbyPath} className={styles.back} prefetch={false} data-testid="game-exit">
        {backLabel ?? t('games.back_to_lobby')}
      </Link>
      <div className={styles.title}>
        <h1>{name}</h1>
        {studio ? <p className={styles.studio}>{studio}</p> : null}
      </div>
      {extra}
      <dl className={styles.barFacts}>
        <div>
          <dt>{t('slot_machines.clock')}</dt>
          <dd data-testid="game-clock">
            <HeaderClock label={t('label.clock')} />
          </dd>
        </div>
        {loginAt ? (
          <div>
            <dt>{t('slot_machines.time_since_login')}</dt>
            <dd data-testid="game-login-time">{loggedInMinutes === null ? '–' : formatMinutes(loggedInMinutes, t)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('slot_machines.session_net')}</dt>
          <dd data-testid="game-net">{netOre === null ? '–' : formatSignedKr(netOre)}</dd>
        </div>
        {lastRound && lastRound.jackpotWinOre > 0 ? (
          <div>
            <dt>{t('slot_machines.last_round')}</dt>
            <dd data-testid="game-last-round" data-win-ore={lastRound.winOre} data-jackpot-ore={lastRound.jackpotWinOre}>
              {lastRoundLine(lastRound, t)}
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

/** What the play type means (fun money or real), with the way to play for money from a fun game. */
export function ModeNote({
  mode,
  moneyPath,
  loggedIn,
  t,
}: {
  mode: 'fun' | 'real';
  /** Where "play for money" leads (login first for a guest), or null. */
  moneyPath: string | null;
  loggedIn: boolean;
  t: Translate;
}) {
  return (
    <p className={styles.note} data-testid="game-mode-note">
      {mode === 'fun' ? t('slot_machines.demo_note') : t('slot_machines.real_money_note')}
      {moneyPath ? (
        <>
          {' '}
          <Link href={moneyPath} prefetch={false} data-testid="game-play-for-money">
            {loggedIn ? t('slot_machines.play_for_money') : t('slot_machines.play_for_money_login')}
          </Link>
        </>
      ) : null}
    </p>
  );
}

/**
 * A launch the studio refused: its message, a new try unless the refusal is final (the player's
 * state, not a hiccup), and the same game for fun when money was refused.
 */
export function LaunchProblem({
  problem,
  mode,
  funPath,
  onRetry,
  t,
}: {
  problem: { message: string; final: boolean };
  mode: 'fun' | 'real';
  /** The same game for fun; null where there is none (a live table). */
  funPath: string | null;
  onRetry: () => void;
  t: Translate;
}) {
  return (
    <div className={styles.problem} role="alert" data-testid="game-launch-error">
      <p>{problem.message}</p>
      <p className={styles.problemLinks}>
        {problem.final ? null : (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {t('slot_machines.play_again')}
          </button>
        )}
        {mode === 'real' && funPath ? (
          <Link href={funPath} className="btn btn-outline" prefetch={false}>
            {t('slot_machines.play_for_fun')}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
