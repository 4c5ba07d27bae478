'use client';

import { getImageProps } from 'next/image';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { SizedUrls, WallpaperSettings } from '@/lib/site-chrome';
import { showWallpaper } from '@/lib/chrome-rules';
import type { SizedImage } from '@/lib/header-layout';
import { SizedPicture } from './sized-picture';

/**
 * One slide: a 540-wide picture for xs–md and 1920×1080 from lg up (spec §2), through
 * next/image at densities 1 and 2.
 */
function Slide({ urls, visible }: { urls: SizedUrls; visible: boolean }) {
  const small = urls.url_xs ?? urls.url_md;
  const large = urls.url_xl ?? urls.url_lg ?? small;
  if (!small || !large) return null;
  const common = { alt: '', quality: 70 };
  const { props: desktop } = getImageProps({ ...common, src: large, width: 1920, height: 1080 });
  const { props: mobile } = getImageProps({ ...common, src: small, width: 540, height: 960 });
  return (
    <picture className={`wallpaper-slide${visible ? ' is-visible' : ''}`} aria-hidden="true">
      <source media="(min-width: 1024px)" srcSet={desktop.srcSet} />
      <source media="(max-width: 1023px)" srcSet={mobile.srcSet} />
      <img {...desktop} alt="" loading="lazy" decoding="async" fetchPriority="low" />
    </picture>
  );
}

/** The page background: a two-slide carousel every 10 s, a colour, or one image, per settings. */
export function Wallpaper({ settings, slides, image }: { settings: WallpaperSettings; slides: SizedUrls[]; image: SizedUrls | null }) {
  const pathname = usePathname() ?? '/';
  const [index, setIndex] = useState(0);
  const carousel = settings.mode === 'carousel' && slides.length > 1;

  useEffect(() => {
    if (!carousel) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % slides.length), settings.interval_ms);
    return () => window.clearInterval(timer);
  }, [carousel, slides.length, settings.interval_ms]);

  if (!showWallpaper(pathname)) return null;
  const hidden = Object.entries(settings.sizes ?? {})
    .filter(([, shown]) => !shown)
    .map(([size]) => `hide-${size}`)
    .join(' ');

  return (
    <div className={`wallpaper ${hidden}`} style={{ backgroundColor: settings.color }} data-testid="wallpaper" data-slide={index}>
      {settings.mode === 'carousel'
        ? slides.slice(0, 2).map((urls, slide) => <Slide key={slide} urls={urls} visible={slide === index} />)
        : null}
      {settings.mode === 'image' && image ? <Slide urls={image} visible /> : null}
    </div>
  );
}

/**
 * The wallpaper's background logos (images.wallpaper.background_logo, 719×72): a band on the
 * wallpaper between the page and the footer, on the pages that show the wallpaper. Not behind the
 * content, where a phone's full-width page would put text over them.
 */
export function WallpaperLogos({ logos }: { logos: SizedImage[] }) {
  const pathname = usePathname() ?? '/';
  if (logos.length === 0 || !showWallpaper(pathname)) return null;
  return (
    <div className="wallpaper-logos" aria-hidden="true" data-testid="wallpaper-logos">
      {logos.map((logo, index) => (
        <SizedPicture key={index} image={logo} />
      ))}
    </div>
  );
}
