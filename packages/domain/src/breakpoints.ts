import type { DeviceType } from './device';

export type ScreenSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl';

/** Smallest to largest. */
export const SCREEN_SIZES: readonly ScreenSize[] = Object.freeze(['xs', 'sm', 'md', 'lg', 'xl', 'xxl']);

/**
 * The minimum viewport width in CSS pixels of each size (spec §9: xs below 640, sm below 768,
 * md below 1024, lg below 1280, xl below 1536, else xxl), ready for `(min-width: …px)` queries.
 */
export const BREAKPOINTS: Readonly<Record<ScreenSize, number>> = Object.freeze({
  xs: 0,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  xxl: 1536,
});

/**
 * Spec §9: "certain tablet landscape and portrait ranges count as lg". We read that as: a tablet
 * whose viewport is 768 to 1366 px wide is lg. That covers every iPad and the common Android
 * tablets in both orientations (768×1024 portrait up to 1366×1024 landscape), so a tablet keeps
 * the tablet layout when it is turned, instead of flipping between md, lg and xl.
 */
export const TABLET_LG_WIDTH_RANGE = Object.freeze({ min: 768, max: 1366 });

export interface ScreenSizeOptions {
  /**
   * Accepted for callers that measure both sides, but deliberately not used: the on-screen
   * keyboard shrinks the height, and the layout must not change while a player types.
   */
  height?: number;
  isTablet?: boolean;
}

export function screenSizeForWidth(width: number, opts: ScreenSizeOptions = {}): ScreenSize {
  if (!(width >= 0)) return 'xs';
  if (opts.isTablet && width >= TABLET_LG_WIDTH_RANGE.min && width <= TABLET_LG_WIDTH_RANGE.max) {
    return 'lg';
  }
  let size: ScreenSize = 'xs';
  for (const candidate of SCREEN_SIZES) {
    if (width >= BREAKPOINTS[candidate]) size = candidate;
  }
  return size;
}

const SIZE_FOR_DEVICE_TYPE: Readonly<Record<DeviceType, ScreenSize>> = Object.freeze({
  mobile: 'xs',
  tablet: 'lg',
  desktop: 'xl',
});

/** The size to render with before the first measurement of the viewport (spec §4). */
export function screenSizeForDeviceType(type: DeviceType): ScreenSize {
  return SIZE_FOR_DEVICE_TYPE[type];
}

/** True when `size` is `min` or larger, e.g. isScreenSizeAtLeast(size, 'lg') for the large wallpaper. */
export function isScreenSizeAtLeast(size: ScreenSize, min: ScreenSize): boolean {
  return SCREEN_SIZES.indexOf(size) >= SCREEN_SIZES.indexOf(min);
}
