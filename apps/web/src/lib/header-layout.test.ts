import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headerLayoutFrom, sizedImages } from './header-layout';

const seed = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../platform/src/content/seed/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const layouts = seed('layouts');
const images = seed('images');

const SIZES = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
type Flags = Record<string, unknown>;
/** A header document with the same flags in the end section at every size, start and center empty. */
const headerWith = (end: Flags, perSize: Partial<Record<(typeof SIZES)[number], Flags>> = {}) => ({
  header: Object.fromEntries(
    SIZES.map((size) => [
      size,
      { start: { active_header: true }, center: { active_header: true }, end: { active_header: true, ...end, ...perSize[size] } },
    ]),
  ),
});

describe('header layout settings (spec §3)', () => {
  it('reads the demo content: a deposit button and the credit at every size, the welcome from lg up', () => {
    const layout = headerLayoutFrom(layouts, images, 'Krone Casino');
    expect(layout.hide.topup).toBe('');
    expect(layout.hide.credit).toBe('');
    expect(layout.hide.welcome).toBe('hide-xs hide-sm hide-md');
    expect(layout.hide.top_logos).toBe('hide-xs hide-sm hide-md hide-lg hide-xl hide-xxl');
    expect(layout.menu).toMatchObject({ inHeader: true, inBottomHeader: false, icon: expect.stringContaining('icon-menu.svg') });
    expect(layout.creditIcon).toContain('logo-credit-1.png');
    expect(layout.backgroundLogos).toHaveLength(1);
    expect(layout.backgroundLogos[0]).toMatchObject({ width: 719, height: 72 });
    expect(layout.topLogos[0]?.urls.xl).toContain('top-logo-xl.webp');
  });

  it('a flag switched off in the content hides that element on that size only', () => {
    const on = { login: true, register: true, topup: true, credit: true };
    const layout = headerLayoutFrom(headerWith(on, { sm: { topup: false }, xxl: { credit: false } }), {}, 'Krone');
    expect(layout.hide.topup).toBe('hide-sm');
    expect(layout.hide.credit).toBe('hide-xxl');
    expect(layout.hide.login).toBe('');
  });

  it('an inactive section (active_header false) shows none of its elements; the clock is never hidden', () => {
    const layout = headerLayoutFrom(
      headerWith({ login: true, register: true, topup: true, clock: false }, { xs: { active_header: false } }),
      {},
      'Krone',
    );
    expect(layout.hide.login).toBe('hide-xs');
    expect(layout.hide.topup).toBe('hide-xs');
    expect(layout.hide.clock).toBe('');
  });

  it('button_login_before false puts the register button first on that size', () => {
    const layout = headerLayoutFrom(
      headerWith({ login: true, register: true, button_login_before: true }, { md: { button_login_before: false } }),
      {},
      'K',
    );
    expect(layout.registerFirst).toBe('register-first-md');
  });

  it('without header settings (a failed content call) every element shows', () => {
    const layout = headerLayoutFrom({}, {}, 'Krone Casino');
    expect(Object.values(layout.hide).every((classes) => classes === '')).toBe(true);
    expect(layout.logo).toMatchObject({ image: true, text: null, onScroll: true, whenLoggedIn: true });
    expect(layout.menu.inHeader).toBe(true);
  });

  it('the logo: text with use_text, text alone without a picture, hidden when scrolled or logged in as set', () => {
    expect(headerLayoutFrom({ use_image: true, use_text: true, logo_text: 'Krone' }, {}, 'B').logo).toMatchObject({
      image: true,
      text: 'Krone',
    });
    expect(headerLayoutFrom({ use_image: false, use_text: false }, {}, 'Brand').logo).toMatchObject({ image: false, text: 'Brand' });
    const off = headerLayoutFrom({ logo_onscroll: false, show_logo_when_auth: false }, images, 'B').logo;
    expect(off).toMatchObject({ onScroll: false, whenLoggedIn: false });
    expect(headerLayoutFrom({}, images, 'B').logo.onScrollImage).toMatchObject({ width: 150, height: 50 });
  });

  it('the menu goes under the header when set there, and stays in the header when both places are off', () => {
    expect(headerLayoutFrom({ header__menu_in_header: false, header__menu_in_bottom_header: true }, {}, 'B').menu).toMatchObject({
      inHeader: false,
      inBottomHeader: true,
    });
    expect(headerLayoutFrom({ header__menu_in_header: false, header__menu_in_bottom_header: false }, {}, 'B').menu.inHeader).toBe(true);
  });
});

describe('per-size images', () => {
  it('a size without its own picture takes the next smaller one, and an entry without a smallest picture is left out', () => {
    const [image] = sizedImages([{ url_xs: '/a.webp', url_lg: '/b.webp' }], 210, 72);
    expect(image?.urls).toEqual({ xs: '/a.webp', sm: '/a.webp', md: '/a.webp', lg: '/b.webp', xl: '/b.webp', xxl: '/b.webp' });
    expect(image).toMatchObject({ width: 210, height: 72 });
    expect(sizedImages([{ url_lg: '/b.webp' }, 'junk', null], 1, 1)).toEqual([]);
    expect(sizedImages(undefined, 1, 1)).toEqual([]);
  });
});
