// Headings: the page's heading and the one section title of every page.
import { css } from '@emotion/css';

/** The page's main heading. */
export const heading = css`
  font-size: 22px;
  line-height: 1.35;
  margin-bottom: 14px;
`;

/** A section's title, marked with the brand's colour. */
export const sectionTitle = css`
  font-size: 18px;
  margin: 28px 0 12px;
  padding-left: 10px;
  border-left: 4px solid var(--brand);
  &:first-child { margin-top: 0; }
`;
