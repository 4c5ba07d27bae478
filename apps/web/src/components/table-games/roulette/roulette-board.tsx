'use client';

import { useId, useRef } from 'react';
import type { Translate } from '../../../lib/i18n';
import { betLabel, chipText, pocketName } from './roulette-bets';
import {
  isLineSpot,
  LAYOUT_UNITS,
  movePoint,
  pocketColour,
  SPOTS,
  spotAt,
  spotBox,
  spotByKey,
  spotPoint,
  type Arrow,
  type Orientation,
  type Spot,
} from './roulette-layout';
import styles from './roulette.module.css';

const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/** A spot's name for a screen reader: the bet, the chips on it, whether it won. */
function spotName(spot: Spot, stakeOre: number | undefined, won: boolean, t: Translate): string {
  const { selection } = spot;
  const name = selection.kind === 'straight' ? pocketName(selection.numbers[0]!, t) : betLabel(selection, t);
  const parts = [name];
  if (stakeOre) parts.push(t('games.table_roulette_on_spot', { amount: chipText(stakeOre, 'long') }));
  if (won) parts.push(t('games.table_roulette_spot_won'));
  return parts.join(', ');
}

/**
 * The betting layout: zero, 1–36 in three columns, the columns' "2 til 1", the dozens and the even
 * chances as boxes, and a disc on every line between numbers for the splits, streets, corners and
 * six lines. Every spot is a button; the layout is one stop for Tab, and the arrow keys move
 * between all 157 spots, lines included (roulette-layout.ts's grid), Enter or Space placing the
 * chosen chip there. The chips on a spot show their total; after a spin the pocket and the winning
 * spots are marked.
 */
export function RouletteBoard({
  totals,
  winning,
  pocket,
  focusPoint,
  onFocusPoint,
  onPlace,
  disabled,
  chipClass,
  t,
}: {
  totals: ReadonlyMap<string, number>;
  /** The spots whose bets won on the last spin shown. */
  winning: ReadonlySet<string>;
  /** The last spin's pocket (marked on the layout), or null. */
  pocket: number | null;
  /** The point of the layout's grid the keyboard is on. */
  focusPoint: [number, number];
  onFocusPoint: (point: [number, number]) => void;
  onPlace: (key: string) => void;
  disabled: boolean;
  /** The class of the chip a total is drawn as. */
  chipClass: (stakeOre: number) => string;
  t: Translate;
}) {
  const hintId = useId();
  const board = useRef<HTMLDivElement>(null);
  const focused = spotAt(focusPoint[0], focusPoint[1]) ?? spotByKey('straight:17')!;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!ARROWS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    // The arrows follow the layout as drawn now (the stylesheet's breakpoint).
    const orientation: Orientation = window.matchMedia(WIDE_QUERY).matches ? 'wide' : 'tall';
    const next = movePoint(focusPoint, event.key as Arrow, orientation);
    onFocusPoint(next);
    const spot = spotAt(next[0], next[1]);
    if (spot) board.current?.querySelector<HTMLButtonElement>(`[data-key="${spot.key}"]`)?.focus();
  };

  return (
    <div className={styles.boardBox}>
      <p id={hintId} className={styles.boardHint}>
        {t('games.table_roulette_keyboard_hint')}
      </p>
      <div
        ref={board}
        role="group"
        aria-label={t('games.table_roulette_layout')}
        aria-describedby={hintId}
        className={styles.board}
        onKeyDown={onKeyDown}
        data-testid="roulette-layout"
      >
        {SPOTS.map((spot) => {
          const position = spotPosition(spot);
          const stakeOre = totals.get(spot.key);
          const won = winning.has(spot.key);
          const line = isLineSpot(spot);
          const { selection } = spot;
          const number = selection.kind === 'straight' ? selection.numbers[0]! : null;
          const className = [
            styles.spot,
            line ? styles.lineSpot : styles.boxSpot,
            number !== null ? styles[`pocket-${pocketColour(number)}`] : line ? '' : styles.outsideSpot,
            number !== null && number === pocket ? styles.hit : '',
            won ? styles.won : '',
            stakeOre ? styles.staked : '',
          ].join(' ');
          return (
            <button
              key={spot.key}
              type="button"
              className={className}
              style={position}
              tabIndex={spot === focused ? 0 : -1}
              aria-label={spotName(spot, stakeOre, won, t)}
              aria-disabled={disabled || undefined}
              onClick={() => {
                onFocusPoint(spotPoint(spot));
                if (!disabled) onPlace(spot.key);
              }}
              onFocus={() => {
                if (spot !== focused) onFocusPoint(spotPoint(spot));
              }}
              data-testid="roulette-spot"
              data-key={spot.key}
              data-stake-ore={stakeOre ?? 0}
              data-won={won ? 'true' : undefined}
            >
              {line ? null : <span className={styles.spotText}>{boxText(spot, t)}</span>}
              {stakeOre ? <span className={`${styles.chipOnSpot} ${chipClass(stakeOre)}`}>{chipText(stakeOre, 'short')}</span> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Below this width the layout runs down the screen (roulette.module.css draws the same breakpoint). */
const WIDE_QUERY = '(min-width: 720px)';

/**
 * A spot's place in both orientations as CSS variables (percentages of the layout), the stylesheet
 * choosing by its breakpoint: the page is drawn right from the first paint on a phone too, with
 * nothing moving once the script runs.
 */
function spotPosition(spot: Spot): React.CSSProperties {
  const vars: Record<string, string> = {};
  for (const [orientation, prefix] of [
    ['wide', 'w'],
    ['tall', 't'],
  ] as const) {
    const box = spotBox(spot, orientation);
    const units = LAYOUT_UNITS[orientation];
    vars[`--${prefix}l`] = `${(box.left / units.width) * 100}%`;
    vars[`--${prefix}t`] = `${(box.top / units.height) * 100}%`;
    vars[`--${prefix}w`] = `${(box.width / units.width) * 100}%`;
    vars[`--${prefix}h`] = `${(box.height / units.height) * 100}%`;
  }
  return vars as React.CSSProperties;
}

/** What a box shows: the number, "2 til 1", "1.–12.", "Rød" … (its full name is the button's label). */
function boxText(spot: Spot, t: Translate): string {
  const { selection } = spot;
  switch (selection.kind) {
    case 'straight':
      return String(selection.numbers[0]);
    case 'column':
      return t('games.table_roulette_column_short');
    case 'dozen':
      return t('games.table_roulette_dozen_short', { from: 12 * (selection.selector - 1) + 1, to: 12 * selection.selector });
    case 'low-high':
      // As printed on a table: the numbers, not the word (the button's label says both).
      return selection.selector === 'low'
        ? t('games.table_roulette_dozen_short', { from: 1, to: 18 })
        : t('games.table_roulette_dozen_short', { from: 19, to: 36 });
    default:
      return 'selector' in selection ? betLabel(selection, t) : '';
  }
}
