// The component tree every page renders in, on the server and the client.
import type { ComponentType, CSSProperties } from 'react';
import { PageContext } from './lib/page-context';
import type { PageProps } from './contract/props';
import { defaultPalette } from './contract/generated/shared';
import { DefaultLayout } from './layouts/default-layout';
import { BareLayout } from './layouts/bare-layout';
import './ui/theme';
import { DialogLayer } from './ui/dialog-layer';
import { ImageVersion } from './ui/images';
import { Box, RenderPartContext, Slot, type RenderPart } from './lib/render-part';

export type PageComponent = ComponentType<{ data: any }>;

export interface PageModule {
  default: PageComponent;
}

/** part: what the server renders of the tree (lib/render-part); the client renders it all. */
export function Root({ props, Page, part = 'all' }: { props: PageProps; Page: PageComponent; part?: RenderPart }) {
  const Layout = props.layout === 'bare' ? BareLayout : DefaultLayout;
  // the brand's colour as the kit draws it (AA whatever the brand picked), derived by the host
  const palette = props.brand?.palette ?? defaultPalette;
  const style = { '--brand': palette.ink, '--brand-on': palette.onInk, '--brand-tint': palette.tint } as CSSProperties;
  return (
    <RenderPartContext.Provider value={part}>
      <ImageVersion.Provider value={props.imageVersion}>
        <PageContext.Provider value={props}>
          <Box as="div" style={style}>
            <Layout>
              <Slot name="page">
                <Page data={props.data} />
              </Slot>
            </Layout>
            {part === 'page' ? null : <DialogLayer />}
          </Box>
        </PageContext.Provider>
      </ImageVersion.Provider>
    </RenderPartContext.Provider>
  );
}
