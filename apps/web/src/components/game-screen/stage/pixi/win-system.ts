import { Container, Graphics, Text } from 'pixi.js';
import type { StageWin } from '../stage-model';
import type { StageClock } from './clock';
import { cellCentre, type StageLayout } from './layout';
import type { ReelsSystem } from './reels-system';

/** Colours of the lines, one after another, bright on any theme. */
const LINE_COLOURS = [0xffd54a, 0x4fd1ff, 0xff6b9a, 0x7dff8a, 0xffa24a, 0xc59bff, 0xffffff];

/**
 * The win presentation over the window: the cells of the round's wins framed and the others
 * dimmed, then each win on its own, one after another, its line drawn across the window and its
 * words and amount on a label; winning symbols pulse. It draws only the wins it is handed.
 */
export class WinSystem {
  readonly view = new Container();
  private readonly dim = new Graphics();
  private readonly lines = new Graphics();
  private readonly frames = new Graphics();
  private readonly labelBox = new Graphics();
  private readonly label: Text;
  private layout: StageLayout | null = null;
  private pulsing: { reel: number; row: number }[] = [];
  private pulseMs = 0;
  private cycle = 0;

  constructor(
    private readonly reels: ReelsSystem,
    private readonly clock: StageClock,
  ) {
    this.label = new Text({
      text: '',
      style: { fontFamily: 'system-ui, sans-serif', fontWeight: '800', fontSize: 18, fill: 0xffffff, align: 'center' },
    });
    this.label.anchor.set(0.5);
    this.view.addChild(this.dim, this.lines, this.frames, this.labelBox, this.label);
  }

  resize(layout: StageLayout) {
    this.layout = layout;
    this.label.style.fontSize = Math.max(13, Math.round(layout.cell * 0.19));
    this.label.style.wordWrap = true;
    this.label.style.wordWrapWidth = layout.windowWidth - 24;
  }

  /** Nothing highlighted; the line cycle (if any) stops. */
  clear() {
    this.cycle++;
    this.dim.clear();
    this.lines.clear();
    this.frames.clear();
    this.labelBox.clear();
    this.label.text = '';
    this.stopPulse();
  }

  /** Every winning cell of a spin framed at once, the rest dimmed (the first look at a win, and motion off). */
  showAll(wins: readonly StageWin[], marked: readonly [number, number][] = []) {
    this.clear();
    const cells = new Map<string, [number, number]>();
    for (const win of wins) for (const cell of win.cells) cells.set(cell.join(':'), cell);
    for (const cell of marked) cells.set(cell.join(':'), cell);
    if (cells.size === 0) return;
    this.dimExcept(new Set(cells.keys()));
    for (const [reel, row] of cells.values()) this.frameCell(reel, row, 0xffd54a);
    wins.forEach((win, index) => this.drawPath(win, LINE_COLOURS[index % LINE_COLOURS.length]!, 0.75));
    this.pulse([...cells.values()]);
  }

  /**
   * Each win alone, one after another, over and over until the next round clears it (not waited
   * for: the player may spin meanwhile). One win only is shown and stays.
   */
  cycleWins(wins: readonly StageWin[]) {
    if (wins.length === 0) return;
    this.clear();
    const cycle = this.cycle;
    const run = async () => {
      // Twice through the wins, then every win at rest at once: a still picture costs a phone nothing.
      for (let shown = 0; this.cycle === cycle && shown < wins.length * 2; shown++) {
        const index = shown % wins.length;
        this.showOne(wins[index]!, LINE_COLOURS[index % LINE_COLOURS.length]!);
        await this.clock.wait(1400);
        // A skip hurries every wait: the cycle then rests on the win it shows.
        if (this.clock.hurrying) return;
      }
      if (this.cycle === cycle) {
        this.showAll(wins);
        this.stopPulse();
        this.cycle = cycle;
      }
    };
    void run();
  }

  showOne(win: StageWin, colour: number) {
    const cycle = this.cycle;
    this.clear();
    this.cycle = cycle;
    this.dimExcept(new Set(win.cells.map((cell) => cell.join(':'))));
    for (const [reel, row] of win.cells) this.frameCell(reel, row, colour);
    this.drawPath(win, colour, 1);
    this.setLabel(win.label, colour);
    this.pulse(win.cells.map(([reel, row]) => [reel, row]));
  }

  /** Whether winning symbols pulse (the stage keeps drawing frames while so). */
  get moving() {
    return this.pulsing.length > 0;
  }

  tick(deltaMs: number) {
    if (this.pulsing.length === 0) return;
    this.pulseMs += deltaMs;
    const scale = 1 + 0.06 * Math.sin((this.pulseMs / 420) * Math.PI * 2);
    for (const { reel, row } of this.pulsing) {
      const sprite = this.reels.spriteAt(reel, row);
      if (sprite && this.layout) sprite.setSize(this.layout.cell * 0.94 * scale, this.layout.cell * 0.94 * scale);
    }
  }

  private pulse(cells: [number, number][]) {
    this.stopPulse();
    if (this.clock.hurrying) return;
    this.pulsing = cells.map(([reel, row]) => ({ reel, row }));
    this.pulseMs = 0;
  }

  private stopPulse() {
    for (const { reel, row } of this.pulsing) {
      const sprite = this.reels.spriteAt(reel, row);
      if (sprite && this.layout) sprite.setSize(this.layout.cell * 0.94, this.layout.cell * 0.94);
    }
    this.pulsing = [];
  }

  private dimExcept(keep: Set<string>) {
    const layout = this.layout;
    if (!layout) return;
    const step = layout.cell + layout.gap;
    for (let reel = 0; reel < this.reels.count; reel++)
      for (let row = 0; row < this.reels.rows; row++)
        if (!keep.has(`${reel}:${row}`))
          this.dim.rect(layout.x + reel * step, layout.y + row * step, layout.cell, layout.cell).fill({ color: 0x000000, alpha: 0.55 });
  }

  private frameCell(reel: number, row: number, colour: number) {
    const layout = this.layout;
    if (!layout) return;
    const step = layout.cell + layout.gap;
    const width = Math.max(3, Math.round(layout.cell * 0.045));
    this.frames
      .roundRect(
        layout.x + reel * step + width / 2,
        layout.y + row * step + width / 2,
        layout.cell - width,
        layout.cell - width,
        layout.cell * 0.12,
      )
      .stroke({ width, color: colour });
  }

  private drawPath(win: StageWin, colour: number, alpha: number) {
    const layout = this.layout;
    if (!layout || !win.path) return;
    const points = win.path.map((row, reel) => cellCentre(layout, reel, row));
    const first = points[0]!;
    const width = Math.max(3, Math.round(layout.cell * 0.05));
    this.lines.moveTo(layout.x - layout.gap * 2, first.y);
    for (const point of points) this.lines.lineTo(point.x, point.y);
    this.lines.lineTo(layout.x + layout.windowWidth + layout.gap * 2, points.at(-1)!.y);
    this.lines.stroke({ width: width + 4, color: 0x000000, alpha: 0.5 * alpha, join: 'round', cap: 'round' });
    this.lines.moveTo(layout.x - layout.gap * 2, first.y);
    for (const point of points) this.lines.lineTo(point.x, point.y);
    this.lines.lineTo(layout.x + layout.windowWidth + layout.gap * 2, points.at(-1)!.y);
    this.lines.stroke({ width, color: colour, alpha, join: 'round', cap: 'round' });
  }

  private setLabel(text: string, colour: number) {
    const layout = this.layout;
    if (!layout) return;
    this.label.text = text;
    const x = layout.x + layout.windowWidth / 2;
    const y = layout.y + layout.windowHeight - this.label.height / 2 - layout.cell * 0.12;
    this.label.position.set(x, y);
    const padX = 14;
    const padY = 6;
    this.labelBox
      .roundRect(
        x - this.label.width / 2 - padX,
        y - this.label.height / 2 - padY,
        this.label.width + padX * 2,
        this.label.height + padY * 2,
        10,
      )
      .fill({ color: 0x000000, alpha: 0.78 })
      .stroke({ width: 2, color: colour });
  }
}
