// The component tree every page renders in, on the server and the client.
import type { ComponentType, CSSProperties } from 'react';
import { HelmetProvider } from 'react-helmet-async';
import { PageContext } from './lib/page-context';
import type { PageProps } from './contract/props';
import { DefaultLayout } from './layouts/default-layout';
import { BareLayout } from './layouts/bare-layout';
import './ui/theme';
import { DialogLayer } from './ui/dialog-layer';

export type PageComponent = ComponentType<{ data: any }>;

export interface PageModule {
  default: PageComponent;
}

export function Root({ props, Page }: { props: PageProps; Page: PageComponent }) {
  const Layout = props.layout === 'bare' ? BareLayout : DefaultLayout;
  const style = { '--brand': props.brand?.colour ?? '#91C423' } as CSSProperties;
  return (
    <HelmetProvider>
      <PageContext.Provider value={props}>
        <div style={style}>
          <Layout>
            <Page data={props.data} />
          </Layout>
          <DialogLayer />
        </div>
      </PageContext.Provider>
    </HelmetProvider>
  );
}
