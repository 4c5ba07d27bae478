/**
 * Time for the stage's animations, driven by the renderer's ticker: waits and tweens that resolve
 * when their time has passed, or at once when the player skips (`hurry`), so a skipped presentation
 * runs through to its last state without a frame drawn in between.
 */
export type Ease = (t: number) => number;

export const linear: Ease = (t) => t;
export const easeOutCubic: Ease = (t) => 1 - (1 - t) ** 3;
/** Overshoots a little and settles: a reel's stop. */
export const easeOutBack: Ease = (t) => {
  const s = 1.1;
  const u = t - 1;
  return 1 + (s + 1) * u ** 3 + s * u ** 2;
};

interface Running {
  elapsed: number;
  duration: number;
  update: (progress: number) => void;
  ease: Ease;
  done: () => void;
}

export class StageClock {
  private running = new Set<Running>();
  private hurried = false;

  /** `onBusy` is told whenever something starts to wait on time: the stage then draws frames again. */
  constructor(private readonly onBusy: () => void = () => {}) {}

  /** Whether anything waits on time (the stage keeps drawing frames while so). */
  get busy() {
    return this.running.size > 0;
  }

  /** Whether the presentation runs at once (skipped, or motion off). */
  get hurrying() {
    return this.hurried;
  }

  /** From now on every wait and tween ends at once, those under way included. */
  hurry() {
    this.hurried = true;
    for (const item of [...this.running]) this.finish(item);
  }

  /** Back to real time (a new round). */
  relax() {
    this.hurried = false;
  }

  tween(durationMs: number, update: (progress: number) => void, ease: Ease = easeOutCubic): Promise<void> {
    if (this.hurried || durationMs <= 0) {
      update(1);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const item: Running = { elapsed: 0, duration: durationMs, update, ease, done: resolve };
      this.running.add(item);
      this.onBusy();
      update(ease(0));
    });
  }

  wait(durationMs: number): Promise<void> {
    return this.tween(durationMs, () => {}, linear);
  }

  /** Advances every running tween by the frame's time (the ticker's deltaMS). */
  tick(deltaMs: number) {
    for (const item of [...this.running]) {
      item.elapsed += deltaMs;
      if (item.elapsed >= item.duration) this.finish(item);
      else item.update(item.ease(item.elapsed / item.duration));
    }
  }

  /** Ends everything under way without running it to its end (the stage is torn down or a new round starts). */
  cancel() {
    for (const item of [...this.running]) {
      this.running.delete(item);
      item.done();
    }
  }

  private finish(item: Running) {
    if (!this.running.delete(item)) return;
    item.update(1);
    item.done();
  }
}
