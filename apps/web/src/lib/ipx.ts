/**
 * The old site's image proxy addresses (spec §7): `/_ipx/{modifiers}/{source}`, as Nuxt Image's
 * IPX writes them, so content written for that site keeps working. Modifiers are `key_value`
 * pairs joined by `,` or `&` (`_` alone: none): format (`f`, `format`: webp, avif, png, jpeg,
 * jpg), fit (`fit`: cover, contain, fill, inside, outside), width (`w`, `width`), height (`h`,
 * `height`), both (`s`, `resize`: `300x200`), quality (`q`, `quality`: 1-100) and background
 * (`b`, `background`: a hex colour). A density's URL is simply another width. Unknown modifiers
 * are left out, as IPX does with what it does not know; a bad value of a known one is refused.
 */

export const IPX_FORMATS = ['webp', 'avif', 'png', 'jpeg'] as const;
export type IpxFormat = (typeof IPX_FORMATS)[number];
export const IPX_FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const;
export type IpxFit = (typeof IPX_FITS)[number];

/** The largest side an image is made at: a 2x picture for the widest screen, and no more. */
export const IPX_MAX_SIDE = 4096;

export interface IpxModifiers {
  format?: IpxFormat;
  fit?: IpxFit;
  width?: number;
  height?: number;
  quality?: number;
  /** `#rrggbb` */
  background?: string;
}

const ALIASES: Record<string, keyof IpxModifiers | 'resize'> = {
  f: 'format',
  format: 'format',
  fit: 'fit',
  w: 'width',
  width: 'width',
  h: 'height',
  height: 'height',
  s: 'resize',
  resize: 'resize',
  q: 'quality',
  quality: 'quality',
  b: 'background',
  background: 'background',
};

const side = (value: string) => {
  if (!/^\d{1,5}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= IPX_MAX_SIDE ? n : null;
};

/** The modifiers segment read, or null when a known modifier has a value that cannot be. */
export function parseIpxModifiers(segment: string): IpxModifiers | null {
  const modifiers: IpxModifiers = {};
  if (segment === '_' || segment === '') return modifiers;
  const parts = segment.split(/[,&]/);
  if (parts.length > 12) return null;
  for (const part of parts) {
    const cut = part.indexOf('_');
    const key = ALIASES[(cut === -1 ? part : part.slice(0, cut)).toLowerCase()];
    const value = cut === -1 ? '' : part.slice(cut + 1);
    if (!key) continue;
    if (key === 'format') {
      const format = value.toLowerCase() === 'jpg' ? 'jpeg' : value.toLowerCase();
      if (!(IPX_FORMATS as readonly string[]).includes(format)) return null;
      modifiers.format = format as IpxFormat;
    } else if (key === 'fit') {
      if (!(IPX_FITS as readonly string[]).includes(value)) return null;
      modifiers.fit = value as IpxFit;
    } else if (key === 'width' || key === 'height') {
      const n = side(value);
      if (n === null) return null;
      modifiers[key] = n;
    } else if (key === 'resize') {
      const [w, h, rest] = value.split('x');
      const width = side(w ?? '');
      const height = side(h ?? '');
      if (width === null || height === null || rest !== undefined) return null;
      modifiers.width = width;
      modifiers.height = height;
    } else if (key === 'quality') {
      if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100) return null;
      modifiers.quality = Number(value);
    } else if (key === 'background') {
      const hex = value.replace(/^#/, '').toLowerCase();
      if (!/^([0-9a-f]{3}|[0-9a-f]{6})$/.test(hex)) return null;
      modifiers.background = `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
    }
  }
  return modifiers;
}

/**
 * The image an IPX source names, as a path under the site's `/media` folder, or null: a source is
 * one of the site's own media files, named by its path (`/media/…`, `media/…`) or by its content
 * URL (`https://cdn…/media/…`, the content base). Nothing else is fetched: the proxy is not a way
 * to make this server call another.
 */
export function ipxSourcePath(source: string, contentBase: string): string | null {
  let path = source;
  const base = contentBase.replace(/\/$/, '');
  if (base && (path === base || path.startsWith(`${base}/`))) path = path.slice(base.length);
  else if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) return null;
  if (!path.startsWith('/')) path = `/${path}`;
  if (!/^\/media\/[A-Za-z0-9._/-]+\.(png|jpe?g|webp|avif|gif|svg)$/i.test(path)) return null;
  if (
    path
      .split('/')
      .slice(1)
      .some((part) => part === '..' || part === '.' || part === '')
  )
    return null;
  return path;
}
