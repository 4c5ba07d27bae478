/** Where everything sits on the stage, from the space it has: square cells as big as fit, a band below for the counter. */
export interface StageLayout {
  width: number;
  height: number;
  cell: number;
  gap: number;
  /** The window's top-left corner and size. */
  x: number;
  y: number;
  windowWidth: number;
  windowHeight: number;
  /** The band under the window: the win counter and messages. */
  bandY: number;
  bandHeight: number;
}

export function layoutOf(width: number, maxHeight: number, reels: number, rows: number): StageLayout {
  const pad = Math.round(Math.max(12, Math.min(20, width * 0.03)));
  const bandHeight = Math.round(Math.max(40, Math.min(64, width * 0.08)));
  const gapOf = (cell: number) => Math.max(3, Math.round(cell * 0.06));
  const byWidth = (width - 2 * pad) / (reels + (reels - 1) * 0.06);
  const byHeight = (maxHeight - 2 * pad - bandHeight) / (rows + (rows - 1) * 0.06);
  const cell = Math.max(24, Math.floor(Math.min(byWidth, byHeight, 170)));
  const gap = gapOf(cell);
  const windowWidth = reels * cell + (reels - 1) * gap;
  const windowHeight = rows * cell + (rows - 1) * gap;
  const x = Math.round((width - windowWidth) / 2);
  const y = pad;
  return {
    width,
    height: y + windowHeight + bandHeight + pad,
    cell,
    gap,
    x,
    y,
    windowWidth,
    windowHeight,
    bandY: y + windowHeight + Math.round(pad / 2),
    bandHeight,
  };
}

/**
 * The stage's width over its height when its width decides (the usual case), as the page reserves
 * its box before the renderer loads: the window's cells and gaps, the margins and the band, in the
 * proportions layoutOf uses at a phone's and a desktop's widths.
 */
export function stageRatio(reels: number, rows: number): number {
  const across = reels + (reels - 1) * 0.06;
  const down = rows + (rows - 1) * 0.06;
  const margins = 0.07;
  const band = 0.1;
  return Number((1 / ((down / across) * (1 - margins) + margins + band)).toFixed(4));
}

/** The centre of a cell of the window. */
export function cellCentre(layout: StageLayout, reel: number, row: number): { x: number; y: number } {
  const step = layout.cell + layout.gap;
  return { x: layout.x + reel * step + layout.cell / 2, y: layout.y + row * step + layout.cell / 2 };
}
