// Bare layout (spec section 2): the page alone, without header or footer.
import type { ReactNode } from 'react';
import { css } from '@emotion/css';
import { LoadingBar } from './loading-bar';
import { contentMaxWidth } from '../ui/theme';

const main = css`
  max-width: ${contentMaxWidth}px;
  margin: 0 auto;
  padding: 20px 16px 32px;
`;

export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <LoadingBar />
      <main className={main} id="main">
        {children}
      </main>
    </>
  );
}
