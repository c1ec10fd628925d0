// The component tree every page renders in, on the server and the client.
import type { ComponentType, CSSProperties } from 'react';
import { HelmetProvider } from 'react-helmet-async';
import { PageContext } from './lib/page-context';
import type { PageProps } from './contract/props';
import { DefaultLayout } from './layouts/default-layout';
import { BareLayout } from './layouts/bare-layout';
import './ui/theme';
import { DialogLayer } from './ui/dialog-layer';
import { brandPalette } from './ui/contrast';

export type PageComponent = ComponentType<{ data: any }>;

export interface PageModule {
  default: PageComponent;
}

export function Root({ props, Page }: { props: PageProps; Page: PageComponent }) {
  const Layout = props.layout === 'bare' ? BareLayout : DefaultLayout;
  // the brand's colour as the kit draws it: AA contrast whatever the brand picked
  const { ink, tint } = brandPalette(props.brand?.colour);
  const style = { '--brand': ink, '--brand-tint': tint } as CSSProperties;
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
