import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScreenSizeWatcher, measureScreen, writeScreenToRoot, type ScreenInfo } from './screen-size';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';

class FakeViewport extends EventTarget {
  constructor(
    public innerWidth: number,
    public innerHeight: number,
  ) {
    super();
  }
  resize(width: number, height: number) {
    this.innerWidth = width;
    this.innerHeight = height;
    this.dispatchEvent(new Event('resize'));
  }
}

describe('screen size watcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts from the device type, then measures the window', () => {
    const seen: ScreenInfo[] = [];
    const viewport = new FakeViewport(1100, 800);
    createScreenSizeWatcher({ viewport, userAgent: IPHONE, onChange: (s) => seen.push(s) }).start();
    expect(seen).toEqual([
      { size: 'xs', device: 'mobile', orientation: 'unknown', measured: false },
      { size: 'lg', device: 'mobile', orientation: 'landscape', measured: true },
    ]);
  });

  it('keeps the device-type guess when the window has no size yet', () => {
    const seen: ScreenInfo[] = [];
    createScreenSizeWatcher({ viewport: new FakeViewport(0, 0), userAgent: IPAD, onChange: (s) => seen.push(s) }).start();
    expect(seen).toEqual([{ size: 'lg', device: 'tablet', orientation: 'unknown', measured: false }]);
  });

  it('re-measures 50 ms after the last resize event', () => {
    const onChange = vi.fn();
    const viewport = new FakeViewport(1600, 900);
    createScreenSizeWatcher({ viewport, userAgent: '', onChange }).start();
    onChange.mockClear();

    viewport.resize(1000, 900);
    vi.advanceTimersByTime(30);
    viewport.resize(700, 900);
    vi.advanceTimersByTime(49);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ size: 'sm', device: 'desktop', orientation: 'portrait', measured: true });
  });

  it('stops listening when stopped', () => {
    const onChange = vi.fn();
    const viewport = new FakeViewport(1600, 900);
    const watcher = createScreenSizeWatcher({ viewport, userAgent: '', onChange });
    watcher.start();
    onChange.mockClear();
    viewport.resize(500, 900);
    watcher.stop();
    vi.advanceTimersByTime(100);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('measureScreen and writeScreenToRoot', () => {
  it('treats a turned tablet as lg both ways', () => {
    expect(measureScreen('tablet', 768, 1024).size).toBe('lg');
    expect(measureScreen('tablet', 1024, 768).size).toBe('lg');
    expect(measureScreen('desktop', 768, 1024).size).toBe('md');
  });

  it('writes the data attributes CSS reads', () => {
    const root = { dataset: {} as DOMStringMap };
    writeScreenToRoot(root, measureScreen('mobile', 390, 844));
    expect(root.dataset).toEqual({ screen: 'xs', device: 'mobile', orientation: 'portrait' });
  });
});
