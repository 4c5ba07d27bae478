/**
 * Device information read from a User-Agent string (spec §3), and the browser support check behind
 * the /unsupported page. Parsed by hand: the rules are few, and a parser library would ship its
 * whole database to the browser.
 */

export type DeviceType = 'mobile' | 'tablet' | 'desktop';
export type Orientation = 'portrait' | 'landscape' | 'unknown';
export type BrowserName = 'chrome' | 'safari' | 'firefox' | 'edge' | 'samsung' | 'opera' | 'ie' | 'unknown';
export type OsName = 'ios' | 'android' | 'windows' | 'macos' | 'chromeos' | 'linux' | 'unknown';
export type EngineName = 'blink' | 'webkit' | 'gecko' | 'trident' | 'edgehtml' | 'presto' | 'unknown';

export interface DeviceInfo {
  /** version is the major version, or null when the User-Agent does not say. */
  browser: { name: BrowserName; version: number | null };
  /** version as dotted numbers ("17.4", "10.15.7", "10.0"), or null when not given. */
  os: { name: OsName; version: string | null };
  /** The rendering engine; for blink its version is the Chromium major version. */
  engine: { name: EngineName; version: number | null };
  device: DeviceType;
  /** Exactly one of isMobile, isTablet and isDesktop is true. */
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  isAndroid: boolean;
  /** A User-Agent carries no orientation; the browser fills it in from the viewport. */
  orientation: Orientation;
  /** A search engine or link-preview crawler; they must never be turned away. */
  isBot: boolean;
}

export type UnsupportedReason = 'ios' | 'android' | 'chrome' | 'safari' | 'ie' | 'other';

/** `reason` names the translation key keywords.unsupported_<reason>. */
export type SupportResult = { supported: true } | { supported: false; reason: UnsupportedReason };

export const MIN_SUPPORTED_VERSIONS = Object.freeze({
  ios: 15,
  android: 8,
  chrome: 109,
  safari: 15,
  firefox: 115,
  edge: 109,
  samsung: 20,
  opera: 95,
});

// An unknown browser is let in unless its engine predates anything we test against.
const MIN_UNKNOWN_ENGINE_VERSIONS: Readonly<Partial<Record<EngineName, number>>> = Object.freeze({
  blink: 80,
  webkit: 605,
  gecko: 78,
});

const MAX_USER_AGENT_LENGTH = 1024;

// Crawlers name themselves "<Name>bot/<version>" or link to their documentation ("+https://…").
// Deliberately not a bare "bot": Cubot is a phone brand.
const BOT_PATTERN = /bot\/|crawler|spider|\+https?:\/\/|facebookexternalhit|Mediapartners-Google|Google-InspectionTool|Lighthouse/i;

function majorOf(version: string | null | undefined): number | null {
  if (!version) return null;
  const major = Number.parseInt(version, 10);
  return Number.isSafeInteger(major) ? major : null;
}

function firstMatch(userAgent: string, pattern: RegExp): string | null {
  return pattern.exec(userAgent)?.[1] ?? null;
}

function parseOs(ua: string): DeviceInfo['os'] {
  if (/\b(?:iPhone|iPad|iPod)\b/.test(ua)) {
    const version = firstMatch(ua, /\bOS (\d+(?:_\d+){0,2})\b/);
    return { name: 'ios', version: version?.replaceAll('_', '.') ?? null };
  }
  if (/\bAndroid\b/.test(ua)) {
    return { name: 'android', version: firstMatch(ua, /\bAndroid[ /]?(\d+(?:\.\d+){0,2})/) };
  }
  if (/\bWindows\b/.test(ua)) {
    return { name: 'windows', version: firstMatch(ua, /\bWindows NT (\d+\.\d+)/) };
  }
  if (/\bCrOS\b/.test(ua)) {
    return { name: 'chromeos', version: firstMatch(ua, /\bCrOS \S+ (\d+(?:\.\d+){0,2})/) };
  }
  // iPadOS 13+ sends the macOS User-Agent by default, so such an iPad is read as a Mac.
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) {
    const version = firstMatch(ua, /\bMac OS X (\d+(?:[_.]\d+){0,2})/);
    return { name: 'macos', version: version?.replaceAll('_', '.') ?? null };
  }
  if (/\bLinux\b|\bX11\b/.test(ua)) return { name: 'linux', version: null };
  return { name: 'unknown', version: null };
}

function parseBrowser(ua: string, isAndroid: boolean): DeviceInfo['browser'] {
  const detect = (name: BrowserName, pattern: RegExp): DeviceInfo['browser'] | null => {
    const match = pattern.exec(ua);
    return match ? { name, version: majorOf(match[1]) } : null;
  };
  // Order matters: most browsers also carry the tokens of the ones they are built on.
  return (
    detect('ie', /\bMSIE (\d+)/) ??
    detect('ie', /\bTrident\/.*\brv:(\d+)/) ??
    detect('edge', /\b(?:Edge|Edg|EdgA|EdgiOS)\/(\d+)/) ??
    detect('samsung', /\bSamsungBrowser\/(\d+)/) ??
    detect('opera', /\b(?:OPR|OPT|OPiOS)\/(\d+)/) ??
    detect('opera', /\bOpera Mini\/(\d+)/) ??
    detect('opera', /\bOpera\b.*\bVersion\/(\d+)/) ??
    detect('opera', /\bOpera[ /](\d+)/) ??
    detect('firefox', /\b(?:Firefox|FxiOS)\/(\d+)/) ??
    detect('chrome', /(?:\b|Headless)(?:Chrome|CriOS|Chromium)\/(\d+)/) ??
    // Android's pre-Chrome stock browser also says "Version/4.0 ... Safari"; it is not Safari.
    (isAndroid ? null : detect('safari', /\bVersion\/(\d+)(?:\.\d+)*\b.*\bSafari\//)) ?? { name: 'unknown', version: null }
  );
}

function parseEngine(ua: string): DeviceInfo['engine'] {
  const detect = (name: EngineName, pattern: RegExp): DeviceInfo['engine'] | null => {
    const match = pattern.exec(ua);
    return match ? { name, version: majorOf(match[1]) } : null;
  };
  return (
    detect('trident', /\bTrident\/(\d+)/) ??
    (/\bMSIE \d/.test(ua) ? { name: 'trident', version: null } : null) ??
    detect('edgehtml', /\bEdge\/(\d+)/) ??
    detect('presto', /\bPresto\/(\d+)/) ??
    detect('blink', /(?:\b|Headless)(?:Chrome|Chromium)\/(\d+)/) ??
    detect('webkit', /\bAppleWebKit\/(\d+)/) ??
    detect('gecko', /\brv:(\d+)[^)]*\) Gecko\//) ?? { name: 'unknown', version: null }
  );
}

function parseDeviceType(ua: string, os: DeviceInfo['os']): DeviceType {
  // Tablets first: iPad and Android tablet User-Agents often contain "Mobile" as well.
  if (/\b(?:iPad|Tablet|PlayBook|Kindle|Silk)\b/.test(ua)) return 'tablet';
  if (/\b(?:Opera Mini|IEMobile|Windows Phone)\b/.test(ua)) return 'mobile';
  // Android phones say "Mobile"; Android tablets leave it out.
  if (os.name === 'android') return /\bMobile\b/.test(ua) ? 'mobile' : 'tablet';
  if (/\b(?:iPhone|iPod|Mobile)\b/.test(ua)) return 'mobile';
  return 'desktop';
}

export function parseDeviceInfo(userAgent: string): DeviceInfo {
  const ua = userAgent.slice(0, MAX_USER_AGENT_LENGTH);
  const os = parseOs(ua);
  const device = parseDeviceType(ua, os);
  return {
    browser: parseBrowser(ua, os.name === 'android'),
    os,
    engine: parseEngine(ua),
    device,
    isMobile: device === 'mobile',
    isTablet: device === 'tablet',
    isDesktop: device === 'desktop',
    isAndroid: os.name === 'android',
    orientation: 'unknown',
    isBot: BOT_PATTERN.test(ua),
  };
}

/** The orientation of a viewport; a square one counts as portrait. */
export function orientationForViewport(width: number, height: number): Orientation {
  if (!(width > 0) || !(height > 0)) return 'unknown';
  return width > height ? 'landscape' : 'portrait';
}

function isBelow(version: number | null, minimum: number): boolean {
  return version !== null && version < minimum;
}

/**
 * Whether Krone supports the browser. Versions the User-Agent leaves out count as supported, and so
 * do browsers we do not know, unless their engine is clearly ancient: a needless lock-out costs a
 * player, while an old browser only risks a rough page.
 */
export function checkSupport(info: DeviceInfo): SupportResult {
  const min = MIN_SUPPORTED_VERSIONS;
  const { browser, os, engine } = info;
  // Crawlers often pose as old devices (Googlebot's phone is an Android 6); turning them away
  // would hide the site from search.
  if (info.isBot) return { supported: true };
  if (browser.name === 'ie') return { supported: false, reason: 'ie' };
  if (os.name === 'ios') {
    // Every iOS browser runs on the system's WebKit, so the iOS version alone decides.
    return isBelow(majorOf(os.version), min.ios) ? { supported: false, reason: 'ios' } : { supported: true };
  }
  if (os.name === 'android' && isBelow(majorOf(os.version), min.android)) {
    return { supported: false, reason: 'android' };
  }
  switch (browser.name) {
    case 'chrome':
      return isBelow(browser.version, min.chrome) ? { supported: false, reason: 'chrome' } : { supported: true };
    case 'safari':
      return isBelow(browser.version, min.safari) ? { supported: false, reason: 'safari' } : { supported: true };
    case 'firefox':
      return isBelow(browser.version, min.firefox) ? { supported: false, reason: 'other' } : { supported: true };
    case 'edge':
      return isBelow(browser.version, min.edge) ? { supported: false, reason: 'other' } : { supported: true };
    case 'samsung':
      return isBelow(browser.version, min.samsung) ? { supported: false, reason: 'other' } : { supported: true };
    case 'opera': {
      // Opera for Android numbers its releases on its own (81 in 2024); judge it by its Chromium.
      const tooOld =
        os.name === 'android' && engine.name === 'blink' ? isBelow(engine.version, min.chrome) : isBelow(browser.version, min.opera);
      return tooOld ? { supported: false, reason: 'other' } : { supported: true };
    }
    case 'unknown':
      return isAncientEngine(engine) ? { supported: false, reason: 'other' } : { supported: true };
  }
}

function isAncientEngine(engine: DeviceInfo['engine']): boolean {
  if (engine.name === 'trident' || engine.name === 'edgehtml' || engine.name === 'presto') return true;
  const minimum = MIN_UNKNOWN_ENGINE_VERSIONS[engine.name];
  return minimum !== undefined && isBelow(engine.version, minimum);
}
