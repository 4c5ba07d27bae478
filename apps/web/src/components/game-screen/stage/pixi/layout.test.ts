import { describe, expect, it } from 'vitest';
import { cellCentre, layoutOf } from './layout';

/** A phone (390 px wide, the stage may take 58 % of an 844 px screen) and a desktop (1440 px, at most 640 px high). */
const screens = [
  { width: 390, maxHeight: 844 * 0.58 },
  { width: 1440, maxHeight: 640 },
];
const grids = [
  { reels: 3, rows: 3 },
  { reels: 5, rows: 3 },
  { reels: 6, rows: 4 },
];

describe('the stage layout', () => {
  for (const { width, maxHeight } of screens) {
    for (const { reels, rows } of grids) {
      describe(`${reels}×${rows} at ${width} px`, () => {
        const layout = layoutOf(width, maxHeight, reels, rows);

        it('fits the window of square cells inside the width and the height it may take', () => {
          expect(layout.width).toBe(width);
          expect(layout.x).toBeGreaterThanOrEqual(0);
          expect(layout.x + layout.windowWidth).toBeLessThanOrEqual(width);
          expect(layout.height).toBeLessThanOrEqual(maxHeight);
          expect(layout.windowWidth).toBe(reels * layout.cell + (reels - 1) * layout.gap);
          expect(layout.windowHeight).toBe(rows * layout.cell + (rows - 1) * layout.gap);
          expect(layout.gap).toBeGreaterThan(0);
          expect(layout.gap).toBeLessThan(layout.cell / 4);
        });

        it('centres the window and keeps the cells as big as the space allows', () => {
          expect(Math.abs(layout.x - (width - layout.x - layout.windowWidth))).toBeLessThanOrEqual(1);
          // Cells two pixels larger would no longer fit the width or the height (or pass the largest size).
          const wider = reels * (layout.cell + 2) + (reels - 1) * layout.gap;
          const taller = layout.height + 2 * rows;
          expect(wider > width - 2 * layout.y || taller > maxHeight || layout.cell >= 169).toBe(true);
        });

        it('puts the band for the counter under the window, inside the stage', () => {
          expect(layout.bandY).toBeGreaterThanOrEqual(layout.y + layout.windowHeight);
          expect(layout.bandHeight).toBeGreaterThanOrEqual(40);
          expect(layout.bandY + layout.bandHeight).toBeLessThanOrEqual(layout.height);
        });

        it('places the cells’ centres inside the window', () => {
          const first = cellCentre(layout, 0, 0);
          const last = cellCentre(layout, reels - 1, rows - 1);
          expect(first).toEqual({ x: layout.x + layout.cell / 2, y: layout.y + layout.cell / 2 });
          expect(last.x + layout.cell / 2).toBe(layout.x + layout.windowWidth);
          expect(last.y + layout.cell / 2).toBe(layout.y + layout.windowHeight);
        });
      });
    }
  }

  it('is never wider than the width it is given, down to the narrowest stage', () => {
    for (let width = 240; width <= 1600; width += 7) {
      for (const { reels, rows } of grids) {
        const layout = layoutOf(width, 2000, reels, rows);
        expect(layout.x, `${reels}×${rows} at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(layout.x + layout.windowWidth, `${reels}×${rows} at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
  });

  it('takes the height when the screen is low: cells shrink to keep the band in view', () => {
    const tall = layoutOf(1440, 640, 5, 3);
    const low = layoutOf(1440, 400, 5, 3);
    expect(low.cell).toBeLessThan(tall.cell);
    expect(low.height).toBeLessThanOrEqual(400);
  });
});
