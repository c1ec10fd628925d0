// Default layout (spec section 2): hidden page title with the brand name,
// the download-app banner, the header (not on private links), the footer,
// and the shared UI state: the snackbar and the dialogs (login, register,
// registration success, ...), loaded when they open.
import type { ReactNode } from 'react';
import { css } from '@emotion/css';
import { usePage } from '../lib/page-context';
import { AppBanner, useAppBanner } from '../features/brand/components/app-banner';
import { bannerHeight } from '../lib/constants';
import { Header } from './header';
import { AppAccountBar } from './app-account-bar';
import { Footer } from '../features/brand/components/footer';
import { LoadingBar } from './loading-bar';
import { Snackbar } from './snackbar';
import { DialogHost } from './dialog-host';
import { UiProvider } from '../lib/ui-state';
import { contentMaxWidth } from '../ui/theme';
import { common } from '../strings/zh-hant';
import { Box, useRenderPart } from '../lib/render-part';

/** The footer stays at the bottom of a short page (no strip under it). */
const frame = css`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  min-height: 100dvh;
`;
const main = css`
  flex: 1 0 auto;
  width: 100%;
  max-width: ${contentMaxWidth}px;
  margin: 0 auto;
  padding: 20px 16px 0;
`;

export function DefaultLayout({ children }: { children: ReactNode }) {
  const page = usePage();
  const [banner, closeBanner] = useAppBanner();
  // a page render (lib/render-part) keeps every child's position: null
  // where the shell has a part
  const shell = useRenderPart() !== 'page';
  return (
    <UiProvider>
      <Box as="div" className={frame}>
        {shell ? <a className="skip-link" href="#main">{common.skipToContent}</a> : null}
        {shell ? <LoadingBar /> : null}
        {shell ? <h1 className="visually-hidden">{page.brand?.settings.brandName}</h1> : null}
        {banner ? <AppBanner close={closeBanner} /> : null}
        <Header offset={banner ? bannerHeight : 0} />
        {shell ? <AppAccountBar /> : null}
        <Box as="main" className={main} id="main" tabIndex={-1}>
          {children}
        </Box>
        {shell ? <Footer /> : null}
      </Box>
      {shell ? <DialogHost /> : null}
      {shell ? <Snackbar /> : null}
    </UiProvider>
  );
}
