import type { HeaderLayout } from './header-layout';
import type { MenuEntry } from './menu-rules';

/**
 * The shapes of the site's chrome (header, footer, wallpaper, loader) as lib/site.ts reads them
 * from the content platform and the layout components render them.
 */

/** The footer document (spec §2). */
export interface FooterImage {
  url?: string;
  urlCdn?: string;
}
export interface FooterDocument {
  text?: { header: string; details: string }[];
  links?: { linkName: string; url: string; newTab?: boolean }[];
  logos?: { link?: string; alt: string; googleTagName?: string; img?: Record<string, FooterImage> }[];
  use_in_grid?: boolean;
  partner_images?: Record<string, { url: string; alt: string }[]>;
  copyright_text?: string;
}

/** What the header shows, as lib/site.ts builds it from the layout settings. */
export interface HeaderProps {
  brand: string;
  logo: { url: string; width: number; height: number; alt: string } | null;
  /** The layout settings and images of the header (lib/header-layout.ts). */
  layout: HeaderLayout;
  menu: MenuEntry[];
  menuLayout: 'vertical' | 'horizontal';
  lockScrollOnMobile: boolean;
  headerOnPlayGames: boolean;
  texts: {
    login: string;
    register: string;
    menuOpen: string;
    menuClose: string;
    navigation: string;
    clock: string;
    home: string;
    myAccount: string;
    logout: string;
    totalBalance: string;
    bonusBalance: string;
    deposit: string;
    loading: string;
    /** "Hej {name}": the welcome where the layout shows it. */
    greeting: string;
  };
}

/** The preload loader's look per screen size. */
export interface PreloadSettings {
  active?: boolean;
  background?: string;
  color?: string;
  type?: 'spinner' | 'logo';
}

/** A wallpaper image at each screen size. */
export type SizedUrls = Partial<Record<'url_xs' | 'url_sm' | 'url_md' | 'url_lg' | 'url_xl' | 'url_xxl', string>>;

export interface WallpaperSettings {
  mode: 'carousel' | 'color' | 'image';
  color: string;
  interval_ms: number;
  sizes: Record<string, boolean>;
}
