import { createContext, Fragment, useContext, type ComponentType, type ReactNode } from 'react';
import type { PageProps } from '../contract/props';

export const PageContext = createContext<PageProps | null>(null);

/** The props of the page being shown. */
export function usePage<D = unknown>(): PageProps<D> {
  const p = useContext(PageContext);
  if (!p) throw new Error('usePage outside PageContext');
  return p as PageProps<D>;
}

/** Path p (starting with '/', or '' for brand home) under the brand's base path. */
export function brandPath(props: Pick<PageProps, 'basePath'>, p: string): string {
  return props.basePath + p || '/';
}

/**
 * The server's keeper of rendered parts (entry-server sets it around a
 * render): given a kept component's name, its props, its element and
 * whether it is a once-part, it returns what to render in its place. It
 * lives here, beside the page's props, so the cards that use it load no
 * module of their own.
 */
export type Keeper = (name: string, props: object, element: ReactNode, once: boolean) => ReactNode;

let keeper: Keeper | null = null;

/** Sets the keeper for the renders to come (renderToString is synchronous: one at a time). */
export function keepWith(k: Keeper | null) {
  keeper = k;
}

/**
 * C, whose server render is kept by its runtime and reused while its props
 * (and the page's props but its data and who the member is) stay the same:
 * for the cards a page lists, which are most of its elements and seldom
 * change, brand home's sections and the page's head tags. Its props must
 * be plain data (functions and elements do not count in its key), and C
 * must depend on nothing else (no clock, no member details). An image it
 * renders that is not lazy must be noted (ui/images noteImage, as Picture
 * does): React preloads it, and the part's stand-in must give the same
 * preload. The server keeps only a render it finds byte for byte in the
 * page (see entry-server), and renders C in place otherwise. The browser
 * renders C itself (a component between adds no element nor React id).
 *
 * C is kept by the renderer's hash of its props' JSON (renderer/props.go
 * partKey), which reads no element of a list the page's props hold (the
 * renderer gives those lazily): a kept card's props are never made into
 * objects.
 *
 * once: C is a once-part, met once in a page, with props made from the
 * page's props alone (no clock): the server keeps it by the page's props
 * (the renderer's hash of them) rather than by its own props (not even
 * hashed: a section's or a grid's data). A member's page keeps it by its
 * props anyway, and so does a second one met in the same render.
 */
export function kept<P extends object>(name: string, C: ComponentType<P>, once = false): ComponentType<P> {
  if (!SERVER) return C;
  return (props: P) => {
    const element = <C {...props} />;
    return keeper ? keeper(name, props, element, once) : element;
  };
}

/**
 * C, rendered in the browser only: for a section whose server render is
 * nothing by design (what it shows is fetched or asked for after
 * hydration), so the server neither runs its hooks nor makes its
 * elements. The browser's first render of C must be nothing too (its
 * state starts empty), or hydration would find what the server left out.
 */
export function clientOnly<P extends object>(C: ComponentType<P>): ComponentType<P> {
  // on the server an empty fragment, which React renders as nothing
  // without calling a component
  return SERVER ? (Fragment as ComponentType<P>) : C;
}
