/** Colour helpers of the generated artwork (symbols and lobby tiles). Pure. */

const HEX = /^#[0-9a-f]{6}$/i;

/** The colour if it is #rrggbb (lower-cased), else the fallback: a catalogue's typo never breaks a picture. */
export const colourOr = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value.toLowerCase() : fallback);

/** A colour lighter (amount > 0) or darker (< 0), amount in -1…1. */
export function shade(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const moved = channels.map((c) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)));
  return `#${moved.map((c) => Math.max(0, Math.min(255, c)).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (0 black … 1 white), to pick a readable ink. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The font every generated text uses: the DejaVu fonts are the only ones on CI (sharp renders with librsvg). */
export const ART_FONT = `font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold"`;
