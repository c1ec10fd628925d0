// Browser entry: read the props the server rendered with, load the page's
// chunk, hydrate, and from then on navigate on the client.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ClientApp, loadPage } from './client-app';
import type { PageProps } from './contract/props';
import { loadChunk } from './lib/chunk';
import { webFont, webFonts } from './ui/theme';
import '@fontsource-variable/noto-sans-tc/index.css'; // bundled as the entry's stylesheet: see lib/fonts.ts

const el = document.getElementById('__PROPS__');
const props = JSON.parse(el?.textContent ?? 'null') as PageProps;

// a page chunk that fails reloads the page once a minute at most; until
// then the server's HTML stays, without the client's script. Hydration
// runs as a transition, so React yields to the browser between pieces of
// it (a phone's first input is not held up by one long task).
void loadChunk(() => loadPage(props.page)).then((Page) => {
  startTransition(() => {
    hydrateRoot(document.getElementById('root')!, <ClientApp initial={props} initialPage={Page} />);
  });
});
// the web font's loader comes only to the pages of a brand that wants the
// font (the server names its stylesheet on this script: lib/fonts.ts); if
// it fails to load, the text stays in the system's font
if (document.querySelector('script[data-fonts]')) {
  void import('./lib/fonts').then(
    (f) => f.loadFontsLater({ family: webFont, stack: webFonts }),
    () => undefined,
  );
}
