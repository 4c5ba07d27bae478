/**
 * The roulette layout's geometry, pure: every spot a chip can be placed on (157: 37 numbers, 60
 * splits, 14 streets with the two trios, 23 corners with the first four, 11 six lines and 12
 * outside boxes), where it lies, and how the arrow keys move between them.
 *
 * One coordinate system serves the mouse, the keyboard and both orientations: a "doubled" grid in
 * which number n (1..36) of street s = ⌊(n − 1) / 3⌋ and column c = (n − 1) mod 3 lies at
 * (x, y) = (2s, 2c); a spot on the line between two numbers lies half-way (an odd coordinate), a
 * corner at odd/odd, a street on the layout's outer edge (y = −1) and a six line where that edge
 * meets the line between two streets. Zero spans x = −2, the line between it and 1–3 is x = −1.
 * Outside boxes lie beyond: the columns' "2 til 1" at x = 24, the dozens at y = −3 and the even
 * chances at y = −5, each spanning the numbers it sits under.
 *
 * Wide screens draw x to the right (zero on the left, column 3 on top), phones draw x downwards
 * (zero on top, column 1 on the left), so the arrow keys follow what is seen.
 */

export type InsideKind = 'straight' | 'split' | 'street' | 'corner' | 'six-line';
export type RouletteSelection =
  | { kind: InsideKind; numbers: number[] }
  | { kind: 'column' | 'dozen'; selector: 1 | 2 | 3 }
  | { kind: 'red-black'; selector: 'red' | 'black' }
  | { kind: 'odd-even'; selector: 'odd' | 'even' }
  | { kind: 'low-high'; selector: 'low' | 'high' };

/** A spot of the layout: its selection and the points of the doubled grid it covers (x from…to, y from…to). */
export interface Spot {
  key: string;
  selection: RouletteSelection;
  x: [number, number];
  y: [number, number];
}

export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
export const pocketColour = (pocket: number): 'red' | 'black' | 'green' =>
  pocket === 0 ? 'green' : RED_NUMBERS.includes(pocket) ? 'red' : 'black';

/** The spot's key (chips on the same key are one bet), as games-math's selectionKey. */
export function selectionKey(selection: RouletteSelection): string {
  return 'numbers' in selection
    ? `${selection.kind}:${[...selection.numbers].sort((a, b) => a - b).join('-')}`
    : `${selection.kind}:${selection.selector}`;
}

const numberAt = (s: number, c: number) => 3 * s + c + 1;

function inside(kind: InsideKind, numbers: number[], x: number, y: number): Spot {
  const selection = { kind, numbers: [...numbers].sort((a, b) => a - b) };
  return { key: selectionKey(selection), selection, x: [x, x], y: [y, y] };
}

function outside(selection: Exclude<RouletteSelection, { numbers: number[] }>, x: [number, number], y: [number, number]): Spot {
  return { key: selectionKey(selection), selection, x, y };
}

function buildSpots(): Spot[] {
  const spots: Spot[] = [];
  spots.push({ key: 'straight:0', selection: { kind: 'straight', numbers: [0] }, x: [-2, -2], y: [0, 4] });
  for (let s = 0; s < 12; s++) for (let c = 0; c < 3; c++) spots.push(inside('straight', [numberAt(s, c)], 2 * s, 2 * c));
  // Zero's splits, trios and the first four, on the line between zero and 1–3.
  spots.push(inside('split', [0, 1], -1, 0), inside('split', [0, 2], -1, 2), inside('split', [0, 3], -1, 4));
  spots.push(inside('street', [0, 1, 2], -1, 1), inside('street', [0, 2, 3], -1, 3));
  spots.push(inside('corner', [0, 1, 2, 3], -1, -1));
  for (let s = 0; s < 12; s++) {
    for (let c = 0; c < 2; c++) spots.push(inside('split', [numberAt(s, c), numberAt(s, c + 1)], 2 * s, 2 * c + 1));
    spots.push(inside('street', [numberAt(s, 0), numberAt(s, 1), numberAt(s, 2)], 2 * s, -1));
    if (s === 11) continue;
    for (let c = 0; c < 3; c++) spots.push(inside('split', [numberAt(s, c), numberAt(s + 1, c)], 2 * s + 1, 2 * c));
    for (let c = 0; c < 2; c++)
      spots.push(inside('corner', [numberAt(s, c), numberAt(s, c + 1), numberAt(s + 1, c), numberAt(s + 1, c + 1)], 2 * s + 1, 2 * c + 1));
    spots.push(
      inside(
        'six-line',
        [0, 1, 2].flatMap((c) => [numberAt(s, c), numberAt(s + 1, c)]),
        2 * s + 1,
        -1,
      ),
    );
  }
  for (const column of [1, 2, 3] as const)
    spots.push(outside({ kind: 'column', selector: column }, [24, 24], [2 * (column - 1), 2 * (column - 1)]));
  for (const dozen of [1, 2, 3] as const)
    spots.push(outside({ kind: 'dozen', selector: dozen }, [8 * (dozen - 1), 8 * (dozen - 1) + 6], [-3, -3]));
  const evens = [
    { kind: 'low-high', selector: 'low' },
    { kind: 'odd-even', selector: 'even' },
    { kind: 'red-black', selector: 'red' },
    { kind: 'red-black', selector: 'black' },
    { kind: 'odd-even', selector: 'odd' },
    { kind: 'low-high', selector: 'high' },
  ] as const;
  evens.forEach((selection, i) => spots.push(outside(selection, [4 * i, 4 * i + 2], [-5, -5])));
  return spots;
}

export const SPOTS: readonly Spot[] = Object.freeze(buildSpots());
const BY_KEY = new Map(SPOTS.map((spot) => [spot.key, spot]));
export const spotByKey = (key: string) => BY_KEY.get(key);

/** The numbers a selection covers (a box's twelve or eighteen numbers too). */
export function coveredNumbers(selection: RouletteSelection): number[] {
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  switch (selection.kind) {
    case 'column':
      return all.filter((n) => (n - 1) % 3 === selection.selector - 1);
    case 'dozen':
      return all.filter((n) => Math.ceil(n / 12) === selection.selector);
    case 'red-black':
      return all.filter((n) => RED_NUMBERS.includes(n) === (selection.selector === 'red'));
    case 'odd-even':
      return all.filter((n) => n % 2 === (selection.selector === 'odd' ? 1 : 0));
    case 'low-high':
      return all.filter((n) => (selection.selector === 'low' ? n <= 18 : n >= 19));
    default:
      return selection.numbers;
  }
}

export const spotCovers = (spot: Spot, pocket: number) => coveredNumbers(spot.selection).includes(pocket);

/** The spot found at a point of the doubled grid, if any. */
export function spotAt(x: number, y: number): Spot | undefined {
  return SPOTS.find((spot) => x >= spot.x[0] && x <= spot.x[1] && y >= spot.y[0] && y <= spot.y[1]);
}

/** A spot's own point, where the keyboard starts on it (a box's middle, zero's middle). */
export const spotPoint = (spot: Spot): [number, number] => [
  Math.round((spot.x[0] + spot.x[1]) / 2),
  Math.round((spot.y[0] + spot.y[1]) / 2),
];

export type Orientation = 'wide' | 'tall';
export type Arrow = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

const BOUNDS = { x: [-2, 24], y: [-5, 4] } as const;

/** Which way an arrow key moves in the doubled grid, as the orientation draws it. */
function stepOf(arrow: Arrow, orientation: Orientation): [number, number] {
  if (orientation === 'wide')
    return { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[arrow] as [number, number];
  return { ArrowDown: [1, 0], ArrowUp: [-1, 0], ArrowRight: [0, 1], ArrowLeft: [0, -1] }[arrow] as [number, number];
}

/**
 * The next point the keyboard moves to from `point`: a step at a time the arrow's way until a
 * spot other than the one at `point` is found; none before the layout's edge: it stays. Moving
 * keeps the point (not the spot's middle), so going back returns to where it came from.
 */
export function movePoint(point: [number, number], arrow: Arrow, orientation: Orientation): [number, number] {
  const [dx, dy] = stepOf(arrow, orientation);
  const from = spotAt(point[0], point[1]);
  let [x, y] = point;
  for (;;) {
    x += dx;
    y += dy;
    if (x < BOUNDS.x[0] || x > BOUNDS.x[1] || y < BOUNDS.y[0] || y > BOUNDS.y[1]) return point;
    const found = spotAt(x, y);
    if (found && found !== from) return [x, y];
  }
}

/** A box in layout units: where a spot is drawn in an orientation (a line spot: a point, width and height 0). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The layout's size in units: wide 14 × 5 (zero, 12 streets, the columns' boxes; 3 rows, dozens, even chances), tall 5 × 14. */
export const LAYOUT_UNITS = { wide: { width: 14, height: 5 }, tall: { width: 5, height: 14 } } as const;

/**
 * Where a spot is drawn, in layout units. A number is a cell; a spot on a line is a point on that
 * line (drawn as a small disc centred there); zero, the columns, dozens and even chances are boxes.
 */
export function spotBox(spot: Spot, orientation: Orientation): Box {
  const { selection } = spot;
  const isLine = !(selection.kind === 'straight') && 'numbers' in selection;
  // The centre of a grid point along the streets (u) and across them (v), in units.
  const u = (x: number) => 1 + x / 2 + 0.5;
  const v = (y: number) => 2 - y / 2 + 0.5;
  const wideBox = (): Box => {
    if (selection.kind === 'straight' && selection.numbers[0] === 0) return { left: 0, top: 0, width: 1, height: 3 };
    if (selection.kind === 'straight') return { left: u(spot.x[0]) - 0.5, top: v(spot.y[0]) - 0.5, width: 1, height: 1 };
    if (isLine) return { left: u(spot.x[0]), top: v(spot.y[0]), width: 0, height: 0 };
    if (selection.kind === 'column') return { left: 13, top: 2 - (selection.selector - 1), width: 1, height: 1 };
    if (selection.kind === 'dozen') return { left: 1 + 4 * (selection.selector - 1), top: 3, width: 4, height: 1 };
    return { left: 1 + spot.x[0] / 2, top: 4, width: 2, height: 1 };
  };
  const box = wideBox();
  if (orientation === 'wide') return box;
  // Tall: the streets run down the screen and column 1 is on the left; the outside boxes move to
  // the left (dozens, then even chances further out) and the columns' boxes to the bottom.
  if (selection.kind === 'straight' && selection.numbers[0] === 0) return { left: 2, top: 0, width: 3, height: 1 };
  if (selection.kind === 'column') return { left: 2 + (selection.selector - 1), top: 13, width: 1, height: 1 };
  if (selection.kind === 'dozen') return { left: 1, top: 1 + 4 * (selection.selector - 1), width: 1, height: 4 };
  if ('selector' in selection) return { left: 0, top: 1 + spot.x[0] / 2, width: 1, height: 2 };
  // Inside spots: the wide box mirrored along its diagonal, the columns reversed (column 1 left).
  const across = (y: number) => 2 + y / 2 + 0.5;
  if (selection.kind === 'straight') return { left: across(spot.y[0]) - 0.5, top: u(spot.x[0]) - 0.5, width: 1, height: 1 };
  return { left: across(spot.y[0]), top: u(spot.x[0]), width: 0, height: 0 };
}

/** Whether a spot sits on a line (split, street, corner, six line): drawn as a disc, not a box. */
export const isLineSpot = (spot: Spot) => 'numbers' in spot.selection && spot.selection.kind !== 'straight';
