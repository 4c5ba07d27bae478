import { describe, expect, it } from 'vitest';
import { showHeader, showWallpaper } from './chrome-rules';

describe('header and wallpaper visibility (spec §2)', () => {
  it.each([
    '/loginsuccess',
    '/MobilePay',
    '/MobilePayQuick',
    '/extpayment',
    '/lp/velkomst/velkomstbonus',
    '/unsupported',
    '/quick-deposit',
    '/kampagner/velkomstbonus',
    '/spilleautomater/spil-for-penge/123',
    '/live-casino/spil-for-penge/77',
    '/mobilspil/kronens-skat',
    '/bordspil/spil-for-penge/jacks-or-better',
    '/bordspil/spil-for-sjov/europaeisk-roulette/',
  ])('hides the header and wallpaper on %s', (path) => {
    expect(showHeader(path, false)).toBe(false);
    expect(showWallpaper(path)).toBe(false);
  });

  it.each([
    '/',
    '/nyheder',
    '/nyheder/ny-artikel',
    '/kampagner',
    '/kontaktos',
    '/spilleautomater/nye-spil',
    '/lp',
    '/bordspil',
    '/bordspil/roulette',
    '/bordspil/video-poker',
  ])('shows the header on %s', (path) => {
    expect(showHeader(path, false)).toBe(true);
  });

  it('shows the header on game-play routes only when header__use_playgames is on', () => {
    expect(showHeader('/spilleautomater/spil-for-sjov/9', true)).toBe(true);
    // The table games' launch routes are game-play routes as the slot's (issue 24).
    expect(showHeader('/bordspil/spil-for-penge/blackjack-vegas', true)).toBe(true);
    expect(showWallpaper('/bordspil/spil-for-penge/blackjack-vegas')).toBe(false);
    expect(showHeader('/kampagner/velkomstbonus', true)).toBe(false);
  });

  it('keeps the wallpaper off the landing index', () => {
    expect(showWallpaper('/lp')).toBe(false);
    expect(showHeader('/lp', false)).toBe(true);
  });
});
