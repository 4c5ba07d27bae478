import { symbolArtHref } from '@/lib/symbol-art-href';
import { symbolName } from '@/lib/slot-screen';
import type { GameRules } from '@/lib/studio-schemas';
import styles from './game-screen.module.css';

/**
 * The window in text and pictures: each cell the symbol's picture and its name, the winning cells
 * marked. In view until the canvas draws the game (and whenever it cannot), then for screen
 * readers only: the same result the canvas shows, in words.
 */
export function WindowGrid({
  rules,
  window,
  cells,
  roundId,
  label,
  turning,
  busy,
  hidden,
  overlay = false,
}: {
  rules: GameRules;
  window: number[][];
  cells: Set<string>;
  roundId: string;
  label: string;
  /** The grid's own spin (no canvas): a short turn while the round is drawn. */
  turning: boolean;
  busy: boolean;
  hidden: boolean;
  /** While the canvas loads: the grid lies in the canvas's reserved box. */
  overlay?: boolean;
}) {
  return (
    <div
      className={`${styles.window}${turning ? ` ${styles.spinning}` : ''}${hidden ? ' visually-hidden' : ''}${overlay ? ` ${styles.overlay}` : ''}`}
      style={{ gridTemplateColumns: `repeat(${rules.reels}, minmax(0, 1fr))` }}
      role="group"
      aria-label={label}
      aria-busy={busy}
      data-testid="game-window"
      data-round={roundId}
    >
      {window.map((column, reel) => (
        <div key={reel} className={styles.reel} data-testid="game-reel">
          {column.map((symbol, row) => (
            <div
              key={`${roundId || 'start'}-${row}`}
              className={`${styles.cell}${cells.has(`${reel}:${row}`) ? ` ${styles.won}` : ''}`}
              data-testid="game-cell"
              data-symbol={symbol}
              data-won={cells.has(`${reel}:${row}`) || undefined}
            >
              {rules.symbols[symbol]?.name.toLowerCase() === 'blank' ? null : (
                // eslint-disable-next-line @next/next/no-img-element
                <img className={styles.cellArt} src={symbolArtHref(rules.gameId, symbol)} alt="" width={96} height={96} decoding="async" />
              )}
              <span className="visually-hidden">{symbolName(rules, symbol)}</span>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
