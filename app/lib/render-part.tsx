// Rendering a page in parts on the server: the brand's shell
// (header, footer, banner, the layout around the page) is rendered once per
// brand, data and page address and kept by entry-server; each request then
// renders only its page and the member's account area into it. The client
// always renders the whole tree ('all'), and the spliced document is the
// very bytes a whole render gives, so hydration does not see the parts.
import { createContext, useContext, type HTMLAttributes, type ImgHTMLAttributes, type ReactNode } from 'react';
import { noteImage } from '../ui/images';

/**
 * 'all': the whole tree (the client; the server when a shell cannot be used).
 * 'shell': everything but the slots, which render their marks.
 * 'page': only the page, on the same tree path as in the whole tree (so
 * useId gives the same ids), plus the shell's eager images in their order
 * (so React's image preloads in the head are those of the whole tree);
 * entry-server renders it once so, then the page alone in its place.
 */
export type RenderPart = 'all' | 'shell' | 'page';

export const RenderPartContext = createContext<RenderPart>('all');

/** Which part of the tree is being rendered. */
export function useRenderPart(): RenderPart {
  return useContext(RenderPartContext);
}

/** The slots a shell leaves for each request, and the text marking each in a shell render. */
export const slotMarks = {
  account: '@@storefront-slot-account@@',
  page: '@@storefront-slot-page@@',
} as const;

/** A part rendered per request: its mark in a shell render, else its children. */
export function Slot({ name, children }: { name: keyof typeof slotMarks; children: ReactNode }) {
  return useRenderPart() === 'shell' ? slotMarks[name] : children;
}

/**
 * Spread into an img a server render throws away (a shell image in a page
 * render, a kept part's stand-in): React preloads it as any eager image
 * but writes no element for it (renderer/build rewritePreloadOnly).
 */
export const preloadOnly = { __preloadOnly: true } as ImgHTMLAttributes<HTMLImageElement>;

/**
 * An eager image of the shell in a page render: React's preload of it, in
 * the whole tree's order, without its element. Noted (ui/images), so that
 * entry-server gives a page rendered alone the same preloads.
 */
export function ShellImage({ src }: { src: string }) {
  noteImage({ src });
  return <img src={src} {...preloadOnly} />;
}

type BoxProps = HTMLAttributes<HTMLElement> & { as: 'div' | 'main'; children: ReactNode };

/**
 * An element on the path from the root to the page: in a page render only
 * its children, keeping their positions (React's tree ids follow the
 * positions of children, not the elements around them).
 */
export function Box({ as: As, children, ...rest }: BoxProps) {
  // the children as they are: React gives them the tree ids a fragment or
  // the element would (one element fewer to render)
  return useRenderPart() === 'page' ? children : <As {...rest}>{children}</As>;
}
