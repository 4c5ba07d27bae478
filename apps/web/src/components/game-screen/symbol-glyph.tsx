import type { SymbolShape } from '@/lib/slot-screen';
import styles from './game-screen.module.css';

const PATHS: Record<Exclude<SymbolShape, 'circle' | 'blank'>, string> = {
  square: 'M14 14h72v72H14z',
  diamond: 'M50 6 94 50 50 94 6 50z',
  triangle: 'M50 8 94 88H6z',
  hexagon: 'M28 10h44l22 40-22 40H28L6 50z',
  star: 'M50 4l13 30 32 3-24 21 7 32-28-17-28 17 7-32L5 37l32-3z',
  burst: 'M50 2l9 20 20-10-4 22 22 4-18 14 14 17-22-1-1 22-17-14-16 15-3-22-22 0 14-17L5 38l22-4-4-22 19 10z',
};

/**
 * A symbol drawn, not pictured: its shape in its colour with its Danish name under it, so two
 * symbols differ in shape, colour and words (no images to load). The name is the accessible text.
 */
export function SymbolGlyph({ shape, colour, name }: { shape: SymbolShape; colour: string; name: string }) {
  return (
    <span className={styles.symbol} data-shape={shape}>
      {shape === 'blank' ? null : (
        <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          {shape === 'circle' ? <circle cx="50" cy="50" r="42" fill={colour} /> : <path d={PATHS[shape]} fill={colour} />}
        </svg>
      )}
      <span className={styles.symbolName}>{name}</span>
    </span>
  );
}
