/**
 * The start page's banners (spec §7: banner types Video Banner and Image Slider, positions left,
 * right, between and center), as the content writes them in the main content's `banners` (or
 * the older single `banner`). Read here into what the page draws: an unknown type or position,
 * a slide or video without what it needs, or a link to a page this build lacks, is left out.
 *
 * - center: the page's opening banner, full width, at the top (the first one carries the h1);
 * - left and right: a pair side by side under it (one above the other on a phone);
 * - between: full width between the game rows and the rest of the page.
 */
import { isBuiltRoute } from './built-routes';

export const BANNER_TYPES = ['Image Slider', 'Video Banner'] as const;
export const BANNER_POSITIONS = ['center', 'left', 'right', 'between'] as const;
export type BannerPosition = (typeof BANNER_POSITIONS)[number];

export interface BannerSlide {
  title: string;
  text: string;
  image: string;
  ctaText: string;
  ctaUrl: string;
}

export interface BannerVideo {
  /** WebM and MP4 sources of the same clip (the browser takes the first it plays). */
  sources: { src: string; type: 'video/webm' | 'video/mp4' }[];
  /** Shown before the clip plays, and instead of it with reduced motion. */
  poster: string;
  title: string;
  text: string;
  ctaText: string;
  ctaUrl: string;
}

export type Banner =
  | { type: 'Image Slider'; position: BannerPosition; slides: BannerSlide[] }
  | { type: 'Video Banner'; position: BannerPosition; video: BannerVideo };

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const MEDIA_VIDEO = /^(?:\/media\/|https:\/\/)[^\s"'<>]+\.(webm|mp4)$/i;

function readSlide(value: unknown): BannerSlide | null {
  const raw = (value ?? {}) as Record<string, unknown>;
  const slide = { title: str(raw.title), text: str(raw.text), image: str(raw.image), ctaText: str(raw.ctaText), ctaUrl: str(raw.ctaUrl) };
  return slide.title && slide.image && slide.ctaText && isBuiltRoute(slide.ctaUrl) ? slide : null;
}

function readVideo(raw: Record<string, unknown>): BannerVideo | null {
  const sources = (Array.isArray(raw.sources) ? raw.sources : [raw.video])
    .map((source) => str(typeof source === 'object' && source ? (source as { src?: unknown }).src : source))
    .flatMap((src) => {
      const match = MEDIA_VIDEO.exec(src);
      return match ? [{ src, type: match[1]!.toLowerCase() === 'webm' ? ('video/webm' as const) : ('video/mp4' as const) }] : [];
    });
  const video = {
    sources,
    poster: str(raw.poster),
    title: str(raw.title),
    text: str(raw.text),
    ctaText: str(raw.ctaText),
    ctaUrl: str(raw.ctaUrl),
  };
  return sources.length > 0 && video.poster && video.title && video.ctaText && isBuiltRoute(video.ctaUrl) ? video : null;
}

/** The banners to draw, in the content's order. */
export function readBanners(content: { banners?: unknown; banner?: unknown }): Banner[] {
  const list = Array.isArray(content.banners) ? content.banners : content.banner ? [content.banner] : [];
  return list.flatMap((value): Banner[] => {
    const raw = (value ?? {}) as Record<string, unknown>;
    const position = str(raw.position) || 'center';
    if (!(BANNER_POSITIONS as readonly string[]).includes(position)) return [];
    if (raw.type === 'Video Banner') {
      const video = readVideo(raw);
      return video ? [{ type: 'Video Banner', position: position as BannerPosition, video }] : [];
    }
    if (raw.type !== undefined && raw.type !== 'Image Slider') return [];
    const slides = (Array.isArray(raw.slides) ? raw.slides : []).flatMap((slide) => readSlide(slide) ?? []);
    return slides.length > 0 ? [{ type: 'Image Slider', position: position as BannerPosition, slides }] : [];
  });
}

/** The banners at one position. */
export const bannersAt = (banners: Banner[], position: BannerPosition) => banners.filter((banner) => banner.position === position);
