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
  const pad = Math.round(Math.max(8, Math.min(18, width * 0.025)));
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

/** The centre of a cell of the window. */
export function cellCentre(layout: StageLayout, reel: number, row: number): { x: number; y: number } {
  const step = layout.cell + layout.gap;
  return { x: layout.x + reel * step + layout.cell / 2, y: layout.y + row * step + layout.cell / 2 };
}
