import type { ScreenSize } from '@krone/domain';
import type { components } from './platform-api';

/** A menu entry as the platform answers it (the generated client's MenuItem). */
export type MenuEntry = components['schemas']['MenuItem'];

const SIZES: ScreenSize[] = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'];

/** Logged-out menus keep only entries that need no login (spec §2). */
export function filterForGuest(items: MenuEntry[]): MenuEntry[] {
  return items.filter((item) => !item.authRequired).map((item) => ({ ...item, child: filterForGuest(item.child) }));
}

/**
 * Class names that hide an entry on the sizes it is not shown on; the page's data-screen
 * attribute (set before first paint) picks the rule, so server HTML needs no device guess.
 */
export function deviceVisibilityClass(showOnDevice: Record<string, boolean> | undefined): string {
  if (!showOnDevice) return '';
  return SIZES.filter((size) => showOnDevice[size] === false)
    .map((size) => `hide-${size}`)
    .join(' ');
}

/** The horizontal layout: items 1–4 left of the logo, 5–8 right of it. */
export function splitHorizontal(items: MenuEntry[]): { left: MenuEntry[]; right: MenuEntry[] } {
  const ordered = [...items].sort((a, b) => a.position - b.position);
  return { left: ordered.slice(0, 4), right: ordered.slice(4, 8) };
}

/** Whether a menu entry is the current page (or an ancestor of it). */
export function isActive(slug: string, pathname: string): boolean {
  if (slug === '/') return pathname === '/';
  const path = slug.split('?')[0]!;
  return pathname === path || pathname.startsWith(`${path}/`);
}
