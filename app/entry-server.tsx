// Server entry, bundled as one IIFE for goja. The renderer calls
// globalThis.renderPage(propsJSON) and gets the body HTML, the head tags the
// page rendered, and the critical CSS of the classes the HTML uses.
import { renderToString } from 'react-dom/server';
import { cache } from '@emotion/css';
import { Root, type PageModule } from './root';
import type { PageProps } from './lib/props';

declare const require: (path: string) => unknown;

/** The page module app/pages/{name}.tsx (esbuild bundles every page). */
function pageModule(name: string): PageModule {
  return require(`./pages/${name}.tsx`) as PageModule;
}

/**
 * React 19 hoists <title>, <meta> and <link> to the front of what
 * renderToString returns; they belong in <head>. Returns where they end.
 */
export function headTagsEnd(html: string): number {
  const tag = /<title\b[^>]*>[^<]*<\/title>|<(?:meta|link|base)\b[^>]*>/y;
  let end = 0;
  for (;;) {
    tag.lastIndex = end;
    const m = tag.exec(html);
    if (!m) return end;
    end = tag.lastIndex;
  }
}

/** The emotion rules the HTML uses, plus every global rule (what @emotion/server's extractCritical does). */
function criticalCSS(html: string): { ids: string; css: string } {
  const used: Record<string, true> = {};
  const re = new RegExp(cache.key + '-([a-zA-Z0-9-_]+)', 'gm');
  let m: RegExpExecArray | null;
  while ((m = re.exec(html)) !== null) used[m[1]] = true;
  const ids: string[] = [];
  let css = '';
  for (const id in cache.inserted) {
    const rule = cache.inserted[id];
    if (rule === true || typeof rule !== 'string') continue;
    if (used[id] || cache.registered[`${cache.key}-${id}`] === undefined) {
      ids.push(id);
      css += rule;
    }
  }
  return { ids: ids.join(' '), css };
}

export interface RenderResult {
  head: string;
  html: string;
  styleIds: string;
  css: string;
}

function renderPage(propsJSON: string): RenderResult {
  const props = JSON.parse(propsJSON) as PageProps;
  const Page = pageModule(props.page).default;
  const out = renderToString(<Root props={props} Page={Page} />);
  const end = headTagsEnd(out);
  const html = out.slice(end);
  const { ids, css } = criticalCSS(html);
  return { head: out.slice(0, end), html, styleIds: ids, css };
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
