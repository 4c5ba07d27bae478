import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { fail } from '@/lib/api';
import { env } from '@/lib/env';
import { ipxSourcePath, parseIpxModifiers, type IpxModifiers } from '@/lib/ipx';

/** The site's public folder, from the working directory (apps/web, or the repository's root). */
const PUBLIC_DIRS = [path.join(process.cwd(), 'public'), path.join(process.cwd(), 'apps', 'web', 'public')];

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', avif: 'image/avif', png: 'image/png', jpeg: 'image/jpeg' };

async function readMedia(mediaPath: string): Promise<Buffer | null> {
  for (const dir of PUBLIC_DIRS) {
    const file = path.join(dir, mediaPath);
    if (!file.startsWith(`${dir}${path.sep}media${path.sep}`)) return null;
    try {
      return await readFile(file);
    } catch {
      // Not in this folder: the next, then 404.
    }
  }
  return null;
}

async function render(input: Buffer, modifiers: IpxModifiers, sourceFormat: string) {
  let image = sharp(input, { limitInputPixels: 40_000_000, animated: false });
  if (modifiers.width || modifiers.height) {
    image = image.resize({
      width: modifiers.width,
      height: modifiers.height,
      fit: modifiers.fit ?? 'cover',
      background: modifiers.background ?? { r: 0, g: 0, b: 0, alpha: 0 },
      withoutEnlargement: false,
    });
  }
  if (modifiers.background) image = image.flatten({ background: modifiers.background });
  const format =
    modifiers.format ?? (sourceFormat === 'svg' || sourceFormat === 'gif' ? 'png' : sourceFormat === 'jpg' ? 'jpeg' : sourceFormat);
  const quality = modifiers.quality ?? 80;
  const out =
    format === 'webp'
      ? image.webp({ quality })
      : format === 'avif'
        ? image.avif({ quality })
        : format === 'jpeg'
          ? image.jpeg({ quality, mozjpeg: true })
          : image.png();
  return { body: await out.toBuffer(), type: CONTENT_TYPES[format] ?? 'image/png' };
}

/**
 * GET /_ipx/{modifiers}/{source}: the old site's image proxy (lib/ipx.ts), over this site's own
 * media only. The picture is made with sharp and cached by the browser and any CDN for a day.
 */
export async function GET(request: Request) {
  const raw = new URL(request.url).pathname.replace(/^\/_ipx\//, '');
  const cut = raw.indexOf('/');
  if (cut === -1) return fail(404, 'NOT_FOUND', 'validation.not_found');
  let source: string;
  try {
    source = decodeURIComponent(raw.slice(cut + 1));
  } catch {
    return fail(400, 'BAD_REQUEST', 'validation.invalid_input');
  }
  const modifiers = parseIpxModifiers(decodeURIComponent(raw.slice(0, cut)));
  if (!modifiers) return fail(400, 'BAD_REQUEST', 'validation.invalid_input');
  // A proxy or the router may fold the `//` of a full URL in the path.
  const mediaPath = ipxSourcePath(source.replace(/^(https?:)\/(?!\/)/, '$1//'), env.contentImageBase);
  if (!mediaPath) return fail(404, 'NOT_FOUND', 'validation.not_found');
  const input = await readMedia(mediaPath);
  if (!input) return fail(404, 'NOT_FOUND', 'validation.not_found');
  try {
    const { body, type } = await render(input, modifiers, path.extname(mediaPath).slice(1).toLowerCase());
    return new Response(new Uint8Array(body), {
      headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' },
    });
  } catch {
    return fail(415, 'BAD_REQUEST', 'validation.invalid_input');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
