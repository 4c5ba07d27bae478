'use client';

// Relative imports: the unit test (free-spins.test.tsx) runs under vitest, which has no '@/' alias.
import { formatKr } from '@krone/domain';
import { useState } from 'react';
import type { Translate } from '../../lib/i18n';
import { explainWins, symbolName, winningCells } from '../../lib/slot-screen';
import type { GameRules, StudioRound } from '../../lib/studio-schemas';
import own from './free-spins.module.css';
import styles from './game-screen.module.css';
import { SymbolArt } from './symbol-art';

type Rules = Pick<GameRules, 'gameId' | 'symbols' | 'lines' | 'freeSpins'>;

/** One free spin as its card shows it: what landed, which cells won, what it paid, in words too. */
export interface FreeSpinCard {
  number: number;
  window: number[][];
  cells: Set<string>;
  winOre: number;
  wins: string[];
}

/**
 * A round's free spins, one card each: the window the spin landed (symbol indices per reel), the
 * cells that won, and its win (the studio's own figure when it sends one, else the sum of its
 * wins, which the studio has already multiplied).
 */
export function freeSpinCards(round: Pick<StudioRound, 'outcome'>, rules: Rules, t: Translate): FreeSpinCard[] {
  return (round.outcome.freeSpins?.rounds ?? []).map((spin, index) => ({
    number: index + 1,
    window: spin.window,
    cells: winningCells(spin, rules),
    winOre: spin.winOre ?? spin.wins.reduce((sum, win) => sum + win.winOre, 0),
    wins: explainWins(spin, rules, t),
  }));
}

/**
 * The free spins of the last round, drawn: closed at first (a phone keeps its screen for the
 * game), and once opened a row of small windows that scrolls sideways, each with its number, its
 * win, the multiplier and its wins in words. Each cell shows the symbol's artwork, its Danish name
 * the image's alternative text. The cards are only built while the list is open.
 */
export function FreeSpins({
  round,
  rules,
  t,
  open: startOpen = false,
}: {
  round: StudioRound;
  rules: Rules;
  t: Translate;
  open?: boolean;
}) {
  const [open, setOpen] = useState(startOpen);
  const spins = round.outcome.freeSpins?.rounds.length ?? 0;
  if (spins === 0) return null;
  const multiplier = rules.freeSpins?.multiplier ?? 1;
  return (
    <details
      className={styles.freeSpins}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="game-free-spins"
      data-spins={spins}
    >
      <summary>{t('slot_machines.free_spins_each', { spins })}</summary>
      {open ? (
        <ol className={styles.freeSpinList} aria-label={t('slot_machines.free_spins_list', { spins })} tabIndex={0}>
          {freeSpinCards(round, rules, t).map((card) => (
            <li key={card.number} className={styles.freeSpin} data-testid="free-spin" data-won={card.winOre > 0 || undefined}>
              <p className={styles.freeSpinHead}>
                <strong>{t('slot_machines.free_spin_title', { number: card.number })}</strong>
                <span data-testid="free-spin-win">{card.winOre > 0 ? formatKr(card.winOre) : t('slot_machines.free_spin_no_win')}</span>
              </p>
              <div
                className={styles.miniWindow}
                style={{ gridTemplateColumns: `repeat(${card.window.length}, minmax(0, 1fr))` }}
                role="group"
                aria-label={t('slot_machines.free_spin_symbols', { number: card.number })}
                data-testid="free-spin-window"
              >
                {card.window.map((column, reel) => (
                  <div key={reel} className={styles.reel}>
                    {column.map((symbol, row) => (
                      <div
                        key={row}
                        className={`${styles.miniCell} ${own.artCell}${card.cells.has(`${reel}:${row}`) ? ` ${styles.won}` : ''}`}
                        data-testid="free-spin-cell"
                        data-won={card.cells.has(`${reel}:${row}`) || undefined}
                      >
                        <SymbolArt gameId={rules.gameId} index={symbol} name={symbolName(rules, symbol)} size={40} />
                      </div>
                    ))}
                  </div>
                ))}
              </div>
              {multiplier > 1 ? (
                <p className={styles.freeSpinMultiplier} data-testid="free-spin-multiplier">
                  {t('slot_machines.free_spin_multiplier', { multiplier })}
                </p>
              ) : null}
              {card.wins.length > 0 ? (
                <ul className={styles.freeSpinWins}>
                  {card.wins.map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </details>
  );
}
