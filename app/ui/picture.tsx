// An image in the widths the page needs (see lib/images): WebP from the
// host's image service with srcset and sizes, lazily loaded below the fold;
// eager and fetched first above it.
import { useContext } from 'react';
import type { ImgHTMLAttributes } from 'react';
import { ImageVersion, imageAt, noteImage, srcSet } from './images';

export interface PictureProps {
  src: string;
  alt: string;
  /** Rendered size in CSS px at the widest layout (for the fallback and the aspect ratio). */
  width: number;
  height: number;
  /** The sizes attribute: how wide the image shows at each breakpoint. */
  sizes: string;
  className?: string;
  /** Above the fold (a likely LCP): load at once, at high priority. */
  eager?: boolean;
}

export function Picture({ src, alt, width, height, sizes, className, eager }: PictureProps) {
  const imageVersion = useContext(ImageVersion);
  const img: ImgHTMLAttributes<HTMLImageElement> = {
    className,
    src: imageAt(src, width, imageVersion),
    srcSet: srcSet(src, imageVersion),
    sizes,
    alt,
    width,
    height,
    loading: eager ? 'eager' : 'lazy',
    fetchPriority: eager ? 'high' : undefined,
    decoding: 'async',
  };
  if (SERVER && eager) noteImage(img);
  return <img {...img} />;
}
