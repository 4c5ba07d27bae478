import {
  orientationForViewport,
  parseDeviceInfo,
  screenSizeForDeviceType,
  screenSizeForWidth,
  type DeviceType,
  type Orientation,
  type ScreenSize,
} from '@krone/domain';
import { createStore, type ListenerTarget } from './store';

export const RESIZE_SETTLE_MS = 50;

export interface ScreenInfo {
  size: ScreenSize;
  device: DeviceType;
  orientation: Orientation;
  /** False while the size is only guessed from the device type (server render, first paint). */
  measured: boolean;
}

/** What the server renders with, and what the client hydrates with, before anything is measured. */
export const DEFAULT_SCREEN: ScreenInfo = Object.freeze({
  size: screenSizeForDeviceType('desktop'),
  device: 'desktop',
  orientation: 'unknown',
  measured: false,
});

export const screenStore = createStore<ScreenInfo>(
  DEFAULT_SCREEN,
  (a, b) => a.size === b.size && a.device === b.device && a.orientation === b.orientation && a.measured === b.measured,
);

export function screenFromDeviceType(device: DeviceType): ScreenInfo {
  return { size: screenSizeForDeviceType(device), device, orientation: 'unknown', measured: false };
}

export function measureScreen(device: DeviceType, width: number, height: number): ScreenInfo {
  return {
    size: screenSizeForWidth(width, { height, isTablet: device === 'tablet' }),
    device,
    orientation: orientationForViewport(width, height),
    measured: true,
  };
}

/** CSS hides menu items per device with html[data-screen=…]; see SCREEN_SIZE_BOOT_SCRIPT. */
export function writeScreenToRoot(root: { dataset: DOMStringMap }, screen: ScreenInfo): void {
  root.dataset.screen = screen.size;
  root.dataset.device = screen.device;
  root.dataset.orientation = screen.orientation;
}

export interface ViewportSource extends ListenerTarget {
  readonly innerWidth: number;
  readonly innerHeight: number;
}

export interface ScreenSizeWatcherDeps {
  viewport: ViewportSource;
  userAgent: string;
  onChange: (screen: ScreenInfo) => void;
  settleMs?: number;
}

/**
 * Spec §4: the size comes from the device type first, then from the window, re-measured
 * `settleMs` after the last resize event (a drag fires dozens of them).
 */
export function createScreenSizeWatcher(deps: ScreenSizeWatcherDeps): { start(): void; stop(): void } {
  const settleMs = deps.settleMs ?? RESIZE_SETTLE_MS;
  const device = parseDeviceInfo(deps.userAgent).device;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const measure = () => {
    const { innerWidth, innerHeight } = deps.viewport;
    if (innerWidth > 0) deps.onChange(measureScreen(device, innerWidth, innerHeight));
  };
  const handleResize = () => {
    clearTimeout(timer);
    timer = setTimeout(measure, settleMs);
  };

  return {
    start() {
      deps.onChange(screenFromDeviceType(device));
      measure();
      deps.viewport.addEventListener('resize', handleResize);
    },
    stop() {
      clearTimeout(timer);
      deps.viewport.removeEventListener('resize', handleResize);
    },
  };
}
