// Responsive images: the host serves a JPEG or PNG of the catalogue at
// /_img/{width}/{path} as WebP (quality 70), scaled to width. SVG and
// outside images are used as they are.

/** The widths the host serves (host.ImageWidths). */
export const imageWidths = [160, 320, 480, 640, 960, 1280] as const;

/** Whether the host can resize src (no regex: goja's are slow). */
function resizable(src: string): boolean {
  return src.startsWith('/_static/') && (src.endsWith('.jpg') || src.endsWith('.jpeg') || src.endsWith('.png'));
}

/** src at width w (the nearest served width at or above it). */
export function imageAt(src: string, w: number): string {
  if (!resizable(src)) return src;
  const width = imageWidths.find((x) => x >= w) ?? imageWidths[imageWidths.length - 1];
  return '/_img/' + width + src;
}

/** The srcset of src up to maxWidth, or undefined when it cannot be resized. */
export function srcSet(src: string, maxWidth = 1280): string | undefined {
  if (!resizable(src)) return undefined;
  let out = '';
  for (const w of imageWidths) {
    if (w > maxWidth) break;
    out += (out ? ', ' : '') + '/_img/' + w + src + ' ' + w + 'w';
  }
  return out;
}
