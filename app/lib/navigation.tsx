// Client-side navigation. The host is the one route table: a navigation asks
// it for the next page's props (the same JSON the server renders with, via
// the X-Storefront-Props header), loads that page's chunk, then swaps the
// page in. On the server these hooks are inert.
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export interface NavigateOptions {
  replace?: boolean;
}

export interface Navigator {
  navigate(href: string, opts?: NavigateOptions): void;
  /** A navigation is loading. */
  pending: boolean;
}

export const NavigationContext = createContext<Navigator>({
  navigate(href) {
    if (typeof window !== 'undefined') window.location.assign(href);
  },
  pending: false,
});

export function usePending(): boolean {
  return useContext(NavigationContext).pending;
}

export function useNavigate(): Navigator['navigate'] {
  return useContext(NavigationContext).navigate;
}

/** Header a props request carries; the host answers it with JSON. */
export const propsHeader = 'X-Storefront-Props';

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
        nav.navigate(url.pathname + url.search + url.hash);
      }}
    />
  );
}
