// The card of every list and detail page, and its grid and badges.
import { css } from '@emotion/css';
import { colour, radius, up } from './theme';

/** A card: a white box with a line and rounded corners; h3 and p inside are its title and facts. */
export const card = css`
  background: ${colour.surface};
  border: 1px solid ${colour.line};
  border-radius: ${radius};
  padding: 16px;
  display: flex;
  flex-direction: column;
  gap: 6px;
  h3 { font-size: 16px; margin: 0; }
  p { margin: 0; font-size: 14px; color: ${colour.muted}; }
`;

/** A list of cards: one column, two from 750 px. */
export const cardList = css`
  display: grid;
  gap: 12px;
  grid-template-columns: 1fr;
  margin-bottom: 24px;
  ${up(750)} { grid-template-columns: repeat(2, 1fr); }
`;

/** A status badge in the brand's colour. */
export const badge = css`
  align-self: flex-start;
  font-size: 12px;
  font-weight: 700;
  padding: 2px 10px;
  border-radius: 999px;
  background: var(--brand-tint);
  color: var(--brand);
`;

/** Added to badge: a muted status (used, expired). */
export const badgeMuted = css`
  background: ${colour.page};
  color: ${colour.muted};
`;

/** A definition list of facts: labels muted on the left, values beside them. */
export const factList = css`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0;
  dt { color: ${colour.muted}; font-size: 14px; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

/** A list of the member's orders as cards (with cardList): a heading and short lines each. */
export const orderList = css`
  list-style: none;
  padding: 0;
  margin: 0 0 24px;
  h4 { font-size: 16px; margin: 6px 0 4px; }
  p { margin: 4px 0; }
`;
