// Browser entry: read the props the server rendered with, load the page's
// chunk, hydrate, and from then on navigate on the client.
import { hydrateRoot } from 'react-dom/client';
import { ClientApp, loadPage } from './client-app';
import type { PageProps } from './contract/props';
import { loadChunk } from './lib/chunk';
import '@fontsource-variable/noto-sans-tc/index.css';

const el = document.getElementById('__PROPS__');
const props = JSON.parse(el?.textContent ?? 'null') as PageProps;

// a page chunk that fails reloads the page once a minute at most; until
// then the server's HTML stays, without the client's script
void loadChunk(() => loadPage(props.page)).then((Page) => {
  hydrateRoot(document.getElementById('root')!, <ClientApp initial={props} initialPage={Page} />);
});
