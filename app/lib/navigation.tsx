// Client-side navigation. The host is the one route table: a navigation asks
// it for the next page's props (the same JSON the server renders with, via
// the X-Storefront-Props header), loads that page's chunk, then swaps the
// page in. On the server these hooks are inert.
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import type { Navigation } from '../contract/props';
import { usePage } from './page-context';
import { maxNextPath } from '../contract/generated/shared';

export interface NavigateOptions {
  replace?: boolean;
  /** a refresh of the page's own data (useRefresh) keeps the scroll position */
  keepScroll?: boolean;
}

export interface Navigator {
  /** Goes to href; resolves once the next page is on screen. */
  navigate(href: string, opts?: NavigateOptions): Promise<void>;
  /** A navigation is loading. */
  pending: boolean;
}

export const NavigationContext = createContext<Navigator>({
  navigate(href) {
    if (typeof window !== 'undefined') window.location.assign(href);
    return Promise.resolve();
  },
  pending: false,
});

export function usePending(): boolean {
  return useContext(NavigationContext).pending;
}

export function useNavigate(): Navigator['navigate'] {
  return useContext(NavigationContext).navigate;
}

export { propsHeader } from '../contract/generated/shared';

/**
 * The scroll rule (spec section 2): a navigation that changes only the
 * projectType query of brand home keeps the scroll position; every other
 * navigation scrolls to the top.
 */
export function keepsScroll(from: URL, to: URL): boolean {
  if (from.pathname !== to.pathname) return false;
  const a = new URLSearchParams(from.search);
  const b = new URLSearchParams(to.search);
  a.delete('projectType');
  b.delete('projectType');
  a.sort();
  b.sort();
  return a.toString() === b.toString() && from.search !== to.search;
}

function isPlainClick(e: MouseEvent<HTMLAnchorElement>): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;
}

/** An anchor that navigates on the client when it stays on this site. */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const nav = useContext(NavigationContext);
  const { onClick, target, ...rest } = props;
  return (
    <a
      {...rest}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!isPlainClick(e) || (target && target !== '_self')) return;
        const url = new URL(props.href, window.location.href);
        if (url.origin !== window.location.origin) return;
        e.preventDefault();
        void nav.navigate(url.pathname + url.search + url.hash);
      }}
    />
  );
}

/**
 * A link to the brand's landing page (the host's nav.home: brand home, or
 * the term list of a brand that has only terms); nothing when the brand
 * has no page to go back to.
 */
export function HomeLink(props: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const home = usePage().nav.home;
  return home ? <Link {...props} href={home} /> : null;
}

/** The href of the navigation's link key (header, member menu or member links), if the host sent it. */
export function navHref(nav: Navigation, key: string): string | undefined {
  for (const l of [...nav.header, ...nav.member, ...nav.links]) if (l.key === key) return l.href;
  return undefined;
}

/**
 * Of hrefs, the one the page at path is under: the longest equal to path
 * or a parent of it ('/demo/user/timingcard' for '/demo/user/timingcard/plans').
 */
export function currentHref(hrefs: string[], path: string): string | undefined {
  let best: string | undefined;
  for (const h of hrefs) {
    const under = path === h || path.startsWith(h.endsWith('/') ? h : h + '/');
    if (under && (!best || h.length > best.length)) best = h;
  }
  return best;
}

/**
 * The path to go to after a login asked for by a link (?login=target, set
 * by the host's member-menu guard), or '' when target is not on this site
 * (origin) under this brand (basePath, '' on a custom domain). The target is
 * parsed as the browser would (which drops tabs and newlines and reads a
 * backslash as '/'), and only the parsed path, query and fragment come
 * back, never the raw text.
 */
export function loginNext(target: string | undefined, basePath: string, origin: string): string {
  if (!target) return '';
  let url: URL;
  let path: string;
  try {
    url = new URL(target, origin);
    path = decodeURIComponent(url.pathname);
  } catch {
    return '';
  }
  if (url.origin !== origin || url.pathname.startsWith('//')) return '';
  if (path.includes('\\') || path.split('/').some((seg) => seg === '..' || seg === '.')) return '';
  if (basePath && url.pathname !== basePath && !url.pathname.startsWith(basePath + '/')) return '';
  return url.pathname + url.search + url.hash;
}

const misleadingOrSpace = /[\u0000-\u0020\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * A way back a link carries (?next=, the server's rules.NextPath): a path
 * beneath the brand's home with an optional query ('/activity/1/2'), or ''
 * when next is anything else (absolute, another host, climbing out, a
 * backslash, a fragment, a control character, too long).
 */
export function nextPath(next: string | undefined): string {
  if (!next || next.length > maxNextPath || !next.startsWith('/') || next.startsWith('//')) return '';
  if (/[\\#]/.test(next) || misleadingOrSpace.test(next)) return '';
  let path: string;
  try {
    path = decodeURIComponent(next.split('?')[0]);
  } catch {
    return '';
  }
  if (path.includes('\\') || path.startsWith('//') || path.split('/').some((seg) => seg === '..' || seg === '.')) return '';
  return next;
}

/** The way back to the page at path (pathname and query) beneath basePath ('' on a custom domain): what nextPath takes, '' for a page not under it. */
export function wayBack(path: string, basePath: string): string {
  if (!basePath) return nextPath(path);
  if (path !== basePath && !path.startsWith(basePath + '/') && !path.startsWith(basePath + '?')) return '';
  const rest = path.slice(basePath.length);
  return nextPath(rest.startsWith('/') ? rest : '/' + rest);
}
