import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { fail } from '../shared/errors.js';

/** At most this many files in one upload (spec: "up to 4 files at a time"). */
export const MAX_FILES_PER_UPLOAD = 4;
/** Larger images are refused before they are decoded: a small file can hold a huge bitmap. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const MAX_NAME_LENGTH = 120;
/** Budget for unpacking a PDF's object streams to look inside them. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export type StoredMediaType = 'image/jpeg' | 'image/png' | 'application/pdf';

export interface InspectedFile {
  bytes: Buffer;
  mediaType: StoredMediaType;
  sha256: string;
}

export const UNSUPPORTED = () => fail('UPLOAD_UNSUPPORTED_TYPE');
export const TOO_LARGE = () => fail('UPLOAD_TOO_LARGE');
const TOO_MANY_PIXELS = () => fail('UPLOAD_TOO_LARGE', undefined, { messageKey: 'profile.upload_too_many_pixels' });
const UNREADABLE = () => fail('UPLOAD_UNREADABLE');
const ACTIVE_CONTENT = () => fail('UPLOAD_ACTIVE_CONTENT');

/** HEIC needs libheif with an HEVC decoder, which sharp's prebuilt binaries leave out. */
const HEIC_DECODABLE = sharp.format.heif?.input.fileSuffix?.includes('.heic') ?? false;
const PHOTO_TYPES = new Set(['image/jpeg', 'image/webp', ...(HEIC_DECODABLE ? ['image/heic', 'image/heif'] : [])]);

export const ACCEPTED_TYPES: readonly string[] = ['image/png', ...PHOTO_TYPES, 'application/pdf'];

/**
 * Checks one uploaded file and gives the bytes to keep. The type comes from the content alone
 * (magic bytes), never from the name or what the browser claimed. Images are decoded and
 * re-encoded, which drops everything but the pixels (EXIF, GPS, comments, anything appended);
 * PDFs are kept as they are but only when they carry no active content.
 */
export async function inspectFile(bytes: Buffer, maxBytes: number): Promise<InspectedFile> {
  if (bytes.length > maxBytes) throw TOO_LARGE();
  if (bytes.length === 0) throw UNSUPPORTED();
  const detected = await fileTypeFromBuffer(bytes);
  let kept: { bytes: Buffer; mediaType: StoredMediaType };
  if (detected?.mime === 'image/png') kept = { bytes: await reencode(bytes, 'png'), mediaType: 'image/png' };
  else if (detected && PHOTO_TYPES.has(detected.mime)) kept = { bytes: await reencode(bytes, 'jpeg'), mediaType: 'image/jpeg' };
  else if (detected?.mime === 'application/pdf') kept = { bytes: checkPdf(bytes), mediaType: 'application/pdf' };
  else throw UNSUPPORTED();
  if (kept.bytes.length > maxBytes) throw TOO_LARGE();
  return { ...kept, sha256: createHash('sha256').update(kept.bytes).digest('hex') };
}

async function reencode(bytes: Buffer, format: 'jpeg' | 'png'): Promise<Buffer> {
  try {
    // Without keepMetadata/withMetadata sharp writes no EXIF, XMP, IPTC or ICC: only pixels.
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).autoOrient();
    return format === 'png'
      ? await image.png({ compressionLevel: 9 }).toBuffer()
      : await image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw TOO_MANY_PIXELS();
    throw UNREADABLE();
  }
}

/**
 * Names that make a PDF act on the reader's computer: scripts, launch actions, embedded files.
 * The long ones are searched for in every byte, which gives no false alarms on binary data; `/JS`
 * (which only runs inside a `/JavaScript` action anyway) is searched for outside strings and
 * stream data, where three random bytes would otherwise match now and then.
 */
const LONG_ACTIVE_NAMES = ['JavaScript', 'Launch', 'EmbeddedFile', 'EmbeddedFiles'];
const NAME = /\/((?:[^\s()<>[\]{}/%#]|#[0-9A-Fa-f]{2})+)/g;
const NAME_AT = /\/((?:[^\s()<>[\]{}/%#]|#[0-9A-Fa-f]{2})*)/y;
const KEYWORD_AT = /[^\s()<>[\]{}/%]+/y;

/** A PDF name with its `#xx` escapes decoded (`/J#61vaScript` is `/JavaScript`). */
const decodeName = (raw: string) => raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function allNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(NAME)) names.add(decodeName(match[1]!));
  return names;
}

interface PdfStream {
  /** The names in the stream's object before the stream (its dictionary). */
  names: Set<string>;
  start: number;
  end: number;
}

/** The names of the PDF's objects (skipping comments, strings and stream data) and its streams. */
function lexPdf(text: string): { names: Set<string>; streams: PdfStream[] } {
  const names = new Set<string>();
  const streams: PdfStream[] = [];
  let objectNames = new Set<string>();
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '%') {
      const eol = text.slice(i, i + 4096).search(/[\r\n]/);
      i = eol < 0 ? i + 4096 : i + eol + 1;
    } else if (c === '(') {
      let depth = 1;
      i++;
      while (i < text.length && depth > 0) {
        const d = text[i]!;
        if (d === '\\') i++;
        else if (d === '(') depth++;
        else if (d === ')') depth--;
        i++;
      }
    } else if (c === '<' && text[i + 1] === '<') {
      i += 2;
    } else if (c === '<') {
      const close = text.indexOf('>', i);
      i = close < 0 ? text.length : close + 1;
    } else if (c === '/') {
      NAME_AT.lastIndex = i;
      const match = NAME_AT.exec(text)!;
      const name = decodeName(match[1]!);
      names.add(name);
      objectNames.add(name);
      i = NAME_AT.lastIndex;
    } else {
      KEYWORD_AT.lastIndex = i;
      const match = KEYWORD_AT.exec(text);
      if (!match) {
        i++;
        continue;
      }
      i = KEYWORD_AT.lastIndex;
      if (match[0] === 'obj' || match[0] === 'endobj') objectNames = new Set();
      if (match[0] !== 'stream') continue;
      let start = i;
      if (text[start] === '\r') start++;
      if (text[start] === '\n') start++;
      const end = text.indexOf('endstream', start);
      if (end < 0) break;
      streams.push({ names: objectNames, start, end });
      objectNames = new Set();
      i = end + 'endstream'.length;
    }
  }
  return { names, streams };
}

/**
 * A PDF is kept only when it is whole (header and end marker) and has no scripts, launch actions
 * or embedded files, which would run or open on the reviewer's computer. Object streams (PDF 1.5)
 * are unpacked and searched too, since they can hide those dictionaries; an encrypted PDF cannot
 * be searched and is refused.
 */
function checkPdf(bytes: Buffer): Buffer {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw UNSUPPORTED();
  if (!bytes.subarray(-1024).toString('latin1').includes('%%EOF')) throw UNREADABLE();
  const text = bytes.toString('latin1');
  const everywhere = allNames(text);
  const lexed = lexPdf(text);
  if (LONG_ACTIVE_NAMES.some((name) => everywhere.has(name)) || lexed.names.has('JS')) throw ACTIVE_CONTENT();
  if (everywhere.has('Encrypt')) throw UNREADABLE();
  let inflated = 0;
  for (const stream of lexed.streams) {
    if (!stream.names.has('ObjStm')) continue;
    if (!stream.names.has('FlateDecode')) throw UNREADABLE();
    let content: Buffer;
    try {
      content = inflateSync(bytes.subarray(stream.start, stream.end), { maxOutputLength: MAX_INFLATED_BYTES - inflated });
    } catch {
      throw UNREADABLE();
    }
    inflated += content.length;
    const inside = allNames(content.toString('latin1'));
    if (LONG_ACTIVE_NAMES.some((name) => inside.has(name)) || inside.has('JS')) throw ACTIVE_CONTENT();
  }
  return bytes;
}

/** Control and format characters: C0/C1 controls, zero-width marks, bidi overrides, BOM. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/** The file's name, for showing back to the player only: no folders, controls or bidi tricks. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  const chars = [...cleaned];
  if (chars.length === 0) return 'dokument';
  if (chars.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? [...cleaned.slice(dot)] : [];
  const keep = extension.length > 0 && extension.length <= 10 ? extension : [];
  return [...chars.slice(0, MAX_NAME_LENGTH - keep.length), ...keep].join('').trim();
}
