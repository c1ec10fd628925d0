// The web font (Noto Sans TC, font-display: swap, spec section 6's
// theme) comes after the page, so that neither its stylesheet nor its
// font files compete with the page's HTML, scripts and first images for a
// phone's bandwidth, and the page is laid out again once, not once per
// font file. After the load event and the first contentful paint, when
// the browser is idle, the faces' stylesheet is added; the files covering
// the page's text are loaded (document.fonts.load); then the class
// "fonts" on <html> switches the text to the font (ui/theme.ts). Until
// then, and on a visit where it never loads, the text is drawn in the
// system's CJK sans. The server names the stylesheet on the entry's script
// element (data-fonts); without scripts, a <noscript> link loads it.

/** The family the faces' stylesheet (@fontsource-variable/noto-sans-tc) declares. */
export const webFont = 'Noto Sans TC Variable';

/** The distinct characters of text, for document.fonts.load. */
export function distinctChars(text: string): string {
  return [...new Set(text.replace(/\s+/g, ''))].join('');
}

/** Loads the web font after the page (see above). */
export function loadFontsLater(doc: Document = document): void {
  const href = doc.querySelector<HTMLScriptElement>('script[data-fonts]')?.dataset.fonts;
  if (!href) return;
  const apply = () => doc.documentElement.classList.add('fonts');
  const add = () => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => {
      const text = distinctChars(doc.getElementById('root')?.textContent ?? '') || '中';
      doc.fonts.load(`1em "${webFont}"`, text).then(apply, apply);
    };
    doc.head.append(link);
  };
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(add, { timeout: 2000 }) : setTimeout(add, 200));
  const loaded = new Promise<void>((done) => {
    if (doc.readyState === 'complete') done();
    else window.addEventListener('load', () => done(), { once: true });
  });
  void Promise.all([loaded, firstPaint()]).then(idle);
}

/** Resolves once the page has painted its first content (at once where the browser cannot tell). */
function firstPaint(): Promise<void> {
  return new Promise((done) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      done();
      return;
    }
    const po = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) {
        po.disconnect();
        done();
      }
    });
    po.observe({ type: 'paint', buffered: true });
  });
}
