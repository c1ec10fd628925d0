// Server entry, bundled as one IIFE for goja. The renderer calls
// globalThis.renderPage(props, keys) and gets the body HTML, the head tags the
// page rendered, and the critical CSS of the classes the HTML uses.
import { useId, type ImgHTMLAttributes, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { cache } from '@emotion/css';
import { Root, type PageComponent, type PageModule } from './root';
import type { PageProps } from './contract/props';
import { keepWith, PageContext, type Keeper } from './lib/page-context';
import { ImageVersion, noteImages } from './ui/images';
import { preloadOnly, RenderPartContext, slotMarks } from './lib/render-part';
import { KeptMarks } from './lib/kept-marks';
import { AccountArea } from './features/members/components/account-area';

declare const require: (path: string) => unknown;
/**
 * The renderer's hash of a kept part's name and props (renderer/props.go
 * partKey), 128 bits in hex: alike when their JSON is. It does not read the
 * elements of a props array the renderer gives lazily (a list of cards), as
 * JSON.stringify would, and a long list's key is no longer than a card's.
 */
declare const __partKey: (name: string, props: unknown) => string;
/**
 * The renderer's writer of the page (renderer/pool.go): appends s, or its
 * code units from..to, to the page's HTML in Go. A page put together from
 * its pieces there is never a string in goja, where each slice and join
 * copies the whole (React's own join is the one copy left).
 */
declare const __write: (s: string, from?: number, to?: number) => void;
/**
 * React's tree context (the place in the tree useId's ids are made of) of
 * the component being rendered, set to set first when given (a rewrite of
 * React's server renderer: renderer/build rewriteTreeContext).
 */
declare const __reactTreeContext: (set?: TreeContext) => TreeContext;
type TreeContext = object;

/**
 * The page module app/pages/{name}.tsx (esbuild bundles every page), kept
 * once loaded: esbuild's require of an ES module copies its exports into a
 * new object on every call (__toCommonJS), 8% of brand home's goja render.
 */
const pageModules = new Map<string, PageModule>();
function pageModule(name: string): PageModule {
  let m = pageModules.get(name);
  if (m === undefined) {
    m = require(`./pages/${name}.tsx`) as PageModule;
    pageModules.set(name, m);
  }
  return m;
}

// Emotion's rules, for the renderer (Go) to pick a page's critical CSS from:
// the same work as @emotion/server's extractCritical, done outside goja.
// styles() lists every rule inserted so far, in insertion order, as
// [id, css, global]; a render returns the rules it added itself (normally
// none: styles are made at module load).
type Rule = [id: string, css: string, global: boolean];

let known = 0;
// rules the imports inserted before this module ran, then each new one
const order: string[] = Object.keys(cache.inserted);
const insert = cache.insert;
cache.insert = function (selector, serialized, sheet, shouldCache) {
  if (cache.inserted[serialized.name] === undefined) order.push(serialized.name);
  return insert.call(cache, selector, serialized, sheet, shouldCache);
};

function rulesSince(from: number): Rule[] {
  const out: Rule[] = [];
  for (let i = from; i < order.length; i++) {
    const id = order[i];
    const rule = cache.inserted[id];
    if (typeof rule === 'string') out.push([id, rule, cache.registered[`${cache.key}-${id}`] === undefined]);
  }
  return out;
}

/** Every rule so far, after loading every page module. */
function styles(pages: string[]): Rule[] {
  for (const p of pages) pageModule(p);
  known = order.length;
  return rulesSince(0);
}

export interface RenderResult {
  /** renderToString's output: the hoisted head tags, then the body; undefined when written with __write. */
  html: string | undefined;
  /** Rules this render added, as styles() lists them. */
  rules: Rule[] | null;
  /** Whether the page was rendered into its brand's cached shell. */
  shell: boolean;
  /** How many kept parts (lib/page-context's kept) the page was given. */
  kept: number;
}

/**
 * The keys a page's parts are kept by, from the renderer (Go hashes them
 * as it reads the props: renderer/props.go renderKeys). shell: of every
 * prop but the page's data and the member's details (only whether there
 * is a member); page: of the whole props.
 */
export interface RenderKeys {
  shell: string;
  page: string;
}

/**
 * Renders a page from its props (the renderer gives them parsed; Node's
 * baseline, as JSON): into its brand shell with the kept parts, or without
 * keys the whole tree.
 */
function renderPage(input: PageProps | string, keys?: RenderKeys): RenderResult {
  const props = typeof input === 'string' ? (JSON.parse(input) as PageProps) : input;
  const Page = pageModule(props.page).default;
  let html: string | undefined;
  let shell = false;
  let kept = 0;
  if (!keys) {
    html = renderToString(<Root props={props} Page={Page} />);
  } else {
    const scope = scopeOf(keys.shell);
    // a member's page keeps its once-parts by their props (their page key
    // would differ from one member to the next)
    const keeping = new Keeping(scope.id, props, props.user ? null : keys.page);
    shell = renderInParts(scope, props, Page, keeping);
    if (!shell) html = keeping.render(<Root props={props} Page={Page} />);
    kept = keeping.kept;
  }
  let rules: Rule[] | null = null;
  if (order.length !== known) {
    rules = rulesSince(known);
    known = order.length;
  }
  return { html, rules, shell, kept };
}

// The rendered parts (lib/page-context's kept components: the cards of a
// list, brand home's sections, the page's head tags) this runtime keeps, by
// the page's shell key, the component and its props; null for a part found
// to render differently alone than in its page (then it is rendered in
// place every time). The oldest goes first.
interface KeptPart {
  html: string;
  /** Its eager images: their stand-ins make React preload them in the head as the part would. */
  images: Img[];
  /** The head tags it hoists (title, meta, canonical link), which React writes after every other. */
  tags: string;
}
type Img = ImgHTMLAttributes<HTMLImageElement>;
const keptParts = new Map<string, KeptPart | null>();
const maxKept = 2000;
/** The marks of the kept parts in a render (the token keeps page text from posing as one). */
const marks = new KeptMarks(Math.random().toString(36).slice(2));
/** Head tags React does not write last (resources and the document's own): a part hoisting one is not kept. */
const notLast = /<link [^>]*rel="(?:stylesheet|preload|modulepreload|preconnect|dns-prefetch)"|<meta (?:charSet|charset)=|<meta name="viewport"/;

/**
 * The keys of the parts met once and not kept yet. A part is learned (see
 * Keeping.render: rendered alone again and compared, which doubles its
 * cost) the second time a runtime meets it, so a part met only once (a
 * member's first page, one card among thousands) costs its render in
 * place and no more. The oldest goes first.
 */
const metOnce = new Set<string>();
const maxMetOnce = 4000;

/** Whether the part of key, not kept, is to be learned now: when met before. */
function metBefore(key: string): boolean {
  if (metOnce.delete(key)) return true;
  if (metOnce.size >= maxMetOnce) metOnce.delete(metOnce.values().next().value as string);
  metOnce.add(key);
  return false;
}

function keepPart(key: string, part: KeptPart | null) {
  if (keptParts.size >= maxKept) keptParts.delete(keptParts.keys().next().value as string);
  keptParts.set(key, part);
}

/**
 * What React's preload of an eager image reads of it (react-dom/server's
 * img), all its stand-in renders: a stand-in's own HTML is thrown away.
 * (Where this ever gave another preload, the part would not be kept.)
 */
const preloadAttrs = ['srcSet', 'sizes', 'fetchPriority', 'crossOrigin', 'referrerPolicy'] as const satisfies (keyof Img)[];

/** img with only what its preload reads: its src only when it has no srcSet. */
function preloadOf(img: Img): Img {
  const out: Record<string, unknown> = img.srcSet ? {} : { src: img.src };
  for (const a of preloadAttrs) if (img[a] != null) out[a] = img[a];
  return out;
}

/**
 * What stands in a render for a kept part: its mark, then its eager images,
 * which React preloads (in the head, in the order the part would) but does
 * not write.
 */
function standIn(n: number, images: Img[]): ReactNode {
  if (images.length === 0) return marks.text(n);
  return [marks.text(n), ...images.map((img, i) => <img key={i} {...img} {...preloadOnly} />)];
}

/** A render's use of the kept parts. */
class Keeping {
  /** Parts put in by the last render. */
  kept = 0;
  private parts: string[] = [];
  private tags = '';
  private learn: [string, ReactNode][] = [];
  /** The once-parts (kept's once) met in this render: one met again is kept by its props. */
  private met = new Set<string>();
  constructor(
    readonly scope: number,
    private props: PageProps,
    private pageKey: string | null,
  ) {}

  private keep: Keeper = (name, p, element, once) => {
    const byPage = once && this.pageKey !== null && !this.met.has(name);
    if (byPage) this.met.add(name);
    const key = byPage ? `${this.scope}\n${name}\n${this.pageKey}` : `${this.scope}\n${__partKey(name, p)}`;
    const part = keptParts.get(key);
    if (part === undefined && metBefore(key)) this.learn.push([key, element]);
    if (part == null) return element;
    this.parts.push(part.html);
    this.tags += part.tags;
    return standIn(this.parts.length - 1, part.images);
  };

  /**
   * renderToString of node with the kept parts put in. A part not kept is
   * rendered in place; met before (metBefore), then alone too, and kept
   * when the page holds that very render (no React ids, element bounds or
   * none), its images' stand-ins give the head tags it gives, and the rest
   * of its head tags end the page's head.
   */
  render(node: ReactNode): string {
    const r = this.renderOut(node);
    return r.head + bodyOf(r);
  }

  /** render's page as its head tags and renderToString's output with the parts to put in (a shell render writes the body's middle). */
  renderOut(node: ReactNode): Rendered {
    this.parts = [];
    this.tags = '';
    this.learn = [];
    this.met.clear();
    keepWith(this.keep);
    let out: string;
    try {
      out = renderToString(node);
    } finally {
      keepWith(null);
    }
    this.kept = this.parts.length;
    const at = headEnd(out);
    const r: Rendered = { head: out.slice(0, at) + this.tags, out, at, parts: this.parts };
    // parts met for the first time, checked against the page as sent (a part
    // rendered in place may hold kept ones: a grid of kept cards)
    const body = this.learn.length ? bodyOf(r) : '';
    const pageHead = r.head;
    for (const [key, element] of this.learn) {
      const noted: Img[] = [];
      noteImages(noted);
      let head: string, html: string;
      try {
        [head, html] = splitHead(renderToString(alone(this.props, element)));
      } finally {
        noteImages(null);
      }
      const images = noted.map(preloadOf);
      const preloads = images.length ? splitHead(renderToString(alone(this.props, standIn(0, images))))[0] : '';
      const tags = head.slice(preloads.length);
      const fits =
        head.startsWith(preloads) &&
        (html === ''
          ? tags !== ''
          : /^<[a-zA-Z]/.test(html) && /(<\/[a-zA-Z0-9-]+>|\/>)$/.test(html) && !html.includes('_R_') && body.includes(html)) &&
        (tags === '' || (!notLast.test(tags) && pageHead.endsWith(tags)));
      keepPart(key, fits ? { html, images, tags } : null);
    }
    return r;
  }
}

/** A page rendered with stand-ins for its kept parts. */
interface Rendered {
  /** The head tags it hoisted, then those of its kept parts. */
  head: string;
  /** renderToString's output: its body begins at at. */
  out: string;
  at: number;
  /** The kept parts, by the number in their stand-ins. */
  parts: string[];
}

/** The stand-ins of r's body from..to (each wholly in or out), in order: [start, end, part]. */
function standIns(r: Rendered, from: number, to: number): [number, number, string][] {
  if (r.parts.length === 0) return [];
  return marks.find(r.out, from, to).map(([start, end, n]) => [start, end, r.parts[n]]);
}

/** r's body with each kept part's stand-in replaced by the part. */
function bodyOf(r: Rendered): string {
  const pieces: string[] = [];
  let i = r.at;
  // one join, not a string grown part by part (goja copies it each time)
  for (const [start, end, part] of standIns(r, r.at, r.out.length)) {
    pieces.push(r.out.slice(i, start), part);
    i = end;
  }
  pieces.push(r.out.slice(i));
  return pieces.join('');
}

/** Writes r's out from..to with each of its stand-ins (standIns') replaced by its part: bodyOf's, without a string made. */
function writeBody(r: Rendered, found: [number, number, string][], from: number, to: number) {
  let i = from;
  for (const [start, end, part] of found) {
    __write(r.out, i, start);
    __write(part);
    i = end;
  }
  __write(r.out, i, to);
}

// A brand shell (lib/render-part): the whole tree's body cut at the slots,
// and what a page render puts around the page (the shell's eager images).
interface Shell {
  /** The body before the account slot, between it and the page slot, after the page slot. */
  head: string;
  mid: string;
  tail: string;
  /** Whether the body has the account slot. */
  account: boolean;
  /** A page render's body: before + the page + after. */
  before: string;
  after: string;
  /** Where the page is rendered alone rather than in the layout (null: in it). */
  alone: Alone | null;
}

/**
 * A page's place in the whole tree, where a page render puts it alone: the
 * page's tree context, and the shell's eager images React preloads before
 * the page's own.
 */
interface Alone {
  ctx: TreeContext;
  images: Img[];
}

/**
 * What this runtime keeps of a shell key: a small number that starts its
 * kept parts' keys (shorter than the key: the parts' keys are hashed for
 * each part of each render), and its shell once measured (null: it
 * cannot be used, a slot missing).
 * Numbers are never given twice, so the parts of a shell key dropped here
 * are never found again (and age out).
 */
interface Scope {
  id: number;
  shell?: Shell | null;
}

const scopes = new Map<string, Scope>();
/** Shell keys kept per runtime; the oldest goes first. */
const maxShells = 200;
let lastScopeId = 0;

function scopeOf(key: string): Scope {
  let scope = scopes.get(key);
  if (scope === undefined) {
    if (scopes.size >= maxShells) scopes.delete(scopes.keys().next().value as string);
    scope = { id: ++lastScopeId };
    scopes.set(key, scope);
  }
  return scope;
}

/**
 * Writes the page (__write) as its shell cut around it; false when the
 * parts do not fit (then render it whole).
 */
function renderInParts(scope: Scope, props: PageProps, Page: PageComponent, keeping: Keeping): boolean {
  if (scope.shell === undefined) scope.shell = makeShell(props, Page);
  const shell = scope.shell;
  if (shell === null) return false;
  const r = keeping.renderOut(shell.alone ? pageAlone(props, Page, shell.alone) : <Root props={props} Page={Page} part="page" />);
  const from = r.at + shell.before.length;
  const to = r.out.length - shell.after.length;
  // the shell's pieces around the page, with no kept part in them
  if (from > to || !r.out.startsWith(shell.before, r.at) || !r.out.endsWith(shell.after)) return false;
  const found = standIns(r, r.at, r.out.length);
  if (found.some(([start, end]) => start < from || end > to)) return false;
  __write(r.head);
  __write(shell.head);
  if (shell.account) __write(renderAccount(keeping.scope, props));
  __write(shell.mid);
  writeBody(r, found, from, to);
  __write(shell.tail);
  return true;
}

/** What PageProbe made in its last render: the tree context there and its mark. */
let probed: { ctx: TreeContext; mark: string } | null = null;

/** Stands in for the page when a shell is measured: the page's mark with a useId made there, noting the tree context there. */
function PageProbe() {
  const mark = slotMarks.page + useId();
  probed = { ctx: __reactTreeContext(), mark };
  return mark;
}

/** At ctx in the tree (the rest of its parent's children, if any, after it there too): the page rendered alone. */
function At({ ctx, children }: { ctx: TreeContext; children: ReactNode }) {
  __reactTreeContext(ctx);
  return children;
}

/** The page alone in its place (a page render: the shell's images preloaded, then the page). */
function pageAlone(props: PageProps, Page: PageComponent, a: Alone) {
  return alone(
    props,
    <>
      {a.images.map((img, i) => (
        <img key={i} {...img} {...preloadOnly} />
      ))}
      <At ctx={a.ctx}>
        <Page data={props.data} />
      </At>
    </>,
    'page',
  );
}

/**
 * The page's place measured in the whole tree of a page render: what that
 * render's body has around the page, and the place itself, kept when the
 * page alone there renders the same (preloads, ids: a probe there gives the
 * very output). null when the page is not rendered.
 */
function placeOf(props: PageProps): Pick<Shell, 'before' | 'after' | 'alone'> | null {
  const images: Img[] = [];
  noteImages(images);
  let whole: string;
  try {
    whole = renderToString(<Root props={props} Page={PageProbe} part="page" />);
  } finally {
    noteImages(null);
  }
  const p = probed;
  probed = null;
  const [, around] = splitHead(whole);
  const at = p === null ? -1 : around.indexOf(p.mark);
  if (p === null || at < 0) return null;
  const place = { ctx: p.ctx, images };
  return {
    before: around.slice(0, at),
    after: around.slice(at + p.mark.length),
    alone: renderToString(pageAlone(props, PageProbe, place)) === whole ? place : null,
  };
}

function makeShell(props: PageProps, Page: PageComponent): Shell | null {
  const [, body] = splitHead(renderToString(<Root props={props} Page={Page} part="shell" />));
  const at = body.indexOf(slotMarks.page);
  const place = placeOf(props);
  if (at < 0 || place === null || body.indexOf(slotMarks.page, at + 1) >= 0) return null;
  const before = body.slice(0, at);
  const acct = before.indexOf(slotMarks.account);
  return {
    head: acct < 0 ? before : before.slice(0, acct),
    mid: acct < 0 ? '' : before.slice(acct + slotMarks.account.length),
    tail: body.slice(at + slotMarks.page.length),
    account: acct >= 0,
    ...place,
  };
}

/**
 * The member's part of the header (it has no ids nor images: nothing ties
 * it to its place in the tree), kept with the parts by the shell key and
 * the member's props: a member's next page in the same shell reuses it.
 */
function renderAccount(scope: number, props: PageProps): string {
  const key = `${scope}\n${__partKey('account', props.user)}`;
  let part = keptParts.get(key);
  if (!part) {
    part = { html: renderToString(alone(props, <AccountArea />)), images: [], tags: '' };
    keepPart(key, part);
  }
  return part.html;
}

/**
 * A part of the page to render apart from it, in the contexts the page
 * gives it (part: the page's own, in a page render); the UI state's is its
 * default on the server (lib/ui-state UiProvider), and a provider would be
 * one more component in every render.
 */
function alone(props: PageProps, node: ReactNode, part: 'all' | 'page' = 'all') {
  return (
    <RenderPartContext.Provider value={part}>
      <ImageVersion.Provider value={props.imageVersion}>
        <PageContext.Provider value={props}>{node}</PageContext.Provider>
      </ImageVersion.Provider>
    </RenderPartContext.Provider>
  );
}

/** Cuts the head tags React hoists to the front of renderToString's output from the body (as the renderer does). */
function splitHead(out: string): [string, string] {
  const i = headEnd(out);
  return [out.slice(0, i), out.slice(i)];
}

/** Where the head tags React hoists to the front of renderToString's output end. */
function headEnd(out: string): number {
  let i = 0;
  for (;;) {
    let end = -1;
    if (out.startsWith('<title', i)) {
      end = out.indexOf('</title>', i);
      if (end >= 0) end += '</title>'.length;
    } else if (out.startsWith('<meta', i) || out.startsWith('<link', i) || out.startsWith('<base', i)) {
      end = out.indexOf('>', i);
      if (end >= 0) end += 1;
    }
    if (end < 0) return i;
    i = end;
  }
}

const g = globalThis as unknown as { renderPage: typeof renderPage; styles: typeof styles };
g.renderPage = renderPage;
g.styles = styles;
