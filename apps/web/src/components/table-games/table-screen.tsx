'use client';

import type { Texts } from '@/lib/i18n';
import type { TableRules } from '@/lib/studio-schemas';
import styles from '../game-screen/game-screen.module.css';

export type Mode = 'fun' | 'real';

/** The screen of a table game: the shell (bar, balance, warning) around the kind's table. */
export function TableScreen({
  gameId,
  mode,
  rules,
  children,
  barExtra,
}: {
  gameId: string;
  mode: Mode;
  rules: TableRules;
  loginAt: string | null;
  colours?: { background: string; primary: string; accent: string } | null;
  lobbyPath: string;
  moneyPath: string | null;
  funPath: string;
  texts: Texts;
  children?: React.ReactNode;
  barExtra?: React.ReactNode;
}) {
  return (
    <div className={styles.screen} data-testid="game-screen" data-mode={mode} data-game={gameId} data-kind={rules.kind}>
      <h1>{rules.name}</h1>
      {barExtra}
      {children}
    </div>
  );
}
