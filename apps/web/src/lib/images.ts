/**
 * Content image URLs carry the configured content base (CONTENT_IMAGE_BASE); the storefront
 * serves them from its store base (STORE_IMAGE_BASE, by default this site's own /media).
 */
export function toStoreImageUrl(url: string | undefined | null, contentBase: string, storeBase: string): string {
  if (!url) return '';
  const base = contentBase.replace(/\/$/, '');
  if (url === base || url.startsWith(`${base}/`)) return `${storeBase.replace(/\/$/, '')}${url.slice(base.length)}`;
  return url;
}

/** Replaces the content base in every string of a document (images, footer, layouts). */
export function rebaseImages<T>(value: T, contentBase: string, storeBase: string): T {
  if (typeof value === 'string') return toStoreImageUrl(value, contentBase, storeBase) as T;
  if (Array.isArray(value)) return value.map((item) => rebaseImages(item, contentBase, storeBase)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rebaseImages(item, contentBase, storeBase)])) as T;
  }
  return value;
}
