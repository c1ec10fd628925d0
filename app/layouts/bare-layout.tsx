// Bare layout (spec section 2): the page alone, without header or footer,
// with the shared UI state all the same (the e-contract's login dialog,
// its snackbar).
import type { ReactNode } from 'react';
import { css } from '@emotion/css';
import { LoadingBar } from './loading-bar';
import { Snackbar } from './snackbar';
import { DialogHost } from './dialog-host';
import { UiProvider } from '../lib/ui-state';
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
    <UiProvider>
      {shell ? <LoadingBar /> : null}
      <Box as="main" className={main} id="main" tabIndex={-1}>
        {children}
      </Box>
      {shell ? <DialogHost /> : null}
      {shell ? <Snackbar /> : null}
    </UiProvider>
  );
}
