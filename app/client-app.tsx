// The browser's app: the Root plus client-side navigation and history.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Root, type PageComponent, type PageModule } from './root';
import type { PageProps } from './contract/props';
import { NavigationContext, keepsScroll, propsHeader, type NavigateOptions } from './lib/navigation';

/** Loads a page's chunk. On a client navigation a chunk that fails to
 * load sends the browser to the page (a full load, with the new build's
 * chunks); the first page's goes through lib/chunk (entry-client). */
export async function loadPage(name: string): Promise<PageComponent> {
  const mod = (await import(`./pages/${name}.tsx`)) as PageModule;
  return mod.default;
}

interface Shown {
  props: PageProps;
  Page: PageComponent;
}

export function ClientApp({ initial, initialPage }: { initial: PageProps; initialPage: PageComponent }) {
  const [shown, setShown] = useState<Shown>({ props: initial, Page: initialPage });
  const [pending, setPending] = useState(false);
  const seq = useRef(0);
  // the path and query of the page on screen
  const shownAt = useRef(typeof window === 'undefined' ? '' : window.location.pathname + window.location.search);
  // resolves the navigations waiting for their page to be on screen
  const committed = useRef<(() => void)[]>([]);
  useEffect(() => {
    const waiting = committed.current;
    committed.current = [];
    for (const done of waiting) done();
  }, [shown]);

  const go = useCallback(async (href: string, opts: NavigateOptions & { pop?: boolean; scrollY?: number } = {}) => {
    const id = ++seq.current;
    const from = new URL(window.location.href);
    setPending(true);
    try {
      const res = await fetch(href, { headers: { [propsHeader]: '1', Accept: 'application/json' }, credentials: 'same-origin' });
      const type = res.headers.get('Content-Type') ?? '';
      if (!type.includes('application/json')) throw new Error('not a props answer');
      const next = (await res.json()) as PageProps;
      const Page = await loadPage(next.page);
      if (id !== seq.current) return; // a later navigation won
      const to = new URL(res.url || href, window.location.href);
      const url = to.pathname + to.search + new URL(href, window.location.href).hash;
      if (!opts.pop) {
        history.replaceState({ ...history.state, scrollY: window.scrollY }, '');
        if (opts.replace) history.replaceState({ scrollY: 0 }, '', url);
        else history.pushState({ scrollY: 0 }, '', url);
      }
      await new Promise<void>((done) => {
        committed.current.push(done);
        setShown({ props: next, Page });
      });
      shownAt.current = to.pathname + to.search;
      // the control that navigated went with its page: a keyboard or screen
      // reader user goes on from the new page's main content, not from the top
      if (!opts.pop && (!document.activeElement || document.activeElement === document.body)) document.getElementById('main')?.focus({ preventScroll: true });
      const keep = !opts.pop && (opts.keepScroll || keepsScroll(from, to));
      // a link to a place in the page (#booking) goes there, as on a load,
      // below the sticky header (and the app banner above it, when shown)
      const hash = new URL(href, window.location.href).hash.slice(1);
      requestAnimationFrame(() => {
        const at = !opts.pop && hash ? document.getElementById(decodeURIComponent(hash)) : null;
        const stuck = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        if (opts.pop) window.scrollTo(0, opts.scrollY ?? 0);
        else if (at) window.scrollTo(0, at.getBoundingClientRect().top + window.scrollY - stuck);
        else if (!keep) window.scrollTo(0, 0);
      });
    } catch {
      if (id === seq.current) window.location.assign(href); // let the server answer it
    } finally {
      if (id === seq.current) setPending(false);
    }
  }, []);

  useEffect(() => {
    document.documentElement.dataset.hydrated = '1'; // tests wait for this
    history.scrollRestoration = 'manual';
    const onPop = (e: PopStateEvent) => {
      const l = window.location;
      // a jump within the page (#booking): the browser scrolls to it; no page to load
      if (l.pathname + l.search === shownAt.current) return;
      go(l.pathname + l.search + l.hash, { pop: true, scrollY: (e.state as { scrollY?: number } | null)?.scrollY });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [go]);

  const nav = useMemo(() => ({ navigate: (href: string, opts?: NavigateOptions) => go(href, opts), pending }), [go, pending]);
  return (
    <NavigationContext.Provider value={nav}>
      <Root props={shown.props} Page={shown.Page} />
    </NavigationContext.Provider>
  );
}
