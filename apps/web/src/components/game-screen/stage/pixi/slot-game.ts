import 'pixi.js/unsafe-eval';
import { Application, Container } from 'pixi.js';
import { formatKr } from '@krone/domain';
import type { Translate } from '../../../../lib/i18n';
import { fillerSymbol, type StageJackpot, type StageRound } from '../stage-model';
import { loadSymbolTextures } from './assets';
import { StageClock } from './clock';
import { HudSystem } from './hud-system';
import { JackpotSystem } from './jackpot-system';
import { layoutOf, type StageLayout } from './layout';
import { ReelsSystem } from './reels-system';
import { WinSystem } from './win-system';

export type StagePhase = 'rest' | 'spinning' | 'presenting';

export interface SlotGameConfig {
  gameId: string;
  reels: number;
  rows: number;
  symbols: readonly { name: string; kind?: string }[];
  colours: { background: string; primary: string; accent: string };
  /** The window shown before the first round. */
  window: number[][];
  motion: boolean;
  t: Translate;
  /** What the reels show whenever they come to rest: read back from the reels, not the answer. */
  onShown: (window: number[][]) => void;
  /** The band's words whenever they change (the counter's amount, a free spin's progress), for the page's checks. */
  onMessage: (text: string) => void;
}

export interface SlotGame {
  readonly canvas: HTMLCanvasElement;
  readonly rendererName: string;
  setMotion(on: boolean): void;
  /** Reels start turning (nothing with motion off). */
  startSpin(): void;
  /** Reels stop, reel by reel, on the drawn window; resolves when all rest. */
  land(window: number[][]): Promise<void>;
  /** The round's wins, counter, celebration and free spins, then its jackpot hit; resolves when the part that holds the next round is over. */
  present(round: StageRound): Promise<void>;
  /** A jackpot hit alone over the window at rest (a round answered late, shown at once). */
  presentJackpot(jackpot: StageJackpot): Promise<void>;
  /** Ends a presentation under way at once, at its last state. */
  skip(): void;
  /** Back to rest on a window at once (a round refused, pending or failed: the last shown window). */
  rest(window: number[][]): void;
  resize(width: number): void;
  destroy(): void;
}

const colourNumber = (hex: string, fallback: number) => (/^#[0-9a-f]{6}$/i.test(hex) ? parseInt(hex.slice(1), 16) : fallback);

/** Reel timing: the first reel stops this long after the spin began (at the earliest), the rest one by one. */
const TIMING = { minSpinMs: 420, staggerMs: 170, stopMs: 380 };
const FREE_SPIN_TIMING = { firstStopMs: 260, staggerMs: 90, stopMs: 260 };

/**
 * A slot's stage in PixiJS: a Game that runs small systems (reels, win presentation, HUD), fed by
 * the React shell with the studio's outcome; the systems only play it out. WebGL where the browser
 * has it, else the canvas 2D renderer; the caller falls back to the page's own grid when neither starts.
 */
export async function createSlotGame(host: HTMLElement, config: SlotGameConfig): Promise<SlotGame> {
  const app = new Application();
  const width = Math.max(240, host.clientWidth);
  // The stage fills its box, whose size the page reserved before the renderer loaded (no shift).
  const heightOf = () => Math.max(200, host.clientHeight || Math.round(width * 0.6));
  await app.init({
    width,
    height: heightOf(),
    backgroundAlpha: 0,
    antialias: true,
    resolution: Math.min(2, globalThis.devicePixelRatio || 1),
    autoDensity: true,
    preference: ['webgl', 'canvas'],
  });
  const colours = {
    background: colourNumber(config.colours.background, 0x12382a),
    primary: colourNumber(config.colours.primary, 0xe8b931),
    accent: colourNumber(config.colours.accent, 0x8c1c13),
  };
  const wake = () => {
    // A wait that ends after the stage was destroyed (the player left mid-presentation) finds no ticker.
    if (app.ticker && !app.ticker.started) app.ticker.start();
  };
  const textures = await loadSymbolTextures(app.renderer, config.gameId, config.symbols, colours);
  // Whatever starts to wait on time wakes the ticker: a wait begun in a promise's continuation
  // (after the frame that ended the one before) must not find it resting.
  const clock = new StageClock(() => wake());
  const reels = new ReelsSystem(
    config.reels,
    config.rows,
    (symbol) => textures[symbol] ?? textures[0]!,
    (reel, step) => fillerSymbol(config.symbols, reel, step),
    colours,
    clock,
  );
  const wins = new WinSystem(reels, clock);
  const hud = new HudSystem(clock, colours, config.onMessage);
  const jackpots = new JackpotSystem(clock, colours);
  const world = new Container();
  world.addChild(reels.view, wins.view, hud.view, jackpots.view);
  app.stage.addChild(world);

  let motion = config.motion;
  let spinStartedAt = 0;
  let round = 0;
  let layout: StageLayout = layoutOf(width, heightOf(), config.reels, config.rows);
  const t = config.t;
  const money = (ore: number) => formatKr(ore);

  const resize = (to: number) => {
    const height = heightOf();
    layout = layoutOf(Math.max(240, to), height, config.reels, config.rows);
    app.renderer.resize(layout.width, height);
    world.y = Math.max(0, Math.round((height - layout.height) / 2));
    reels.resize(layout);
    wins.resize(layout);
    hud.resize(layout);
    jackpots.resize(layout);
    app.render();
  };

  // Frames are drawn only while something moves (a spin, a count, a pulse, a celebration): a
  // still stage is drawn once and then costs a phone's processor and battery nothing.
  // A watchdog: frames that stop coming while something waits on them (a tab in the background, a
  // renderer that stalled) must never hold a round's result: the stage then runs to its end at once.
  let lastFrameAt = performance.now();
  const watchdog = window.setInterval(() => {
    if (clock.busy && performance.now() - lastFrameAt > 3000) {
      clock.hurry();
      app.render();
    }
  }, 1000);
  app.ticker.add((ticker) => {
    lastFrameAt = performance.now();
    // Real time since the last frame (not the ticker's capped delta): on a slow device the reels
    // take the same time to land, with fewer frames, and the spin stays inside the round's pace.
    const elapsedMs = Math.min(ticker.elapsedMS, 1000);
    clock.tick(elapsedMs);
    reels.tick(elapsedMs);
    wins.tick(elapsedMs);
    hud.tick(elapsedMs);
    jackpots.tick(elapsedMs);
    // This frame is still drawn (the renderer's own listener runs after this one), then the ticker rests.
    if (!clock.busy && !reels.moving && !wins.moving && !hud.moving && !jackpots.moving) app.ticker.stop();
  });
  resize(width);
  reels.show(config.window);
  hud.say(t('slot_machines.stage_ready'));
  app.render();
  config.onShown(reels.shown());

  const shown = () => config.onShown(reels.shown());

  /**
   * The jackpot hit over the stage, then the band's words for it (the game's win and the jackpot's,
   * apart); the page's checks read them (`onMessage`).
   */
  const playJackpot = async (jackpot: StageJackpot, still: () => boolean) => {
    await jackpots.play(jackpot, money);
    if (!still()) return;
    hud.say(jackpot.band, true);
    app.render();
  };

  /** The counter's words for an amount of the round (a win below the stake says so). */
  const counterText = (ore: number, stakeOre: number, finalOre = ore) =>
    finalOre < stakeOre
      ? t('slot_machines.stage_win_less_than_stake', { amount: money(ore), stake: money(stakeOre) })
      : t('slot_machines.stage_win', { amount: money(ore) });

  return {
    canvas: app.canvas,
    rendererName: app.renderer.name,
    setMotion(on) {
      motion = on;
      if (!on) clock.hurry();
    },
    startSpin() {
      wake();
      round++;
      clock.cancel();
      clock.relax();
      wins.clear();
      hud.reset();
      jackpots.clear();
      hud.say(t('slot_machines.stage_spinning'));
      spinStartedAt = performance.now();
      if (!motion) return;
      reels.startSpin();
    },
    async land(window) {
      wake();
      if (!motion) clock.hurry();
      const waited = performance.now() - spinStartedAt;
      await reels.land(window, { firstStopMs: Math.max(0, TIMING.minSpinMs - waited), staggerMs: TIMING.staggerMs, stopMs: TIMING.stopMs });
      shown();
      app.render();
    },
    async present(stageRound) {
      wake();
      const mine = round;
      const still = () => mine === round;
      if (!motion) clock.hurry();
      const { base, stakeOre } = stageRound;
      // A free round's win is said as a win, not against a stake the player did not make.
      const against = stageRound.freeRound ? 0 : stakeOre;
      if (stageRound.winOre === 0 && !stageRound.freeSpins) {
        hud.say(t('slot_machines.stage_no_win'));
        if (stageRound.jackpot) await playJackpot(stageRound.jackpot, still);
        return;
      }
      // The base spin: every winning cell at once, the counter counting its win.
      wins.showAll(base.wins, stageRound.triggerCells);
      if (base.winOre > 0)
        await hud.countUp(0, base.winOre, Math.min(1200, 350 + (base.winOre / stakeOre) * 60), (ore) =>
          counterText(ore, against, base.winOre),
        );
      if (!still()) return;
      const free = stageRound.freeSpins;
      if (free) {
        await hud.showBanner(t('slot_machines.stage_free_spins_won', { spins: free.spins.length }), 1100);
        let total = 0;
        for (const [index, spin] of free.spins.entries()) {
          if (!still()) return;
          wins.clear();
          hud.say(t('slot_machines.stage_free_spin_progress', { number: index + 1, spins: free.spins.length, amount: money(total) }));
          if (!clock.hurrying) reels.startSpin();
          await reels.land(spin.window, FREE_SPIN_TIMING);
          shown();
          if (spin.winOre > 0) {
            wins.showAll(spin.wins);
            await hud.countUp(total, total + spin.winOre, 500, (ore) =>
              t('slot_machines.stage_free_spin_progress', { number: index + 1, spins: free.spins.length, amount: money(ore) }),
            );
            await clock.wait(450);
          } else await clock.wait(250);
          total += spin.winOre;
        }
        if (!still()) return;
        wins.clear();
        await hud.showBanner(t('slot_machines.stage_free_spins_total', { spins: free.spins.length, amount: money(free.winOre) }), 1400);
        // Back to the spin that won them, as the round's words describe it.
        reels.show(base.window);
        shown();
      }
      if (!still()) return;
      if (stageRound.kind === 'big' || stageRound.kind === 'huge' || stageRound.kind === 'mega') {
        await hud.bigWin(
          stageRound.kind,
          {
            title: t(`slot_machines.stage_${stageRound.kind}_win`),
            detail: t('slot_machines.stage_times_stake', {
              times: (stageRound.winOre / stakeOre).toLocaleString('da-DK', { maximumFractionDigits: 1 }),
              stake: money(stakeOre),
            }),
          },
          stageRound.winOre,
          money,
        );
      }
      if (!still()) return;
      if (stageRound.winOre === 0) hud.say(t('slot_machines.stage_no_win'));
      else hud.say(counterText(stageRound.winOre, against), stageRound.winOre >= against);
      // The jackpot after the game's own wins: the pools were won by the stake, not by the reels.
      if (stageRound.jackpot) {
        wins.showAll(base.wins);
        await playJackpot(stageRound.jackpot, still);
        if (!still()) return;
      }
      // Then each win on its own, over and over, until the next spin (not waited for).
      if (clock.hurrying) wins.showAll(base.wins);
      else wins.cycleWins(base.wins);
      wake();
    },
    async presentJackpot(jackpot) {
      wake();
      const mine = round;
      if (motion) clock.relax();
      else clock.hurry();
      await playJackpot(jackpot, () => mine === round);
    },
    skip() {
      wake();
      clock.hurry();
    },
    rest(window) {
      round++;
      clock.cancel();
      wins.clear();
      hud.reset();
      jackpots.clear();
      hud.say(t('slot_machines.stage_ready'));
      reels.show(window);
      shown();
      wake();
    },
    resize(to) {
      resize(to);
      wake();
    },
    destroy() {
      window.clearInterval(watchdog);
      round++;
      // The wins' cycle runs on past a presentation (until the next spin): stopped before its
      // graphics go, or its next step would draw on destroyed ones (leaving the game mid-cycle).
      wins.clear();
      clock.cancel();
      app.destroy({ removeView: true }, { children: true });
    },
  };
}
