import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, creepProgress, type LoadingBarController, type LoadingBarState } from './loading-bar';

describe('loading bar', () => {
  let states: LoadingBarState[];
  let bar: LoadingBarController;

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    bar = createLoadingBar((state) => states.push(state));
  });
  afterEach(() => {
    bar.dispose();
    vi.useRealTimers();
  });

  const last = () => states.at(-1);

  it('stays hidden for a transition under 200 ms', () => {
    bar.start();
    vi.advanceTimersByTime(199);
    bar.done();
    vi.advanceTimersByTime(5_000);
    expect(states).toEqual([]);
  });

  it('shows after 200 ms and creeps toward 90 % over about 2 s', () => {
    bar.start();
    vi.advanceTimersByTime(200);
    expect(last()?.visible).toBe(true);
    const early = last()!.progress;
    vi.advanceTimersByTime(1_000);
    const middle = last()!.progress;
    vi.advanceTimersByTime(1_000);
    const late = last()!.progress;
    vi.advanceTimersByTime(5_000);
    expect(early).toBeGreaterThan(0);
    expect(middle).toBeGreaterThan(early);
    expect(late).toBeGreaterThan(middle);
    expect(last()!.progress).toBeCloseTo(0.9);
    expect(Math.max(...states.map((s) => s.progress))).toBeLessThanOrEqual(0.9);
  });

  it('completes to 100 % and then hides', () => {
    bar.start();
    vi.advanceTimersByTime(600);
    bar.done();
    expect(last()).toEqual({ visible: true, progress: 1 });
    vi.advanceTimersByTime(300);
    expect(last()).toEqual({ visible: false, progress: 0 });
    const count = states.length;
    vi.advanceTimersByTime(10_000);
    expect(states).toHaveLength(count);
  });

  it('ignores a second start while one runs', () => {
    bar.start();
    vi.advanceTimersByTime(150);
    bar.start();
    vi.advanceTimersByTime(50);
    expect(last()?.visible).toBe(true);
  });

  it('can start again while finishing', () => {
    bar.start();
    vi.advanceTimersByTime(300);
    bar.done();
    bar.start();
    expect(last()).toEqual({ visible: false, progress: 0 });
    vi.advanceTimersByTime(200);
    expect(last()?.visible).toBe(true);
  });

  it('gives up after 15 s when no route change arrives', () => {
    bar.start();
    vi.advanceTimersByTime(15_000);
    expect(last()).toEqual({ visible: true, progress: 1 });
    vi.advanceTimersByTime(300);
    expect(last()?.visible).toBe(false);
  });

  it('ignores done when idle', () => {
    bar.done();
    expect(states).toEqual([]);
  });
});

describe('creepProgress', () => {
  it('rises from 0 to 0.9 and stays there', () => {
    expect(creepProgress(0)).toBe(0);
    expect(creepProgress(1_000)).toBeCloseTo(0.675);
    expect(creepProgress(2_000)).toBeCloseTo(0.9);
    expect(creepProgress(60_000)).toBeCloseTo(0.9);
  });
});
