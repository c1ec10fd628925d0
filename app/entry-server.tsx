// Server entry, bundled as one IIFE for goja. The renderer calls
// globalThis.renderPage(propsJSON) and gets the body HTML, the head tags the
// page rendered, and the critical CSS of the classes the HTML uses.
import { renderToString } from 'react-dom/server';
import { cache } from '@emotion/css';
import { Root, type PageModule } from './root';
import type { PageProps } from './contract/props';

declare const require: (path: string) => unknown;

/** The page module app/pages/{name}.tsx (esbuild bundles every page). */
function pageModule(name: string): PageModule {
  return require(`./pages/${name}.tsx`) as PageModule;
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
  /** renderToString's output: the hoisted head tags, then the body. */
  html: string;
  /** Rules this render added, as styles() lists them. */
  rules: Rule[] | null;
}

function renderPage(propsJSON: string): RenderResult {
  const props = JSON.parse(propsJSON) as PageProps;
  const Page = pageModule(props.page).default;
  const html = renderToString(<Root props={props} Page={Page} />);
  let rules: Rule[] | null = null;
  if (order.length !== known) {
    rules = rulesSince(known);
    known = order.length;
  }
  return { html, rules };
}

const g = globalThis as unknown as { renderPage: typeof renderPage; styles: typeof styles };
g.renderPage = renderPage;
g.styles = styles;
