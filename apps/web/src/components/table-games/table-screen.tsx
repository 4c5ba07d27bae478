'use client';

import { formatKr } from '@krone/domain';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import { textsTranslator, type Texts } from '@/lib/i18n';
import { formatMinutes, formatSignedKr, minutesSince } from '@/lib/slot-screen';
import type { StudioSession, TableRules } from '@/lib/studio-schemas';
import { HeaderClock } from '../layout/header-clock';
import { useServerTime } from '../layout/use-server-time';
import { MotionToggle } from '../game-screen/game-controls';
import styles from '../game-screen/game-screen.module.css';
import { MoneyWarning } from '../game-screen/money-warning';
import { useReducedMotion } from '../game-screen/screen-helpers';
import { useMotionSetting } from '../game-screen/stage/motion-setting';
import tableStyles from './table-games.module.css';
import { TableStatus } from './table-result';
import { useTableSession } from './use-table-session';

// Each kind's table is its own script, server-rendered and loaded with the page that shows it: a
// roulette page does not carry the blackjack and video-poker tables (bench/RESULTS.md, issue 24).
const RouletteGame = dynamic(() => import('./roulette/roulette-game').then((module) => module.RouletteGame));
const BlackjackGame = dynamic(() => import('./blackjack/blackjack-game').then((module) => module.BlackjackGame));
const VideoPokerGame = dynamic(() => import('./video-poker/video-poker-game').then((module) => module.VideoPokerGame));

export type Mode = 'fun' | 'real';

/**
 * A table game's screen (issue 24) in the shell every game kind shares (docs/conventions: the bar
 * with the way back, the name, the Copenhagen clock, the time since login and the session's net;
 * the balance; the money-played warning; the rules panel; the motion switch): roulette's layout and
 * wheel, blackjack's hands or video poker's five cards inside it. The session is opened once the
 * screen runs; a hand the player left is put back on the table.
 */
export function TableScreen({
  gameId,
  mode,
  rules,
  loginAt,
  colours,
  lobbyPath,
  moneyPath,
  funPath,
  texts,
  children,
  barExtra,
}: {
  gameId: string;
  mode: Mode;
  rules: TableRules;
  /** When the player logged in (profile lastLogin); null for a guest. */
  loginAt: string | null;
  /** The table's colours, from the catalogue: the felt, the frame and the highlight. */
  colours?: { background: string; primary: string; accent: string } | null;
  lobbyPath: string;
  /** Where "play for money" leads from a fun game (login first for a guest), or null. */
  moneyPath: string | null;
  /** The same table for fun (offered when play for money is refused). */
  funPath: string;
  texts: Texts;
  children?: React.ReactNode;
  /** Shown in the bar beside the game's name (the favourite heart, from the page). */
  barExtra?: React.ReactNode;
}) {
  const t = useMemo(() => textsTranslator(texts), [texts]);
  const router = useRouter();
  const reducedMotion = useReducedMotion();
  const [motionWanted, setMotionWanted] = useMotionSetting();
  const motion = motionWanted && !reducedMotion;
  const now = useServerTime();
  const table = useTableSession({ gameId, mode, kind: rules.kind, t });
  // The balance and net shown: held at their value before a spin while the wheel turns, so they
  // never tell the result before the wheel does (the studio has settled it already).
  const [held, setHeld] = useState<StudioSession | null>(null);
  const current = table.session;
  const holdFigures = useCallback((on: boolean) => setHeld(on ? current : null), [current]);
  const session = held ?? table.session;
  const warning = table.session?.warning ?? null;
  const loggedInMinutes = minutesSince(loginAt, now);

  const status = <TableStatus table={table} t={t} />;
  const game =
    rules.kind === 'roulette' ? (
      <RouletteGame rules={rules} table={table} motion={motion} t={t} status={status} holdFigures={holdFigures} />
    ) : rules.kind === 'blackjack' ? (
      <BlackjackGame rules={rules} table={table} motion={motion} t={t} status={status} />
    ) : (
      <VideoPokerGame rules={rules} table={table} motion={motion} t={t} status={status} />
    );

  return (
    <div
      className={`${styles.screen} ${tableStyles.screen}`}
      style={
        colours
          ? ({ '--felt': colours.background, '--game-primary': colours.primary, '--game-accent': colours.accent } as React.CSSProperties)
          : undefined
      }
      data-testid="game-screen"
      data-mode={mode}
      data-game={gameId}
      data-kind={rules.kind}
    >
      <div className={styles.bar} data-testid="game-bar">
        <Link href={lobbyPath} className={styles.back} prefetch={false} data-testid="game-exit">
          {t('games.back_to_lobby')}
        </Link>
        <div className={styles.title}>
          <h1>{rules.name}</h1>
        </div>
        {barExtra}
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
            <dd data-testid="game-net">{session ? formatSignedKr(session.netOre) : '–'}</dd>
          </div>
        </dl>
      </div>

      <p className={styles.note} data-testid="game-mode-note">
        {mode === 'fun' ? t('slot_machines.demo_note') : t('slot_machines.real_money_note')}
        {moneyPath ? (
          <>
            {' '}
            <Link href={moneyPath} prefetch={false} data-testid="game-play-for-money">
              {loginAt ? t('slot_machines.play_for_money') : t('slot_machines.play_for_money_login')}
            </Link>
          </>
        ) : null}
      </p>

      {table.launchError ? (
        <div className={styles.problem} role="alert" data-testid="game-launch-error">
          <p>{table.launchError.message}</p>
          <p className={styles.problemLinks}>
            {table.launchError.final ? null : (
              <button type="button" className="btn btn-primary" onClick={() => void table.launch()}>
                {t('slot_machines.play_again')}
              </button>
            )}
            {mode === 'real' ? (
              <Link href={funPath} className="btn btn-outline" prefetch={false}>
                {t('slot_machines.play_for_fun')}
              </Link>
            ) : null}
          </p>
        </div>
      ) : null}

      <div className={tableStyles.table} inert={Boolean(warning)}>
        <dl className={tableStyles.money}>
          <div>
            <dt>{mode === 'fun' ? t('slot_machines.balance_fun') : t('slot_machines.balance')}</dt>
            <dd data-testid="game-balance">{session ? formatKr(session.balanceOre) : '–'}</dd>
          </div>
        </dl>
        {game}
        <div className={tableStyles.settings}>
          <MotionToggle motion={motion} deviceOff={reducedMotion} onChange={() => setMotionWanted(!motionWanted)} t={t} />
        </div>
      </div>
      {children}

      {warning ? (
        <MoneyWarning
          warning={warning}
          busy={table.busy}
          t={t}
          onContinue={() => void table.answerWarning('continue')}
          onStop={() =>
            void table.answerWarning('stop').then((stopped) => {
              if (stopped) router.push(lobbyPath);
            })
          }
        />
      ) : null}
    </div>
  );
}
