// Responsive images: the host serves a JPEG or PNG of the catalogue at
// /_img/{version}/{width}/{path} as WebP (quality 70), scaled to width; the
// version (the page's imageVersion) makes the URL immutable. SVG and outside
// images are used as they are.

import { createContext, type ImgHTMLAttributes } from 'react';
import { imageWidths } from '../contract/generated/shared';

export { imageWidths };

/** The host's image version (PageProps.imageVersion), given by the root. */
export const ImageVersion = createContext('');

/** The eager images' attributes a server render notes while entry-server listens (lib/page-context's kept parts). */
let noted: ImgHTMLAttributes<HTMLImageElement>[] | null = null;

/** Notes the eager images rendered from now on into list (null: stop). */
export function noteImages(list: ImgHTMLAttributes<HTMLImageElement>[] | null) {
  noted = list;
}

/** An eager image rendered: React preloads it in the head (noted on the server only). */
export function noteImage(img: ImgHTMLAttributes<HTMLImageElement>) {
  noted?.push(img);
}

/** Whether the host can resize src (no regex: goja's are slow). */
function resizable(src: string): boolean {
  return src.startsWith('/_static/') && (src.endsWith('.jpg') || src.endsWith('.jpeg') || src.endsWith('.png'));
}

/** src at width w (the nearest served width at or above it), at the host's image version. */
export function imageAt(src: string, w: number, version: string): string {
  if (!resizable(src)) return src;
  const width = imageWidths.find((x) => x >= w) ?? imageWidths[imageWidths.length - 1];
  return '/_img/' + version + '/' + width + src;
}

/** The srcset of src up to maxWidth, or undefined when it cannot be resized. */
export function srcSet(src: string, version: string, maxWidth = 1280): string | undefined {
  if (!resizable(src)) return undefined;
  let out = '';
  for (const w of imageWidths) {
    if (w > maxWidth) break;
    out += (out ? ', ' : '') + '/_img/' + version + '/' + w + src + ' ' + w + 'w';
  }
  return out;
}
