// Bare layout (spec section 2): the page alone, without header or footer.
import type { ReactNode } from 'react';
import { css } from '@emotion/css';
import { LoadingBar } from './loading-bar';
import { contentMaxWidth } from '../ui/theme';
import { Box, useRenderPart } from '../lib/render-part';

const main = css`
  max-width: ${contentMaxWidth}px;
  margin: 0 auto;
  padding: 20px 16px 32px;
`;

export function BareLayout({ children }: { children: ReactNode }) {
  const shell = useRenderPart() !== 'page';
  return (
    <>
      {shell ? <LoadingBar /> : null}
      <Box as="main" className={main} id="main">
        {children}
      </Box>
    </>
  );
}
