import { SCREEN_SIZES } from '@krone/domain';
import { mediaForSize, type SizedImage } from '../../lib/header-layout';

/** One of the wallpaper's per-size logos: each size loads its own picture, and only that one. */
export function SizedPicture({ image, className }: { image: SizedImage; className?: string }) {
  return (
    <picture className={className}>
      {[...SCREEN_SIZES].reverse().flatMap((size) => {
        const media = mediaForSize(size);
        return media ? [<source key={size} media={media} srcSet={image.urls[size]} />] : [];
      })}
      {/* eslint-disable-next-line @next/next/no-img-element -- per-size art direction, each already sized for its screen */}
      <img src={image.urls.xs} alt="" width={image.width} height={image.height} loading="lazy" decoding="async" />
    </picture>
  );
}
