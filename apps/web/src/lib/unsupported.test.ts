import { describe, expect, it } from 'vitest';
import { parseUnsupportedReason, unsupportedMessageKey, unsupportedReasonFor } from './unsupported';

const OLD_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1';
const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const CHROME_OLD = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.93 Safari/537.36';
const CHROME_NEW = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('unsupported helpers', () => {
  it('reads the reason from the query, defaulting to other', () => {
    expect(parseUnsupportedReason('ios')).toBe('ios');
    expect(parseUnsupportedReason(['safari', 'ie'])).toBe('safari');
    expect(parseUnsupportedReason(undefined)).toBe('other');
    expect(parseUnsupportedReason('<script>')).toBe('other');
    expect(parseUnsupportedReason('IOS')).toBe('other');
  });

  it('names the message key of each reason', () => {
    expect(unsupportedMessageKey('android')).toBe('keywords.unsupported_android');
  });

  it('turns away old browsers and lets others in', () => {
    expect(unsupportedReasonFor(OLD_IPHONE)).toBe('ios');
    expect(unsupportedReasonFor(IE11)).toBe('ie');
    expect(unsupportedReasonFor(CHROME_OLD)).toBe('chrome');
    expect(unsupportedReasonFor(CHROME_NEW)).toBeNull();
    // Asked twice, answered the same (from memory the second time).
    expect(unsupportedReasonFor(IE11)).toBe('ie');
  });

  it('lets requests without a User-Agent pass', () => {
    expect(unsupportedReasonFor(null)).toBeNull();
    expect(unsupportedReasonFor('')).toBeNull();
  });

  it('keeps its memory bounded', () => {
    for (let i = 0; i < 1_000; i += 1) unsupportedReasonFor(`${CHROME_NEW} build/${i}`);
    expect(unsupportedReasonFor(IE11)).toBe('ie');
  });
});
