import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  checkSupport,
  orientationForViewport,
  parseDeviceInfo,
  type BrowserName,
  type DeviceType,
  type OsName,
  type SupportResult,
} from './device';

interface Case {
  name: string;
  ua: string;
  browser: [BrowserName, number | null];
  os: [OsName, string | null];
  device: DeviceType;
  support: SupportResult;
}

const OK: SupportResult = { supported: true };
const no = (reason: Extract<SupportResult, { supported: false }>['reason']): SupportResult => ({
  supported: false,
  reason,
});

const cases: Case[] = [
  {
    name: 'Chrome on Windows 10',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    browser: ['chrome', 124],
    os: ['windows', '10.0'],
    device: 'desktop',
    support: OK,
  },
  {
    name: 'Chrome 109 on Windows 7, the last one there',
    ua: 'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36',
    browser: ['chrome', 109],
    os: ['windows', '6.1'],
    device: 'desktop',
    support: OK,
  },
  {
    name: 'old Chrome on Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/96.0.4664.110 Safari/537.36',
    browser: ['chrome', 96],
    os: ['windows', '10.0'],
    device: 'desktop',
    support: no('chrome'),
  },
  {
    name: 'Chrome on macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
    browser: ['chrome', 125],
    os: ['macos', '10.15.7'],
    device: 'desktop',
    support: OK,
  },
  {
    name: 'headless Chromium on Linux (the browser tests)',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/139.0.7258.5 Safari/537.36',
    browser: ['chrome', 139],
    os: ['linux', null],
    device: 'desktop',
    support: OK,
  },
  {
    name: 'Chrome on ChromeOS',
    ua: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
    browser: ['chrome', 123],
    os: ['chromeos', '14541.0.0'],
    device: 'desktop',
    support: OK,
  },
  {
    name: 'Chrome on an Android phone (reduced UA)',
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
    browser: ['chrome', 124],
    os: ['android', '10'],
    device: 'mobile',
    support: OK,
  },
  {
    name: 'Chrome on an Android tablet',
    ua: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.6261.119 Safari/537.36',
    browser: ['chrome', 122],
    os: ['android', '13'],
    device: 'tablet',
    support: OK,
  },
  {
    name: 'Chrome on Android 7',
    ua: 'Mozilla/5.0 (Linux; Android 7.0; SM-G930F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.6045.163 Mobile Safari/537.36',
    browser: ['chrome', 119],
    os: ['android', '7.0'],
    device: 'mobile',
    support: no('android'),
  },
  {
    name: 'Android stock browser',
    ua: 'Mozilla/5.0 (Linux; U; Android 4.0.3; da-dk; GT-I9100 Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
    browser: ['unknown', null],
    os: ['android', '4.0.3'],
    device: 'mobile',
    support: no('android'),
  },
  {
    name: 'Safari on iPhone (iOS 17)',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
    browser: ['safari', 17],
    os: ['ios', '17.4.1'],
    device: 'mobile',
    support: OK,
  },
  {
    name: 'Safari on iPhone (iOS 14)',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1',
    browser: ['safari', 14],
    os: ['ios', '14.8'],
    device: 'mobile',
    support: no('ios'),
  },
  {
    name: 'Safari on an iPad (iPadOS mobile UA)',
    ua: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    browser: ['safari', 16],
    os: ['ios', '16.6'],
    device: 'tablet',
    support: OK,
  },
  {
    name: 'Safari on an iPad with the default desktop UA: indistinguishable from a Mac',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    browser: ['safari', 17],
    os: ['macos', '10.15.7'],
    device: 'desktop',
    support: OK,
  },
  {
    name: 'old Safari on macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Safari/605.1.15',
    browser: ['safari', 14],
    os: ['macos', '10.14.6'],
    device: 'desktop',
    support: no('safari'),
  },
  {
    name: 'Chrome on iPhone (CriOS)',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
    browser: ['chrome', 124],
    os: ['ios', '17.4'],
    device: 'mobile',
    support: OK,
  },
  {
    name: 'Firefox on iPhone (FxiOS)',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_7_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
    browser: ['firefox', 125],
    os: ['ios', '16.7.8'],
    device: 'mobile',
    support: OK,
  },
  {
    name: 'Facebook in-app browser on iPhone',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/465.0.0.45.105;FBBV/600000000;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBCR/;FBID/phone;FBLC/da_DK;FBOP/80]',
    browser: ['unknown', null],
    os: ['ios', '17.5'],
    device: 'mobile',
    support: OK,
  },
  {
    name: 'Firefox on Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0',
    browser: ['firefox', 126],
    os: ['windows', '10.0'],
    device: 'desktop',
    support: OK,
  },
  {
    name: 'Firefox ESR 102 on Linux',
    ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:102.0) Gecko/20100101 Firefox/102.0',
    browser: ['firefox', 102],
    os: ['linux', null],
    device: 'desktop',
    support: no('other'),
  },
  {
    name: 'Firefox on an Android phone',
    ua: 'Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0',
    browser: ['firefox', 126],
    os: ['android', '14'],
    device: 'mobile',
    support: OK,
  },
  {
    name: 'Edge on Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
    browser: ['edge', 124],
    os: ['windows', '10.0'],
    device: 'desktop',
    support: OK,
  },
  {
    name: 'legacy EdgeHTML Edge',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045',
    browser: ['edge', 18],
    os: ['windows', '10.0'],
    device: 'desktop',
    support: no('other'),
  },
  {
    name: 'Edge on Android',
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64',
    browser: ['edge', 124],
    os: ['android', '10'],
    device: 'mobile',
    support: OK,
  },
  {
    name: 'Samsung Internet on a Galaxy phone',
    ua: 'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    browser: ['samsung', 25],
    os: ['android', '14'],
    device: 'mobile',
    support: OK,
  },
  {
    name: 'old Samsung Internet',
    ua: 'Mozilla/5.0 (Linux; Android 11; SAMSUNG SM-A515F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/16.0 Chrome/92.0.4515.166 Mobile Safari/537.36',
    browser: ['samsung', 16],
    os: ['android', '11'],
    device: 'mobile',
    support: no('other'),
  },
  {
    name: 'Opera on Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
    browser: ['opera', 110],
    os: ['windows', '10.0'],
    device: 'desktop',
    support: OK,
  },
  {
    name: 'Opera for Android, numbered on its own but on a current Chromium',
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 OPR/81.0.4196.80912',
    browser: ['opera', 81],
    os: ['android', '10'],
    device: 'mobile',
    support: OK,
  },
  {
    name: 'Opera Mini (server-rendered Presto)',
    ua: 'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; da) Presto/2.12.423 Version/12.16',
    browser: ['opera', 36],
    os: ['android', null],
    device: 'mobile',
    support: no('other'),
  },
  {
    name: 'Internet Explorer 11',
    ua: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
    browser: ['ie', 11],
    os: ['windows', '10.0'],
    device: 'desktop',
    support: no('ie'),
  },
  {
    name: 'Internet Explorer 9',
    ua: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)',
    browser: ['ie', 9],
    os: ['windows', '6.1'],
    device: 'desktop',
    support: no('ie'),
  },
  {
    name: 'Googlebot smartphone, posing as Android 6',
    ua: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    browser: ['chrome', 126],
    os: ['android', '6.0.1'],
    device: 'mobile',
    support: OK,
  },
  {
    name: 'Cubot phone (a brand, not a bot)',
    ua: 'Mozilla/5.0 (Linux; Android 7.0; CUBOT NOTE Plus) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Mobile Safari/537.36',
    browser: ['chrome', 118],
    os: ['android', '7.0'],
    device: 'mobile',
    support: no('android'),
  },
  {
    name: 'an unknown modern client',
    ua: 'curl/8.5.0',
    browser: ['unknown', null],
    os: ['unknown', null],
    device: 'desktop',
    support: OK,
  },
  {
    name: 'an empty User-Agent',
    ua: '',
    browser: ['unknown', null],
    os: ['unknown', null],
    device: 'desktop',
    support: OK,
  },
];

describe('parseDeviceInfo and checkSupport', () => {
  it.each(cases)('$name', ({ ua, browser, os, device, support }) => {
    const info = parseDeviceInfo(ua);
    expect(info.browser).toEqual({ name: browser[0], version: browser[1] });
    expect(info.os).toEqual({ name: os[0], version: os[1] });
    expect(info.device).toBe(device);
    expect(info.isMobile).toBe(device === 'mobile');
    expect(info.isTablet).toBe(device === 'tablet');
    expect(info.isDesktop).toBe(device === 'desktop');
    expect(info.isAndroid).toBe(os[0] === 'android');
    expect(info.orientation).toBe('unknown');
    expect(checkSupport(info)).toEqual(support);
  });
});

describe('parseDeviceInfo', () => {
  it('reads the engine', () => {
    expect(parseDeviceInfo(cases[0]!.ua).engine).toEqual({ name: 'blink', version: 124 });
    expect(parseDeviceInfo('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0').engine).toEqual({
      name: 'gecko',
      version: 128,
    });
    expect(parseDeviceInfo('Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko').engine.name).toBe('trident');
  });

  it('flags crawlers', () => {
    expect(parseDeviceInfo('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)').isBot).toBe(true);
    expect(parseDeviceInfo('facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)').isBot).toBe(true);
    expect(parseDeviceInfo(cases[0]!.ua).isBot).toBe(false);
  });

  it('never throws and always picks exactly one device type', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (ua) => {
        const info = parseDeviceInfo(ua);
        expect([info.isMobile, info.isTablet, info.isDesktop].filter(Boolean)).toHaveLength(1);
        expect(checkSupport(info)).toHaveProperty('supported');
      }),
    );
  });
});

describe('checkSupport for unknown browsers', () => {
  it('turns away a clearly ancient engine', () => {
    const info = parseDeviceInfo('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/534.34 (KHTML, like Gecko) QtWebKit/2.2 Safari/534.34');
    expect(info.browser.name).toBe('unknown');
    expect(checkSupport(info)).toEqual({ supported: false, reason: 'other' });
  });

  it('lets in an unknown browser on a current engine', () => {
    const info = parseDeviceInfo('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 SomeFox/1.0');
    expect(info.browser.name).toBe('unknown');
    expect(checkSupport(info)).toEqual({ supported: true });
  });
});

describe('orientationForViewport', () => {
  it.each([
    [390, 844, 'portrait'],
    [844, 390, 'landscape'],
    [800, 800, 'portrait'],
    [0, 800, 'unknown'],
    [Number.NaN, 800, 'unknown'],
  ] as const)('%s x %s is %s', (width, height, expected) => {
    expect(orientationForViewport(width, height)).toBe(expected);
  });
});
