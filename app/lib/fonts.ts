// The text is drawn in the system's CJK sans (every phone in Taiwan has
// one). A brand that wants the web font (brand.json webFont; Noto Sans TC,
// font-display: swap, spec section 6's theme) gets it after the page, and
// only the files of the characters the page shows (no preload), so that
// neither its stylesheet nor its font files compete with the page's HTML,
// scripts and first images for a phone's bandwidth, and the page is laid out again once, not once per
// font file. After the load event and the first contentful paint, when
// the browser is idle, the faces' stylesheet is added; the files covering
// the page's text are loaded (document.fonts.load); then the text is
// switched to the font a part at a time (switchInParts below), and last
// the class "fonts" on <html> switches the whole page (ui/theme.ts). Until
// then, and on a visit where it never loads, the text is drawn in the
// system's CJK sans. The server names the stylesheet on the entry's script
// element (data-fonts) of such a brand's pages only; without scripts, a
// <noscript> link loads it. The entry imports this module only on such
// pages, and gives it the font's names (ui/theme.ts): importing the theme
// here would split the first visit's shared chunk in two.

/** The elements one part switched to the web font holds at the least, but for a page's last (one task each, about 40 ms on a phone). */
export const partSize = 8;
/**
 * About how many parts a bigger page is switched in (batchesOf packs them
 * into at most twice as many): each part's layout costs much of the whole
 * page's, whatever the part's size.
 */
export const aboutParts = 24;

/** The distinct characters of text, for document.fonts.load. */
export function distinctChars(text: string): string {
  return [...new Set(text.replace(/\s+/g, ''))].join('');
}

/** The web font's family and the font stack that puts it first (ui/theme.ts's webFont and webFonts). */
export type WebFont = { family: string; stack: string };

/** Loads the web font after the page (see above). */
export function loadFontsLater(font: WebFont, doc: Document = document): void {
  const href = doc.querySelector<HTMLScriptElement>('script[data-fonts]')?.dataset.fonts;
  if (!href) return;
  const apply = () => switchInParts(font.stack, doc);
  const add = () => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => {
      const text = distinctChars(doc.getElementById('root')?.textContent ?? '') || '中';
      doc.fonts.load(`1em "${font.family}"`, text).then(apply, apply);
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

/**
 * Switches the page's text to the web font a part at a time, each part
 * laid out in a task of its own. The first layout in a font the page has
 * not used shapes all its text again: for a whole page at once, one task
 * of 230-380 ms on the phone Lighthouse stands for (4x CPU slowdown) that
 * a tap waits behind; in parts, tasks of about 50-70 ms, the first one
 * more. The parts are runs of the page's blocks of partSize elements or
 * more, about aboutParts of them (partsOf, batchesOf), switched by rules
 * of a stylesheet of their own (no attribute React renders is touched;
 * :where keeps the rules below every class of the app); the class on
 * <html> comes last, covers what renders later, and the rules go.
 */
export function switchInParts(stack: string, doc: Document = document): void {
  const done = () => doc.documentElement.classList.add('fonts');
  const root = doc.getElementById('root');
  if (!root || !('adoptedStyleSheets' in doc)) {
    done();
    return;
  }
  const sheet = new CSSStyleSheet();
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  const size = Math.max(partSize, Math.ceil(elementCount(root) / aboutParts));
  const batches = batchesOf(partsOf(root, size, elementCount), size, elementCount);
  // the next part in a task of its own, at once: a timer would wait 4 ms
  // between parts after the fifth
  const next = new MessageChannel();
  const step = (i: number) => {
    if (i === batches.length) {
      done();
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
      next.port1.close();
      return;
    }
    // what a client navigation took away meanwhile is left to the class
    const selectors = batches[i].filter((el) => root.contains(el)).map((el) => selectorOf(el, root));
    if (selectors.length > 0) {
      sheet.insertRule(`:where(${selectors.join(',')}){font-family:${stack}}`, sheet.cssRules.length);
      void doc.body.offsetHeight; // laid out in this task, not all in the next frame's
    }
    next.port1.onmessage = () => step(i + 1);
    next.port2.postMessage(null);
  };
  step(0);
}

/** An element and those in it. */
function elementCount(el: Element): number {
  return 1 + el.getElementsByTagName('*').length;
}

/** The blocks of root of at most most in size each, in document order (a bigger one is split into its children). */
export function partsOf(root: Element, most: number, size: (el: Element) => number): Element[] {
  const out: Element[] = [];
  const walk = (el: Element) => {
    if (el.children.length === 0 || size(el) <= most) {
      out.push(el);
      return;
    }
    for (const c of el.children) walk(c);
  };
  walk(root);
  return out;
}

/** parts in runs of consecutive ones of about most in size together. */
export function batchesOf(parts: Element[], most: number, size: (el: Element) => number): Element[][] {
  const out: Element[][] = [];
  let run: Element[] = [];
  let total = 0;
  for (const el of parts) {
    const n = size(el);
    if (run.length > 0 && total + n > most) {
      out.push(run);
      run = [];
      total = 0;
    }
    run.push(el);
    total += n;
  }
  if (run.length > 0) out.push(run);
  return out;
}

/** A selector for el by its place under root, which has an id (#root > :nth-child(2) > :nth-child(1)). */
export function selectorOf(el: Element, root: Element): string {
  const path: string[] = [];
  for (let e = el; e !== root; e = e.parentElement!) {
    path.unshift(`:nth-child(${Array.prototype.indexOf.call(e.parentElement!.children, e) + 1})`);
  }
  return ['#' + root.id, ...path].join(' > ');
}
