import { Container, Graphics, Text } from 'pixi.js';
import type { StageJackpot } from '../stage-model';
import { easeOutBack, linear, type StageClock } from './clock';
import type { StageLayout } from './layout';

const FONT = 'system-ui, sans-serif';
/** The jackpot's own gold, whatever the title's colours: a hit looks the same on every game. */
const GOLD = 0xffd54a;

/**
 * A jackpot hit over the whole stage, after the round's own wins have played (issue 26): a shade,
 * turning rays and a ring of sparks, the title, the pools won, the amount counting up to what they
 * paid, each pool with its amount when several were won, and the balance that includes it. It
 * draws only the words and amounts it is handed (stage-model.ts `stageJackpotOf`). Played in full
 * it fades after a while; skipped, or with motion off, it stays at its last state until the next
 * round clears it, so a still stage still shows the hit.
 */
export class JackpotSystem {
  readonly view = new Container();
  private readonly shade = new Graphics();
  private readonly rays = new Graphics();
  private readonly sparks = new Graphics();
  private readonly panel = new Graphics();
  private readonly title: Text;
  private readonly won: Text;
  private readonly amount: Text;
  private readonly pools: Text;
  private readonly balance: Text;
  private layout: StageLayout | null = null;
  private turning = false;
  private sparkMs = 0;

  constructor(
    private readonly clock: StageClock,
    private readonly colours: { background: number; primary: number; accent: number },
  ) {
    const style = (fontSize: number, fontWeight: '700' | '800' | '900', fill: number, stroke = 0) => ({
      fontFamily: FONT,
      fontWeight,
      fontSize,
      fill,
      align: 'center' as const,
      ...(stroke > 0 ? { stroke: { color: 0x000000, width: stroke } } : {}),
    });
    this.title = new Text({ text: '', style: style(44, '900', GOLD, 7) });
    this.won = new Text({ text: '', style: style(20, '800', 0xffffff, 4) });
    this.amount = new Text({ text: '', style: style(38, '900', 0xffffff, 7) });
    this.pools = new Text({ text: '', style: style(15, '700', 0xffffff) });
    this.balance = new Text({ text: '', style: style(16, '700', GOLD) });
    for (const text of [this.title, this.won, this.amount, this.pools, this.balance]) text.anchor.set(0.5);
    this.view.addChild(this.shade, this.rays, this.sparks, this.panel, this.title, this.won, this.amount, this.pools, this.balance);
    this.view.visible = false;
  }

  resize(layout: StageLayout) {
    this.layout = layout;
    const width = layout.windowWidth;
    this.title.style.fontSize = Math.max(28, Math.round(width * 0.1));
    this.won.style.fontSize = Math.max(14, Math.round(width * 0.038));
    this.amount.style.fontSize = Math.max(24, Math.round(width * 0.08));
    this.pools.style.fontSize = Math.max(12, Math.round(width * 0.028));
    this.balance.style.fontSize = Math.max(13, Math.round(width * 0.032));
    for (const text of [this.won, this.pools, this.balance]) {
      text.style.wordWrap = true;
      text.style.wordWrapWidth = width - 48;
    }
    this.place();
  }

  /**
   * Plays the hit: the title springs in, the amount counts up from 0 to what the pools paid, held,
   * then faded. `format` writes an amount (formatKr). Resolves when it is over (or at once, at its
   * last state, when hurried).
   */
  async play(jackpot: StageJackpot, format: (ore: number) => string) {
    if (!this.layout) return;
    this.title.text = jackpot.title;
    this.won.text = jackpot.won;
    this.pools.text = jackpot.pools.join('\n');
    this.balance.text = jackpot.balance ?? '';
    this.title.scale.set(1);
    // Placed for the amount it ends on (the widest), then counted up from 0.
    this.amount.text = format(jackpot.totalOre);
    this.place();
    this.amount.text = format(0);
    this.view.visible = true;
    this.view.alpha = 1;
    this.turning = !this.clock.hurrying;
    this.sparkMs = 0;
    await this.clock.tween(420, (p) => this.title.scale.set(0.3 + 0.7 * p), easeOutBack);
    let last = -1;
    const countMs = Math.min(3600, 1800 + Math.log10(Math.max(10, jackpot.totalOre)) * 250);
    await this.clock.tween(
      countMs,
      (p) => {
        // Whole øre only, never past the amount won.
        const value = Math.min(jackpot.totalOre, Math.round(jackpot.totalOre * p));
        if (value !== last) this.amount.text = format(value);
        last = value;
      },
      linear,
    );
    this.amount.text = format(jackpot.totalOre);
    // Skipped or still: the hit stays in view at its last state until the next round.
    if (this.clock.hurrying) {
      this.settle();
      return;
    }
    await this.clock.wait(2600);
    if (this.clock.hurrying) {
      this.settle();
      return;
    }
    await this.clock.tween(320, (p) => (this.view.alpha = 1 - p));
    this.clear();
  }

  /** Put away at once (a new round, back to rest). */
  clear() {
    this.view.visible = false;
    this.view.alpha = 1;
    this.turning = false;
    this.title.scale.set(1);
    this.sparks.clear();
  }

  /** Whether the rays turn and the sparks shine (the stage keeps drawing frames while so). */
  get moving() {
    return this.turning;
  }

  tick(deltaMs: number) {
    if (!this.turning) return;
    this.rays.rotation += (deltaMs / 1000) * 0.5;
    this.sparkMs += deltaMs;
    this.drawSparks();
  }

  /** The last state at rest: everything in view, nothing turning (a still picture costs a phone nothing). */
  private settle() {
    this.view.alpha = 1;
    this.title.scale.set(1);
    this.turning = false;
    this.drawSparks();
  }

  private drawSparks() {
    const layout = this.layout;
    if (!layout) return;
    const cx = layout.x + layout.windowWidth / 2;
    const cy = layout.y + layout.windowHeight / 2;
    const radius = Math.min(layout.windowWidth, layout.windowHeight) * 0.62;
    this.sparks.clear();
    for (let i = 0; i < 24; i++) {
      const angle = (i / 24) * Math.PI * 2 + this.sparkMs / 2400;
      const glow = 0.5 + 0.5 * Math.sin(this.sparkMs / 180 + i * 1.7);
      const size = Math.max(2, layout.cell * 0.035) * (0.6 + glow * 0.8);
      this.sparks
        .circle(cx + Math.cos(angle) * radius * 1.25, cy + Math.sin(angle) * radius * 0.8, size)
        .fill({ color: i % 3 === 0 ? this.colours.primary : GOLD, alpha: 0.35 + glow * 0.6 });
    }
  }

  private place() {
    const layout = this.layout;
    if (!layout) return;
    const cx = layout.x + layout.windowWidth / 2;
    const cy = layout.y + layout.windowHeight / 2;
    this.shade.clear();
    this.shade.rect(0, 0, layout.width, layout.height).fill({ color: 0x000000, alpha: 0.78 });
    this.rays.clear();
    const radius = Math.max(layout.windowWidth, layout.windowHeight);
    for (let i = 0; i < 20; i++) {
      const a = (i / 20) * Math.PI * 2;
      const b = a + Math.PI / 28;
      this.rays
        .moveTo(0, 0)
        .lineTo(Math.cos(a) * radius, Math.sin(a) * radius)
        .lineTo(Math.cos(b) * radius, Math.sin(b) * radius)
        .closePath();
    }
    this.rays.fill({ color: GOLD, alpha: 0.14 });
    this.rays.position.set(cx, cy);

    // Top to bottom: the title, the pools won, the amount, each pool (several), the balance.
    const gap = Math.max(6, Math.round(layout.cell * 0.06));
    const blocks = [this.title, this.won, this.amount, this.pools, this.balance].filter((text) => text.text !== '');
    const height = blocks.reduce((sum, text) => sum + text.height, 0) + gap * (blocks.length - 1);
    let y = cy - height / 2;
    for (const text of blocks) {
      text.position.set(cx, y + text.height / 2);
      y += text.height + gap;
    }
    const padX = Math.max(16, layout.cell * 0.2);
    const panelWidth = Math.min(layout.windowWidth - 8, Math.max(...blocks.map((text) => text.width), 0) + padX * 2);
    this.panel.clear();
    if (blocks.length > 0)
      this.panel
        .roundRect(cx - panelWidth / 2, cy - height / 2 - gap * 2, panelWidth, height + gap * 4, 18)
        .fill({ color: this.colours.background, alpha: 0.72 })
        .stroke({ width: 4, color: GOLD });
  }
}
