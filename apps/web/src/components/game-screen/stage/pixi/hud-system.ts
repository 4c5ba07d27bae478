import { Container, Graphics, Text } from 'pixi.js';
import type { WinVerdictKind } from '../../../../lib/slot-screen';
import { easeOutBack, linear, type StageClock } from './clock';
import type { StageLayout } from './layout';

const FONT = 'system-ui, sans-serif';

/**
 * The stage's words: the band under the window (the win counter counting up, the free spins'
 * progress, a plain word when nothing won), a banner across the window (free spins won, their
 * total), and the big-win moment, scaled to the win in times the stake, which always shows the
 * amount won and the stake beside it, never more than was won.
 */
export class HudSystem {
  readonly view = new Container();
  private readonly band = new Graphics();
  private readonly message: Text;
  private readonly banner = new Container();
  private readonly bannerBox = new Graphics();
  private readonly bannerText: Text;
  private readonly big = new Container();
  private readonly bigShade = new Graphics();
  private readonly rays = new Graphics();
  private readonly bigTitle: Text;
  private readonly bigAmount: Text;
  private readonly bigDetail: Text;
  private layout: StageLayout | null = null;
  private raysTurning = false;

  constructor(
    private readonly clock: StageClock,
    private readonly colours: { background: number; primary: number; accent: number },
    private readonly onMessage: (text: string) => void = () => {},
  ) {
    this.message = new Text({ text: '', style: { fontFamily: FONT, fontWeight: '800', fontSize: 20, fill: 0xffffff, align: 'center' } });
    this.message.anchor.set(0.5);
    this.bannerText = new Text({
      text: '',
      style: {
        fontFamily: FONT,
        fontWeight: '900',
        fontSize: 28,
        fill: colours.primary,
        align: 'center',
        stroke: { color: 0x000000, width: 5 },
      },
    });
    this.bannerText.anchor.set(0.5);
    this.banner.addChild(this.bannerBox, this.bannerText);
    this.banner.visible = false;
    this.bigTitle = new Text({
      text: '',
      style: {
        fontFamily: FONT,
        fontWeight: '900',
        fontSize: 40,
        fill: colours.primary,
        align: 'center',
        stroke: { color: 0x000000, width: 6 },
      },
    });
    this.bigAmount = new Text({
      text: '',
      style: { fontFamily: FONT, fontWeight: '900', fontSize: 34, fill: 0xffffff, align: 'center', stroke: { color: 0x000000, width: 6 } },
    });
    this.bigDetail = new Text({ text: '', style: { fontFamily: FONT, fontWeight: '700', fontSize: 18, fill: 0xffffff, align: 'center' } });
    for (const text of [this.bigTitle, this.bigAmount, this.bigDetail]) text.anchor.set(0.5);
    this.big.addChild(this.bigShade, this.rays, this.bigTitle, this.bigAmount, this.bigDetail);
    this.big.visible = false;
    this.view.addChild(this.band, this.message, this.banner, this.big);
  }

  resize(layout: StageLayout) {
    this.layout = layout;
    this.band.clear();
    this.band
      .roundRect(layout.x, layout.bandY, layout.windowWidth, layout.bandHeight, 12)
      .fill({ color: 0x000000, alpha: 0.45 })
      .stroke({ width: 2, color: this.colours.primary, alpha: 0.6 });
    this.message.position.set(layout.x + layout.windowWidth / 2, layout.bandY + layout.bandHeight / 2);
    this.message.style.fontSize = Math.max(14, Math.round(layout.bandHeight * 0.38));
    this.message.style.wordWrap = true;
    this.message.style.wordWrapWidth = layout.windowWidth - 16;
    this.bannerText.style.fontSize = Math.max(20, Math.round(layout.cell * 0.32));
    this.bannerText.style.wordWrap = true;
    this.bannerText.style.wordWrapWidth = layout.windowWidth - 40;
    this.bigTitle.style.fontSize = Math.max(26, Math.round(layout.windowWidth * 0.085));
    this.bigAmount.style.fontSize = Math.max(24, Math.round(layout.windowWidth * 0.075));
    this.bigDetail.style.fontSize = Math.max(14, Math.round(layout.windowWidth * 0.032));
    this.placeBig();
  }

  say(text: string, emphasis = false) {
    if (text !== this.message.text) this.onMessage(text);
    this.message.text = text;
    this.message.style.fill = emphasis ? this.colours.primary : 0xffffff;
  }

  /** Counts the band's amount up from `fromOre` to `toOre`, each value through `format`; resolves at the end. */
  async countUp(fromOre: number, toOre: number, durationMs: number, format: (ore: number) => string, emphasis = true) {
    let last = -1;
    await this.clock.tween(
      durationMs,
      (p) => {
        // Whole øre only, never past the amount won.
        const value = Math.min(toOre, Math.round(fromOre + (toOre - fromOre) * p));
        if (value !== last) this.say(format(value), emphasis);
        last = value;
      },
      linear,
    );
    this.say(format(toOre), emphasis);
  }

  async showBanner(text: string, holdMs: number) {
    const layout = this.layout;
    if (!layout) return;
    this.bannerText.text = text;
    const cx = layout.x + layout.windowWidth / 2;
    const cy = layout.y + layout.windowHeight / 2;
    this.bannerText.position.set(cx, cy);
    this.bannerBox.clear();
    const height = this.bannerText.height + 28;
    this.bannerBox
      .roundRect(layout.x + 8, cy - height / 2, layout.windowWidth - 16, height, 14)
      .fill({ color: 0x000000, alpha: 0.82 })
      .stroke({ width: 3, color: this.colours.primary });
    this.banner.visible = true;
    this.banner.alpha = 0;
    await this.clock.tween(220, (p) => (this.banner.alpha = p));
    await this.clock.wait(holdMs);
    await this.clock.tween(200, (p) => (this.banner.alpha = 1 - p));
    this.banner.visible = false;
  }

  /**
   * The big-win moment: the title of its class, the amount counting up to the win, and below it the
   * win in times the stake and the stake itself. Longer for a larger class; a tap skips it.
   */
  async bigWin(kind: WinVerdictKind, texts: { title: string; detail: string }, winOre: number, format: (ore: number) => string) {
    const layout = this.layout;
    if (!layout || (kind !== 'big' && kind !== 'huge' && kind !== 'mega')) return;
    const countMs = kind === 'mega' ? 3200 : kind === 'huge' ? 2400 : 1600;
    this.bigTitle.text = texts.title;
    this.bigDetail.text = texts.detail;
    this.bigAmount.text = format(0);
    this.placeBig();
    this.big.visible = true;
    this.big.alpha = 1;
    this.raysTurning = true;
    await this.clock.tween(380, (p) => this.bigTitle.scale.set(0.3 + 0.7 * p), easeOutBack);
    let last = -1;
    await this.clock.tween(
      countMs,
      (p) => {
        const value = Math.min(winOre, Math.round(winOre * p));
        if (value !== last) this.bigAmount.text = format(value);
        last = value;
      },
      linear,
    );
    this.bigAmount.text = format(winOre);
    await this.clock.wait(900);
    await this.clock.tween(260, (p) => (this.big.alpha = 1 - p));
    this.big.visible = false;
    this.raysTurning = false;
  }

  /** Everything put away at once (a new round). */
  reset() {
    this.banner.visible = false;
    this.big.visible = false;
    this.raysTurning = false;
    this.bigTitle.scale.set(1);
  }

  /** Whether the big-win rays turn (the stage keeps drawing frames while so). */
  get moving() {
    return this.raysTurning;
  }

  tick(deltaMs: number) {
    if (this.raysTurning) this.rays.rotation += (deltaMs / 1000) * 0.6;
  }

  private placeBig() {
    const layout = this.layout;
    if (!layout) return;
    const cx = layout.x + layout.windowWidth / 2;
    const cy = layout.y + layout.windowHeight / 2;
    this.bigShade.clear();
    this.bigShade.rect(0, 0, layout.width, layout.height).fill({ color: 0x000000, alpha: 0.72 });
    this.rays.clear();
    const radius = Math.max(layout.windowWidth, layout.windowHeight);
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2;
      const b = a + Math.PI / 24;
      this.rays
        .moveTo(0, 0)
        .lineTo(Math.cos(a) * radius, Math.sin(a) * radius)
        .lineTo(Math.cos(b) * radius, Math.sin(b) * radius)
        .closePath();
    }
    this.rays.fill({ color: this.colours.primary, alpha: 0.16 });
    this.rays.position.set(cx, cy);
    const unit = this.bigTitle.style.fontSize as number;
    this.bigTitle.position.set(cx, cy - unit * 0.9);
    this.bigAmount.position.set(cx, cy + unit * 0.2);
    this.bigDetail.position.set(cx, cy + unit * 1.05);
  }
}
