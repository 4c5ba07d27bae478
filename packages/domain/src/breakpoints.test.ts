import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  BREAKPOINTS,
  SCREEN_SIZES,
  TABLET_LG_WIDTH_RANGE,
  isScreenSizeAtLeast,
  screenSizeForDeviceType,
  screenSizeForWidth,
} from './breakpoints';

describe('screenSizeForWidth', () => {
  it.each([
    [0, 'xs'],
    [320, 'xs'],
    [639, 'xs'],
    [639.5, 'xs'],
    [640, 'sm'],
    [767, 'sm'],
    [768, 'md'],
    [1023, 'md'],
    [1024, 'lg'],
    [1279, 'lg'],
    [1280, 'xl'],
    [1535, 'xl'],
    [1536, 'xxl'],
    [3840, 'xxl'],
    [Number.POSITIVE_INFINITY, 'xxl'],
    [-1, 'xs'],
    [Number.NaN, 'xs'],
  ] as const)('width %s is %s', (width, expected) => {
    expect(screenSizeForWidth(width)).toBe(expected);
  });

  it.each([
    [768, 1024, 'lg'], // iPad portrait, would be md
    [1024, 768, 'lg'], // iPad landscape
    [820, 1180, 'lg'], // iPad Air portrait
    [1180, 820, 'lg'], // iPad Air landscape
    [1024, 1366, 'lg'], // iPad Pro 12.9" portrait
    [1366, 1024, 'lg'], // iPad Pro 12.9" landscape, would be xl
    [800, 1280, 'lg'], // Android tablet portrait
    [1280, 800, 'lg'], // Android tablet landscape
    [600, 960, 'xs'], // small tablet portrait: outside the range, sized by width
    [767, 1024, 'sm'],
    [1367, 1024, 'xl'],
  ] as const)('a tablet at %s x %s is %s', (width, height, expected) => {
    expect(screenSizeForWidth(width, { height, isTablet: true })).toBe(expected);
  });

  it('applies the tablet range only to tablets', () => {
    expect(screenSizeForWidth(800, { isTablet: false })).toBe('md');
    expect(screenSizeForWidth(1366)).toBe('xl');
  });

  it('ignores the height, so an on-screen keyboard does not change the layout', () => {
    fc.assert(
      fc.property(fc.nat({ max: 4000 }), fc.nat({ max: 4000 }), fc.boolean(), (width, height, isTablet) => {
        expect(screenSizeForWidth(width, { height, isTablet })).toBe(screenSizeForWidth(width, { isTablet }));
      }),
    );
  });

  it('never shrinks as the width grows, outside the tablet range', () => {
    fc.assert(
      fc.property(fc.nat({ max: 5000 }), fc.nat({ max: 5000 }), (a, b) => {
        const [narrow, wide] = a <= b ? [a, b] : [b, a];
        expect(isScreenSizeAtLeast(screenSizeForWidth(wide), screenSizeForWidth(narrow))).toBe(true);
      }),
    );
  });

  it('puts every width at or above its own breakpoint', () => {
    fc.assert(
      fc.property(fc.nat({ max: 5000 }), (width) => {
        const size = screenSizeForWidth(width);
        expect(width).toBeGreaterThanOrEqual(BREAKPOINTS[size]);
        const next = SCREEN_SIZES[SCREEN_SIZES.indexOf(size) + 1];
        if (next) expect(width).toBeLessThan(BREAKPOINTS[next]);
      }),
    );
  });

  it('keeps the tablet range inside md to xl', () => {
    expect(screenSizeForWidth(TABLET_LG_WIDTH_RANGE.min)).toBe('md');
    expect(screenSizeForWidth(TABLET_LG_WIDTH_RANGE.max)).toBe('xl');
  });
});

describe('screenSizeForDeviceType', () => {
  it.each([
    ['mobile', 'xs'],
    ['tablet', 'lg'],
    ['desktop', 'xl'],
  ] as const)('%s starts as %s', (type, expected) => {
    expect(screenSizeForDeviceType(type)).toBe(expected);
  });
});

describe('SCREEN_SIZES and BREAKPOINTS', () => {
  it('are ordered and strictly increasing', () => {
    expect(SCREEN_SIZES).toEqual(['xs', 'sm', 'md', 'lg', 'xl', 'xxl']);
    const widths = SCREEN_SIZES.map((size) => BREAKPOINTS[size]);
    expect(widths).toEqual([0, 640, 768, 1024, 1280, 1536]);
  });

  it('compares sizes', () => {
    expect(isScreenSizeAtLeast('lg', 'lg')).toBe(true);
    expect(isScreenSizeAtLeast('xxl', 'lg')).toBe(true);
    expect(isScreenSizeAtLeast('md', 'lg')).toBe(false);
  });
});
