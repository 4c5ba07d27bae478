import { describe, expect, it } from 'vitest';
import { easeOutBack, easeOutCubic, linear, StageClock } from './clock';

/** Whether a promise has settled, after the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('the stage clock', () => {
  it('moves a tween by the ticker’s time, eased, and ends it exactly at 1 when its time has passed', async () => {
    const clock = new StageClock();
    const seen: number[] = [];
    const tween = clock.tween(100, (p) => seen.push(p), linear);
    expect(seen).toEqual([0]);
    clock.tick(25);
    clock.tick(25);
    expect(seen).toEqual([0, 0.25, 0.5]);
    expect(await settled(tween)).toBe(false);
    clock.tick(80);
    expect(seen).toEqual([0, 0.25, 0.5, 1]);
    expect(await settled(tween)).toBe(true);
    clock.tick(16);
    expect(seen).toHaveLength(4);
  });

  it('applies the ease to the progress', () => {
    const clock = new StageClock();
    const seen: number[] = [];
    void clock.tween(200, (p) => seen.push(p));
    clock.tick(100);
    expect(seen.at(-1)).toBeCloseTo(easeOutCubic(0.5));
    expect(easeOutBack(1)).toBeCloseTo(1);
    expect(Math.max(...Array.from({ length: 99 }, (_, i) => easeOutBack((i + 1) / 100)))).toBeGreaterThan(1);
  });

  it('ends a wait once its time has passed, not before', async () => {
    const clock = new StageClock();
    const wait = clock.wait(300);
    clock.tick(299);
    expect(await settled(wait)).toBe(false);
    clock.tick(1);
    expect(await settled(wait)).toBe(true);
  });

  it('ends a zero-length tween at once at its end', async () => {
    const clock = new StageClock();
    const seen: number[] = [];
    expect(await settled(clock.tween(0, (p) => seen.push(p)))).toBe(true);
    expect(seen).toEqual([1]);
  });

  it('hurry ends the running tweens at once at their end state, and makes later waits and tweens instant', async () => {
    const clock = new StageClock();
    const first: number[] = [];
    const second: number[] = [];
    const a = clock.tween(1000, (p) => first.push(p), linear);
    const b = clock.wait(5000);
    const c = clock.tween(400, (p) => second.push(p), linear);
    clock.tick(100);
    clock.hurry();
    expect(clock.hurrying).toBe(true);
    expect(first.at(-1)).toBe(1);
    expect(second.at(-1)).toBe(1);
    expect(await settled(Promise.all([a, b, c]))).toBe(true);

    const later: number[] = [];
    const d = clock.tween(800, (p) => later.push(p), linear);
    expect(later).toEqual([1]);
    expect(await settled(Promise.all([d, clock.wait(60_000)]))).toBe(true);
  });

  it('relax brings back real time for the next round', async () => {
    const clock = new StageClock();
    clock.hurry();
    clock.relax();
    expect(clock.hurrying).toBe(false);
    const seen: number[] = [];
    const tween = clock.tween(100, (p) => seen.push(p), linear);
    expect(seen).toEqual([0]);
    expect(await settled(tween)).toBe(false);
    clock.tick(100);
    expect(await settled(tween)).toBe(true);
    expect(seen).toEqual([0, 1]);
  });

  it('cancel resolves what is under way without running it to its end, and leaves nothing running', async () => {
    const clock = new StageClock();
    const seen: number[] = [];
    const tween = clock.tween(100, (p) => seen.push(p), linear);
    const wait = clock.wait(100);
    clock.tick(40);
    clock.cancel();
    expect(await settled(Promise.all([tween, wait]))).toBe(true);
    expect(seen).toEqual([0, 0.4]);
    clock.tick(100);
    clock.hurry();
    expect(seen).toEqual([0, 0.4]);
  });
});
