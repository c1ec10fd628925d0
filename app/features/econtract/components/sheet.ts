// The e-contract page's sheet and its muted hint lines.
import { css } from '@emotion/css';
import { colour } from '../../../ui/theme';

export const sheet = css`
  max-width: 720px;
  margin: 0 auto;
  padding: 16px 12px 48px;
  h1 { font-size: 22px; margin-bottom: 4px; }
  .version { color: ${colour.muted}; font-size: 14px; margin-bottom: 12px; }
`;
export const hint = css`
  font-size: 14px;
  color: ${colour.muted};
  margin-bottom: 16px;
`;
