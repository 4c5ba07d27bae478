import { getImageProps, type ImageProps } from 'next/image';
import { preload } from 'react-dom';

/**
 * An image through Next's optimiser (WebP, 1x/2x or width srcsets) rendered as a plain <img> on
 * the server. Unlike <Image>, it is not a client component, so a page full of cards, logos and
 * partner badges adds nothing to hydration on a phone. The white background behind it stays as
 * the placeholder when a picture fails to load. A priority image is preloaded from <head>, as
 * <Image priority> would, because it is usually the largest paint.
 */
export function StaticImage(props: ImageProps) {
  const { props: imageProps } = getImageProps(props);
  if (props.priority && imageProps.src) {
    preload(imageProps.src, {
      as: 'image',
      fetchPriority: 'high',
      imageSrcSet: imageProps.srcSet,
      imageSizes: imageProps.sizes,
    });
  }
  return <img {...imageProps} alt={props.alt} />;
}
