// Default layout (spec section 2): hidden page title with the brand name,
// the download-app banner, the header (not on private links), the footer.
import type { ReactNode } from 'react';
import { css } from '@emotion/css';
import { usePage } from '../lib/page-context';
import { AppBanner, useAppBanner } from '../components/app-banner';
import { bannerHeight } from '../lib/constants';
import { Header } from '../components/header';
import { Footer } from '../components/footer';
import { LoadingBar } from '../components/loading-bar';
import { contentMaxWidth } from '../styles/theme';

const main = css`
  max-width: ${contentMaxWidth}px;
  margin: 0 auto;
  padding: 20px 16px 0;
  min-height: 60vh;
`;

export function DefaultLayout({ children }: { children: ReactNode }) {
  const page = usePage();
  const [banner, closeBanner] = useAppBanner();
  return (
    <>
      <LoadingBar />
      <h1 className="visually-hidden">{page.brand?.settings.brandName}</h1>
      {banner ? <AppBanner close={closeBanner} /> : null}
      <Header offset={banner ? bannerHeight : 0} />
      <main className={main} id="main">
        {children}
      </main>
      <Footer />
    </>
  );
}
