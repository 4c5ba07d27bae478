import 'server-only';
import { SCREEN_SIZES } from '@krone/domain';
import { headerLayoutFrom } from './header-layout';
import { withBuiltLinks } from './built-routes';
import { filterForGuest, type MenuEntry } from './menu-rules';
import { marketingPopupFrom, marketingSettingsFrom } from './marketing-rules';
import type { FooterDocument, HeaderProps, PreloadSettings, SizedUrls, WallpaperSettings } from './site-chrome';
import { getDocument, getMenu, getNavigation, getSystemConfig, getTranslator } from './content';
import { sanitizeRichText } from './rich-text';

type Flags = Record<string, unknown>;

const quietly = async <T>(load: () => Promise<T>, fallback: T): Promise<T> => {
  try {
    return await load();
  } catch {
    return fallback;
  }
};

/** The guest menu: the navigation call, or on failure the unfiltered logged-out menu (spec §7). */
async function guestMenu(): Promise<MenuEntry[]> {
  try {
    return await getNavigation(false);
  } catch {
    return quietly(async () => filterForGuest(await getMenu()), []);
  }
}

/** Everything the header, menu, wallpaper and footer need, with quiet fallbacks (spec §8). */
export async function getSiteChrome() {
  const [
    t,
    layouts,
    images,
    footer,
    menu,
    wallpaper,
    menuSettings,
    playGames,
    tagManager,
    themes,
    siteInfo,
    marketingPopup,
    marketingSettings,
  ] = await Promise.all([
    getTranslator(),
    quietly(() => getDocument('layouts'), {} as Flags),
    quietly(() => getDocument('images'), {} as Flags),
    quietly(async () => (await getDocument('footer')) as FooterDocument, {} as FooterDocument),
    guestMenu(),
    quietly(() => getSystemConfig<WallpaperSettings>('wallpaper_settings'), undefined),
    quietly(() => getSystemConfig<{ layout?: string; lock_scroll_on_mobile?: boolean }>('menu_settings'), undefined),
    quietly(() => getSystemConfig<boolean>('header__use_playgames'), false),
    quietly(() => getSystemConfig<{ enabled?: boolean; id?: string }>('tag_manager'), undefined),
    quietly(() => getDocument('themes'), {} as Flags),
    quietly(() => getDocument('siteInfo'), {} as Flags),
    quietly(() => getSystemConfig('popupAcceptNews'), undefined),
    quietly(() => getSystemConfig('marketingNotification'), undefined),
  ]);

  const general = (images.general ?? {}) as Record<string, { url?: string; width?: number; height?: number; alt?: string }>;
  const wallpaperImages = (images.wallpaper ?? {}) as { itemsWallpaper?: SizedUrls[]; itemsWallpaperImg?: SizedUrls };
  const brand = typeof siteInfo.brand === 'string' ? siteInfo.brand : 'Krone Casino';

  const headerProps: Omit<HeaderProps, 'menu'> = {
    brand,
    logo: general.logo?.url
      ? { url: general.logo.url, width: general.logo.width ?? 210, height: general.logo.height ?? 100, alt: general.logo.alt ?? brand }
      : null,
    layout: headerLayoutFrom(layouts, images, brand),
    menuLayout: menuSettings?.layout === 'horizontal' ? 'horizontal' : 'vertical',
    lockScrollOnMobile: menuSettings?.lock_scroll_on_mobile !== false,
    headerOnPlayGames: playGames === true,
    texts: {
      login: t('btn.login'),
      register: t('btn.register'),
      menuOpen: t('btn.menu_open'),
      menuClose: t('btn.menu_close'),
      navigation: t('menu.main_navigation'),
      clock: t('label.clock'),
      home: t('menu.home'),
      myAccount: t('menu.my_account'),
      logout: t('menu.logout'),
      totalBalance: t('overview.total_balance'),
      bonusBalance: t('overview.bonus_balance'),
      deposit: t('btn.deposit'),
      loading: t('btn.loading'),
      greeting: t('overview.greeting'),
    },
  };

  return {
    t,
    brand,
    headerProps,
    menu,
    // Footer links to pages this build has (lib/built-routes.ts); its HTML blocks' links are checked by lib/rich-text.
    footer: { ...footer, links: withBuiltLinks(footer.links, (link) => link.url) },
    themes,
    wallpaper: {
      settings: wallpaper ?? { mode: 'color' as const, color: '#0b1f17', interval_ms: 10_000, sizes: {} },
      slides: wallpaperImages.itemsWallpaper ?? [],
      image: wallpaperImages.itemsWallpaperImg ?? null,
    },
    wallpaperLogos: headerProps.layout.backgroundLogos,
    preload: {
      settings: (layouts.preload ?? {}) as Partial<Record<(typeof SCREEN_SIZES)[number], PreloadSettings>>,
      logoUrl: headerProps.logo?.url ?? null,
      label: t('btn.loading'),
    },
    tagManagerId: tagManager?.enabled && tagManager.id ? tagManager.id : null,
    // Failed popup content is an empty, disabled popup (spec §4).
    marketing: { popup: sanitizedPopup(marketingPopupFrom(marketingPopup)), settings: marketingSettingsFrom(marketingSettings) },
  };
}

/** The marketing popup's text is content HTML, rendered by a client component: sanitised here. */
function sanitizedPopup<T extends { detail: string }>(popup: T): T {
  return { ...popup, detail: sanitizeRichText(popup.detail) };
}
