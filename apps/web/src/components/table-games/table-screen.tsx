'use client';

import { formatKr } from '@krone/domain';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import { textsTranslator, type Texts } from '@/lib/i18n';
import type { StudioSession, TableRules } from '@/lib/studio-schemas';
import { GameBar, LaunchProblem, ModeNote } from '../game-screen/game-bar';
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
  const table = useTableSession({ gameId, mode, kind: rules.kind, t });
  // The balance and net shown: held at their value before a spin while the wheel turns, so they
  // never tell the result before the wheel does (the studio has settled it already).
  const [held, setHeld] = useState<StudioSession | null>(null);
  const current = table.session;
  const holdFigures = useCallback((on: boolean) => setHeld(on ? current : null), [current]);
  const session = held ?? table.session;
  const warning = table.session?.warning ?? null;

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
      <GameBar name={rules.name} lobbyPath={lobbyPath} loginAt={loginAt} netOre={session?.netOre ?? null} extra={barExtra} t={t} />
      <ModeNote mode={mode} moneyPath={moneyPath} loggedIn={Boolean(loginAt)} t={t} />

      {table.launchError ? (
        <LaunchProblem problem={table.launchError} mode={mode} funPath={funPath} onRetry={() => void table.launch()} t={t} />
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
