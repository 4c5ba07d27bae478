import Link from 'next/link';
import { Fragment } from 'react';
import type { Translate } from '@/lib/i18n';
import type { Banner } from '@/lib/banners';
import { HeroSlider } from './hero-slider';
import { StaticImage } from './static-image';
import { VideoBanner } from './video-banner';

/**
 * One of the start page's banners (lib/banners.ts): an Image Slider or a Video Banner, its
 * title an h1 when it opens the page, else an h2. `half`: one of the left/right pair.
 */
export function BannerView({
  banner,
  t,
  opening = false,
  half = false,
}: {
  banner: Banner;
  t: Translate;
  opening?: boolean;
  half?: boolean;
}) {
  const Title = opening ? 'h1' : 'h2';
  const sizes = half ? '(min-width: 768px) 50vw, 100vw' : '(min-width: 1200px) 1160px, 100vw';
  if (banner.type === 'Video Banner') {
    const { video } = banner;
    return (
      <VideoBanner
        className={`banner-${banner.position}`}
        sources={video.sources}
        poster={video.poster}
        playLabel={t('label.video_play')}
        pauseLabel={t('label.video_pause')}
        caption={
          <>
            <Title>{video.title}</Title>
            <p>{video.text}</p>
            <Link href={video.ctaUrl} className="btn btn-primary" prefetch={false}>
              {video.ctaText}
            </Link>
          </>
        }
      />
    );
  }
  const { slides } = banner;
  return (
    <HeroSlider
      className={`banner-${banner.position}`}
      slides={slides.map((slide, i) => (
        <Fragment key={i}>
          <StaticImage src={slide.image} alt="" fill priority={opening && i === 0} sizes={sizes} />
          <div className="hero-caption">
            {i === 0 ? <Title>{slide.title}</Title> : <h2>{slide.title}</h2>}
            <p>{slide.text}</p>
            <Link href={slide.ctaUrl} className="btn btn-primary" prefetch={false}>
              {slide.ctaText}
            </Link>
          </div>
        </Fragment>
      ))}
      intervalMs={8000}
      label={t('label.featured')}
      slideLabels={slides.map((_, i) => t('label.slide_x_of_y', { current: i + 1, total: slides.length }))}
    />
  );
}
