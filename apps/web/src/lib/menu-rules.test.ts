import { describe, expect, it } from 'vitest';
import { deviceVisibilityClass, filterForGuest, isActive, splitHorizontal, type MenuEntry } from './menu-rules';

const entry = (id: number, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  id,
  slug: `/s${id}`,
  textMenu: `k${id}`,
  text: `T${id}`,
  icon: '',
  target: '_self',
  authRequired: false,
  showAuthRequired: true,
  showOnDevice: { xs: true, sm: true, md: true, lg: true, xl: true, xxl: true },
  position: id,
  child: [],
  ...extra,
});

describe('menu rules', () => {
  it('drops login-only entries and children for guests', () => {
    const menu = [entry(1), entry(2, { authRequired: true }), entry(3, { child: [entry(4), entry(5, { authRequired: true })] })];
    const guest = filterForGuest(menu);
    expect(guest.map((item) => item.id)).toEqual([1, 3]);
    expect(guest[1]!.child.map((item) => item.id)).toEqual([4]);
  });

  it('hides an entry on the sizes it is not shown on', () => {
    expect(deviceVisibilityClass({ xs: false, sm: false, md: true, lg: true, xl: true, xxl: true })).toBe('hide-xs hide-sm');
    expect(deviceVisibilityClass({ xs: true, sm: true, md: true, lg: true, xl: true, xxl: true })).toBe('');
  });

  it('puts items 1–4 left and 5–8 right in the horizontal layout', () => {
    const items = [9, 3, 1, 2, 5, 4, 6, 7, 8].map((id) => entry(id));
    const { left, right } = splitHorizontal(items);
    expect(left.map((item) => item.id)).toEqual([1, 2, 3, 4]);
    expect(right.map((item) => item.id)).toEqual([5, 6, 7, 8]);
  });

  it('marks the current section active', () => {
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/', '/nyheder')).toBe(false);
    expect(isActive('/nyheder', '/nyheder/en-artikel')).toBe(true);
    expect(isActive('/nye', '/nyheder')).toBe(false);
  });
});
