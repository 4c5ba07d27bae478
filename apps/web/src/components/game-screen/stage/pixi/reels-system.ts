import { Container, Graphics, Sprite, type Texture } from 'pixi.js';
import { easeOutBack, type StageClock } from './clock';
import type { StageLayout } from './layout';

/** Cells per second at full speed. */
const SPIN_SPEED = 22;
/** How long a reel takes to come up to speed. */
const SPIN_UP_MS = 140;

/**
 * One reel: an endless strip of cells moving down behind the window's mask. Cell k sits at
 * (position − k) cell steps from the top, so row r shows cell ⌊position⌋ − r when the reel rests.
 * The cells it will land on are written into the strip ahead of the window before it stops; every
 * other cell shows the title's filler walk.
 */
class Reel {
  readonly view = new Container();
  readonly sprites: Sprite[] = [];
  position = 0;
  speed = 0;
  spinningFor = 0;
  state: 'rest' | 'spinning' | 'stopping' = 'rest';
  private strip = new Map<number, number>();

  constructor(
    private readonly index: number,
    private readonly rows: number,
    private readonly textureOf: (symbol: number) => Texture,
    private readonly filler: (reel: number, step: number) => number,
  ) {
    for (let i = 0; i < rows + 2; i++) {
      const sprite = new Sprite();
      sprite.anchor.set(0.5);
      this.sprites.push(sprite);
      this.view.addChild(sprite);
    }
  }

  symbolAt(k: number): number {
    return this.strip.get(k) ?? this.filler(this.index, k);
  }

  /** Rests at once on a column (top row first). */
  rest(column: readonly number[]) {
    const at = Math.ceil(this.position) + this.rows + 2;
    this.write(at, column);
    this.position = at;
    this.speed = 0;
    this.state = 'rest';
  }

  /** Writes a column ahead of the window, to rest on when the position reaches `at`. */
  write(at: number, column: readonly number[]) {
    for (const key of [...this.strip.keys()]) if (key < at - this.rows - 4) this.strip.delete(key);
    column.forEach((symbol, row) => this.strip.set(at - row, symbol));
  }

  /** What the reel shows from top to bottom, read from its strip at its resting position. */
  shown(): number[] {
    const top = Math.floor(this.position + 1e-6);
    return Array.from({ length: this.rows }, (_, row) => this.symbolAt(top - row));
  }

  /** The sprite that shows a row while the reel rests. */
  spriteAt(row: number): Sprite {
    return this.sprites[row + 1]!;
  }

  draw(layout: StageLayout) {
    const step = layout.cell + layout.gap;
    const base = Math.floor(this.position);
    const size = layout.cell * 0.94;
    this.sprites.forEach((sprite, j) => {
      const k = base + 1 - j;
      sprite.texture = this.textureOf(this.symbolAt(k));
      sprite.position.set(layout.cell / 2, (this.position - k) * step + layout.cell / 2);
      sprite.setSize(size, size);
      // A reel in motion looks it: stretched a little along its path.
      if (this.state !== 'rest') sprite.scale.y *= 1 + Math.min(0.18, this.speed / 120);
    });
  }
}

/**
 * The reels system: the window's frame, its reels, spinning and stopping reel by reel on the
 * columns the server drew. `shown()` reads back what the sprites' strips hold, for the page's
 * check that the canvas shows what the round's words say.
 */
export class ReelsSystem {
  readonly view = new Container();
  private readonly frame = new Graphics();
  private readonly mask = new Graphics();
  private readonly reelsLayer = new Container();
  private readonly reels: Reel[];
  private layout: StageLayout | null = null;

  constructor(
    readonly count: number,
    readonly rows: number,
    textureOf: (symbol: number) => Texture,
    filler: (reel: number, step: number) => number,
    private readonly colours: { background: number; primary: number; accent: number },
    private readonly clock: StageClock,
  ) {
    this.reels = Array.from({ length: count }, (_, index) => new Reel(index, rows, textureOf, filler));
    this.reels.forEach((reel) => this.reelsLayer.addChild(reel.view));
    this.view.addChild(this.frame, this.reelsLayer, this.mask);
    this.reelsLayer.mask = this.mask;
  }

  resize(layout: StageLayout) {
    this.layout = layout;
    const { x, y, windowWidth, windowHeight, cell, gap } = layout;
    // The frame fits in the margin around the window (layout.y is that margin), never cut by the canvas's edge.
    const border = Math.max(2, Math.min(Math.round(cell * 0.05), Math.floor((layout.y - 2) / 2)));
    this.frame.clear();
    this.frame
      .roundRect(x - border * 2, y - border * 2, windowWidth + border * 4, windowHeight + border * 4, border * 3)
      .fill({ color: this.colours.primary })
      .roundRect(x - border, y - border, windowWidth + border * 2, windowHeight + border * 2, border * 2)
      .fill({ color: 0x000000, alpha: 0.55 });
    this.reels.forEach((_, index) => {
      this.frame
        .roundRect(x + index * (cell + gap), y, cell, windowHeight, Math.round(cell * 0.1))
        .fill({ color: this.colours.background });
      this.frame
        .roundRect(x + index * (cell + gap), y, cell, windowHeight * 0.5, Math.round(cell * 0.1))
        .fill({ color: 0xffffff, alpha: 0.05 });
    });
    this.mask.clear();
    this.mask.rect(x - 1, y - 1, windowWidth + 2, windowHeight + 2).fill({ color: 0xffffff });
    this.reels.forEach((reel, index) => reel.view.position.set(x + index * (cell + gap), y));
    this.draw();
  }

  /** Every reel at rest on the window at once. */
  show(window: readonly (readonly number[])[]) {
    this.reels.forEach((reel, index) => reel.rest(window[index] ?? []));
    this.draw();
  }

  /** What the reels show, reel by reel (top row first). */
  shown(): number[][] {
    return this.reels.map((reel) => reel.shown());
  }

  spriteAt(reel: number, row: number): Sprite | undefined {
    return this.reels[reel]?.spriteAt(row);
  }

  get moving() {
    return this.reels.some((reel) => reel.state !== 'rest');
  }

  get spinning() {
    return this.reels.some((reel) => reel.state !== 'rest');
  }

  startSpin() {
    for (const reel of this.reels) {
      reel.state = 'spinning';
      reel.spinningFor = 0;
    }
  }

  /**
   * Stops the reels one after another on the window: the first after `firstStopMs`, each next one
   * `staggerMs` later, each easing into place over `stopMs`. Resolves when the last one rests.
   */
  async land(window: readonly (readonly number[])[], timing: { firstStopMs: number; staggerMs: number; stopMs: number }): Promise<void> {
    if (this.clock.hurrying) {
      this.show(window);
      return;
    }
    await Promise.all(
      this.reels.map(async (reel, index) => {
        if (reel.state === 'rest') reel.state = 'spinning';
        await this.clock.wait(timing.firstStopMs + index * timing.staggerMs);
        if (this.clock.hurrying) {
          reel.rest(window[index] ?? []);
          return;
        }
        reel.state = 'stopping';
        const from = reel.position;
        const at = Math.ceil(from) + this.rows + 2;
        reel.write(at, window[index] ?? []);
        await this.clock.tween(
          timing.stopMs,
          (p) => {
            reel.position = from + (at - from) * p;
            reel.speed = SPIN_SPEED * Math.max(0, 1 - p);
          },
          easeOutBack,
        );
        reel.rest(window[index] ?? []);
      }),
    );
    this.draw();
  }

  tick(deltaMs: number) {
    let moving = false;
    for (const reel of this.reels) {
      if (reel.state !== 'spinning') {
        moving ||= reel.state === 'stopping';
        continue;
      }
      moving = true;
      reel.spinningFor += deltaMs;
      reel.speed = SPIN_SPEED * Math.min(1, reel.spinningFor / SPIN_UP_MS);
      reel.position += (reel.speed * deltaMs) / 1000;
    }
    if (moving) this.draw();
  }

  private draw() {
    const layout = this.layout;
    if (layout) this.reels.forEach((reel) => reel.draw(layout));
  }
}
