import { orientationForViewport, parseDeviceInfo, screenSizeForWidth } from '@krone/domain';
import { describe, expect, it } from 'vitest';
import { SCREEN_SIZE_BOOT_SCRIPT } from './screen-size-boot';

const USER_AGENTS = {
  desktopChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  operaMini: 'Opera/9.80 (Android; Opera Mini/7.5.33361/31.1448; U; en) Presto/2.8.119 Version/11.1010',
  kindle:
    'Mozilla/5.0 (Linux; Android 9; KFMAWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/108.3.1 like Chrome/108.0.5359.220 Safari/537.36',
  empty: '',
};

const VIEWPORTS: [number, number][] = [
  [0, 0],
  [320, 640],
  [639, 900],
  [640, 480],
  [767, 1024],
  [768, 1024],
  [1023, 700],
  [1024, 768],
  [1279, 800],
  [1280, 800],
  [1366, 1024],
  [1367, 1024],
  [1535, 900],
  [1536, 900],
  [2560, 1440],
];

function runBootScript(userAgent: string, innerWidth: number, innerHeight: number): DOMStringMap {
  const dataset: DOMStringMap = {};
  const run = new Function('document', 'navigator', 'window', SCREEN_SIZE_BOOT_SCRIPT);
  run({ documentElement: { dataset } }, { userAgent }, { innerWidth, innerHeight });
  return dataset;
}

describe('SCREEN_SIZE_BOOT_SCRIPT', () => {
  for (const [name, userAgent] of Object.entries(USER_AGENTS)) {
    it(`agrees with the domain rules for ${name || 'no user agent'}`, () => {
      const device = parseDeviceInfo(userAgent).device;
      for (const [width, height] of VIEWPORTS) {
        expect(runBootScript(userAgent, width, height), `${width}x${height}`).toEqual({
          screen: screenSizeForWidth(width, { isTablet: device === 'tablet' }),
          device,
          orientation: orientationForViewport(width, height),
        });
      }
    });
  }

  it('counts a tablet 768 to 1366 wide as lg', () => {
    expect(runBootScript(USER_AGENTS.iPad, 768, 1024).screen).toBe('lg');
    expect(runBootScript(USER_AGENTS.iPad, 1366, 1024).screen).toBe('lg');
    expect(runBootScript(USER_AGENTS.iPad, 1367, 1024).screen).toBe('xl');
    expect(runBootScript(USER_AGENTS.desktopChrome, 800, 600).screen).toBe('md');
  });

  it('never throws, even without a document', () => {
    expect(() => new Function(SCREEN_SIZE_BOOT_SCRIPT)()).not.toThrow();
  });

  it('stays small and self-contained', () => {
    expect(SCREEN_SIZE_BOOT_SCRIPT.length).toBeLessThan(1200);
    expect(SCREEN_SIZE_BOOT_SCRIPT).not.toMatch(/\bimport\b|\brequire\b|<\/script/i);
  });
});
