import { BREAKPOINTS, SCREEN_SIZES, type ScreenSize } from '@krone/domain';

/**
 * The header's layout settings (spec §3 "Header layout settings per size") read into what the
 * header renders: which elements show at which size, which sections are active, the order of the
 * guest buttons, the logo's rules and the images of the header and menu. Everything here comes
 * from the content's `layouts` and `images` documents, so an editor's change of a setting changes
 * the site without a code change. docs/decisions.md ("Header layout") tells how each is read.
 */

type Flags = Record<string, unknown>;
export type HeaderSections = Partial<Record<ScreenSize, { start?: Flags; center?: Flags; end?: Flags }>>;

export const HEADER_ELEMENTS = ['dropdown', 'logo', 'login', 'register', 'topup', 'credit', 'top_logos', 'welcome', 'clock'] as const;
export type HeaderElement = (typeof HEADER_ELEMENTS)[number];
export const HEADER_SECTIONS = ['start', 'center', 'end'] as const;
export type HeaderSection = (typeof HEADER_SECTIONS)[number];

/** One image given per screen size (the wallpaper's top and background logos). */
export interface SizedImage {
  /** The URL per size, a size without its own taking the next smaller one's. */
  urls: Record<ScreenSize, string>;
  width: number;
  height: number;
}

export interface HeaderLayout {
  /** Per element, the classes hiding it on the sizes where no active section switches it on. */
  hide: Record<HeaderElement, string>;
  /** `register-first-{size}` on the sizes whose login button does not come before register. */
  registerFirst: string;
  logo: {
    /** `use_image`: the logo picture. */
    image: boolean;
    /** `use_text`: the brand's name as text (`logo_text`), beside the picture when both are on. */
    text: string | null;
    /** `logo_onscroll`: the logo stays in the fixed header after scrolling, in its on-scroll picture if one is given. */
    onScroll: boolean;
    onScrollImage: { url: string; width: number; height: number } | null;
    /** `show_logo_when_auth`: the logo shows for a logged-in player. */
    whenLoggedIn: boolean;
  };
  menu: {
    /** `header__menu_in_header`: the menu's button (and the horizontal menu) in the header row. */
    inHeader: boolean;
    /** `header__menu_in_bottom_header`: the main menu as a bar under the header. */
    inBottomHeader: boolean;
    /** `images.general.icon_menu`: the menu button's icon. */
    icon: string | null;
    /** `images.general.bg_menu_2`: the open menu's background picture. */
    background: string | null;
  };
  /** `images.credit.logo_credit_1`: the icon before the balance in the header. */
  creditIcon: string | null;
  /** The wallpaper's top logos (210×72), in the header where `top_logos` is on. */
  topLogos: SizedImage[];
  /** The wallpaper's background logos (719×72), over the wallpaper. */
  backgroundLogos: SizedImage[];
}

const sizeClasses = (prefix: string, sizes: readonly ScreenSize[]) => sizes.map((size) => `${prefix}-${size}`).join(' ');

const urlOf = (value: unknown): string | null => {
  const url = (value as { url?: unknown } | undefined)?.url;
  return typeof url === 'string' && url !== '' ? url : null;
};

const positive = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;

/** A list of per-size images; an entry without a URL for the smallest size it can fill is left out. */
export function sizedImages(list: unknown, width: number, height: number): SizedImage[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: Record<string, unknown>) => {
    if (!entry || typeof entry !== 'object') return [];
    let last: string | null = null;
    const urls = {} as Record<ScreenSize, string>;
    for (const size of SCREEN_SIZES) {
      const own = entry[`url_${size}`];
      if (typeof own === 'string' && own !== '') last = own;
      if (last === null) return [];
      urls[size] = last;
    }
    return [{ urls, width: positive(entry.width, width), height: positive(entry.height, height) }];
  });
}

/** The `(min-width)` media query of each size above xs, for a <picture>'s sources. */
export function mediaForSize(size: ScreenSize): string | null {
  return size === 'xs' ? null : `(min-width: ${BREAKPOINTS[size]}px)`;
}

/**
 * Reads the layouts and images documents. Without header settings (a failed content call) every
 * element shows at every size: a header with too much beats one without a way to log in.
 */
export function headerLayoutFrom(layouts: Flags, images: Flags, brand: string): HeaderLayout {
  const header = (layouts.header && typeof layouts.header === 'object' ? layouts.header : undefined) as HeaderSections | undefined;
  // A section switched off (active_header false) at a size shows none of its elements there.
  const active = (size: ScreenSize, section: HeaderSection) => header?.[size]?.[section]?.active_header !== false;

  const hiddenSizes = (element: HeaderElement) =>
    header
      ? SCREEN_SIZES.filter((size) => {
          if (!header[size]) return false;
          return !HEADER_SECTIONS.some((section) => active(size, section) && header[size]?.[section]?.[element] === true);
        })
      : [];

  const hide = Object.fromEntries(HEADER_ELEMENTS.map((element) => [element, sizeClasses('hide', hiddenSizes(element))])) as Record<
    HeaderElement,
    string
  >;
  // A Danish licensee shows the time on every screen: the settings may place the clock, never hide it.
  hide.clock = '';

  // button_login_before belongs to the section that holds the login button at that size.
  const registerFirstSizes = header
    ? SCREEN_SIZES.filter((size) => {
        const holder = HEADER_SECTIONS.map((section) => header[size]?.[section]).find((flags) => flags?.login === true);
        return holder !== undefined && holder.button_login_before === false;
      })
    : [];

  const general = (images.general ?? {}) as Record<string, { url?: string; width?: number; height?: number }>;
  const credit = (images.credit ?? {}) as Record<string, unknown>;
  const wallpaper = (images.wallpaper ?? {}) as Record<string, unknown>;
  const onScrollUrl = urlOf(general.logo_onscroll);
  const logoText = typeof layouts.logo_text === 'string' && layouts.logo_text.trim() !== '' ? layouts.logo_text : brand;

  const inHeader = layouts.header__menu_in_header !== false;
  const inBottomHeader = layouts.header__menu_in_bottom_header === true;

  return {
    hide,
    registerFirst: sizeClasses('register-first', registerFirstSizes),
    logo: {
      image: layouts.use_image !== false,
      // Neither picture nor text switched on would leave the header without the brand: the text shows.
      text: layouts.use_text === true || layouts.use_image === false ? logoText : null,
      onScroll: layouts.logo_onscroll !== false,
      onScrollImage: onScrollUrl
        ? { url: onScrollUrl, width: positive(general.logo_onscroll?.width, 150), height: positive(general.logo_onscroll?.height, 50) }
        : null,
      whenLoggedIn: layouts.show_logo_when_auth !== false,
    },
    menu: {
      // A site must keep a way into its menu: with both places switched off, the header keeps it.
      inHeader: inHeader || !inBottomHeader,
      inBottomHeader,
      icon: urlOf(general.icon_menu),
      background: urlOf(general.bg_menu_2),
    },
    creditIcon: urlOf(credit.logo_credit_1),
    topLogos: sizedImages(wallpaper.top_logo, 210, 72),
    backgroundLogos: sizedImages(wallpaper.background_logo, 719, 72),
  };
}
