import { allRouletteSelections, INSIDE_BET_KINDS, OUTSIDE_BET_KINDS, selectionKey as mathsKey } from '@krone/games-math';
import { describe, expect, it } from 'vitest';
import {
  coveredNumbers,
  isLineSpot,
  LAYOUT_UNITS,
  movePoint,
  pocketColour,
  selectionKey,
  SPOTS,
  spotAt,
  spotBox,
  spotByKey,
  spotPoint,
  type Arrow,
  type Orientation,
} from './roulette-layout';

const ARROWS: Arrow[] = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];
const at = (x: number, y: number) => spotAt(x, y)?.key;

describe('the roulette layout', () => {
  it('has every spot of the maths once: 37 numbers, 60 splits, 14 streets, 23 corners, 11 six lines, 12 boxes', () => {
    const maths = [...INSIDE_BET_KINDS, ...OUTSIDE_BET_KINDS].flatMap((kind) => allRouletteSelections(kind).map(mathsKey)).sort();
    expect(SPOTS.map((spot) => spot.key).sort()).toEqual(maths);
    expect(SPOTS).toHaveLength(157);
    for (const spot of SPOTS) expect(selectionKey(spot.selection)).toBe(spot.key);
  });

  it('puts each spot where it lies on a real table (the doubled grid)', () => {
    // 17 is street 5, column 2: its neighbours on the lines around it.
    expect(at(10, 2)).toBe('straight:17');
    expect(at(11, 2)).toBe('split:17-20');
    expect(at(9, 2)).toBe('split:14-17');
    expect(at(10, 3)).toBe('split:17-18');
    expect(at(10, 1)).toBe('split:16-17');
    expect(at(11, 3)).toBe('corner:17-18-20-21');
    expect(at(10, -1)).toBe('street:16-17-18');
    expect(at(11, -1)).toBe('six-line:16-17-18-19-20-21');
    // Zero and the line beside it: its splits, the two trios and the first four.
    for (const y of [0, 1, 2, 3, 4]) expect(at(-2, y)).toBe('straight:0');
    expect([at(-1, 0), at(-1, 1), at(-1, 2), at(-1, 3), at(-1, 4), at(-1, -1)]).toEqual([
      'split:0-1',
      'street:0-1-2',
      'split:0-2',
      'street:0-2-3',
      'split:0-3',
      'corner:0-1-2-3',
    ]);
    // The boxes: the columns' "2 til 1", the dozens under their numbers, the even chances under those.
    expect([at(24, 0), at(24, 4)]).toEqual(['column:1', 'column:3']);
    expect([at(0, -3), at(6, -3), at(8, -3), at(22, -3)]).toEqual(['dozen:1', 'dozen:1', 'dozen:2', 'dozen:3']);
    expect([at(0, -5), at(4, -5), at(8, -5), at(12, -5), at(16, -5), at(22, -5)]).toEqual([
      'low-high:low',
      'odd-even:even',
      'red-black:red',
      'red-black:black',
      'odd-even:odd',
      'low-high:high',
    ]);
  });

  it('covers the numbers of each box, and colours the pockets as the wheel does', () => {
    expect(coveredNumbers(spotByKey('column:1')!.selection)).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(coveredNumbers(spotByKey('dozen:3')!.selection)).toHaveLength(12);
    expect(coveredNumbers(spotByKey('red-black:red')!.selection)).toEqual([
      1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
    ]);
    expect([pocketColour(0), pocketColour(17), pocketColour(20)]).toEqual(['green', 'black', 'black']);
    expect(pocketColour(32)).toBe('red');
  });

  it.each(['wide', 'tall'] as Orientation[])('moves by arrow keys as the %s layout is drawn, and reaches all 157 spots', (orientation) => {
    const right = orientation === 'wide' ? 'ArrowRight' : 'ArrowDown';
    const up = orientation === 'wide' ? 'ArrowUp' : 'ArrowRight';
    const down = orientation === 'wide' ? 'ArrowDown' : 'ArrowLeft';
    const left = orientation === 'wide' ? 'ArrowLeft' : 'ArrowUp';
    const from17: [number, number] = [10, 2];
    expect(spotAt(...movePoint(from17, right, orientation))?.key).toBe('split:17-20');
    expect(spotAt(...movePoint(from17, up, orientation))?.key).toBe('split:17-18');
    expect(spotAt(...movePoint(from17, left, orientation))?.key).toBe('split:14-17');
    // Down from 1: the street, the first dozen, then an even chance; left from 1: zero's split, zero.
    let point: [number, number] = [0, 0];
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      point = movePoint(point, down, orientation);
      seen.push(spotAt(...point)!.key);
    }
    expect(seen).toEqual(['street:1-2-3', 'dozen:1', 'low-high:low', 'low-high:low']);
    expect(spotAt(...movePoint([0, 0], left, orientation))?.key).toBe('split:0-1');
    expect(spotAt(...movePoint([-1, 0], left, orientation))?.key).toBe('straight:0');
    // Every spot is reachable from 17 by arrow keys alone.
    const reached = new Set<string>();
    const queue: [number, number][] = [from17];
    const visited = new Set<string>();
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (visited.has(next.join())) continue;
      visited.add(next.join());
      reached.add(spotAt(...next)!.key);
      for (const arrow of ARROWS) queue.push(movePoint(next, arrow, orientation));
    }
    expect(reached.size).toBe(157);
  });

  it.each(['wide', 'tall'] as Orientation[])(
    'draws the %s layout without overlaps: numbers tile the grid, line spots sit on their lines',
    (orientation) => {
      const units = LAYOUT_UNITS[orientation];
      const boxes = SPOTS.filter((spot) => !isLineSpot(spot)).map((spot) => ({ spot, box: spotBox(spot, orientation) }));
      let area = 0;
      for (const { box } of boxes) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.left + box.width).toBeLessThanOrEqual(units.width);
        expect(box.top + box.height).toBeLessThanOrEqual(units.height);
        area += box.width * box.height;
      }
      // Zero 3, the numbers 36, the columns 3, the dozens 12, the even chances 12; two corners of the table stay empty.
      expect(area).toBe(units.width * units.height - 4);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i]!.box, boxes[j]!.box];
          const overlap = a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
          expect(overlap, `${boxes[i]!.spot.key} and ${boxes[j]!.spot.key}`).toBe(false);
        }
      // A split's disc lies on the edge its two numbers share.
      const split = spotBox(spotByKey('split:17-20')!, orientation);
      const [a, b] = ['straight:17', 'straight:20'].map((key) => spotBox(spotByKey(key)!, orientation));
      expect([split.left, split.top]).toEqual(orientation === 'wide' ? [a!.left + 1, a!.top + 0.5] : [a!.left + 0.5, a!.top + 1]);
      expect(orientation === 'wide' ? b!.left : b!.top).toBe(orientation === 'wide' ? split.left : split.top);
    },
  );

  it('starts the keyboard on a spot’s own point', () => {
    expect(spotPoint(spotByKey('straight:0')!)).toEqual([-2, 2]);
    expect(spotPoint(spotByKey('dozen:2')!)).toEqual([11, -3]);
    for (const spot of SPOTS) expect(spotAt(...spotPoint(spot))).toBe(spot);
  });
});
