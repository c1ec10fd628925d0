// WCAG 2.2 contrast for any brand colour. A brand picks its colour; the kit
// derives the shades it draws with so that every pair it uses meets AA:
// the ink (brand text, links, outlines, focus rings, filled buttons under
// white text) is the brand colour darkened, keeping its hue, until it reaches
// 4.5:1 against white, the page grey and the brand tint; the tint (selected
// rows, hover backgrounds) is the ink mixed into white.

type RGB = [number, number, number];

/** Page background and surfaces brand-coloured text can sit on (theme.ts). */
export const backgrounds = ['#ffffff', '#f5f7fa'] as const;

/** AA ratios: normal text, and large text, focus rings and control borders. */
export const aaText = 4.5;
export const aaNonText = 3;

/** The share of the ink in the tint. */
const tintShare = 0.1;

/** #rgb or #rrggbb (with or without #) as 0-255 channels; null when not hex. */
export function parseHex(hex: string): RGB | null {
  const h = hex.trim().replace(/^#/, '');
  if (!/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(h)) return null;
  const full = h.length === 3 ? h.split('').map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as RGB;
}

export function toHex(c: RGB): string {
  return '#' + c.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('');
}

/** WCAG relative luminance. */
export function luminance(c: RGB): number {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const la = luminance(parseHex(a) ?? [0, 0, 0]);
  const lb = luminance(parseHex(b) ?? [0, 0, 0]);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function mix(a: RGB, b: RGB, share: number): RGB {
  return [0, 1, 2].map((i) => a[i] * share + b[i] * (1 - share)) as RGB;
}

const white: RGB = [255, 255, 255];
const black: RGB = [0, 0, 0];

/** The colours the UI kit draws a brand with. */
export interface BrandPalette {
  /** Brand text, links, outlines, focus rings, fills under white text. */
  ink: string;
  /** Light brand background for selected and hovered rows. */
  tint: string;
}

/** Used when a brand's colour is missing or not hex. */
export const fallbackBrand = '#91C423';

/** Derives the palette of a brand colour (see the file comment). */
export function brandPalette(colour: string | null | undefined): BrandPalette {
  const base = parseHex(colour ?? '') ?? parseHex(fallbackBrand)!;
  for (let dark = 0; dark <= 100; dark++) {
    const ink = toHex(mix(base, black, 1 - dark / 100));
    const tint = toHex(mix(parseHex(ink)!, white, tintShare));
    if ([...backgrounds, tint].every((bg) => contrast(ink, bg) >= aaText)) return { ink, tint };
  }
  return { ink: '#000000', tint: toHex(mix(black, white, tintShare)) };
}
