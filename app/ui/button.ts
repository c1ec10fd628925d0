// The buttons of every page and dialog: one primary, one secondary and one
// link-like button. Class names for <button> and <a> alike.
import { css } from '@emotion/css';
import { colour } from './theme';

const base = `
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 46px;
  border-radius: 999px;
  font-size: 16px;
  font-weight: 700;
  text-decoration: none;
  cursor: pointer;
  &:disabled { opacity: .6; cursor: progress; }
`;

/** The one main action: filled with the brand's colour. */
export const primaryButton = css`
  ${base}
  padding: 0 24px;
  border: 0;
  background: var(--brand);
  color: var(--brand-on);
`;

/** Every other action: outlined in the brand's colour. */
export const secondaryButton = css`
  ${base}
  padding: 0 20px;
  border: 1px solid var(--brand);
  background: ${colour.surface};
  color: var(--brand);
  font-weight: 600;
`;

/** An action inside a line of text. */
export const linkButton = css`
  border: 0;
  background: none;
  padding: 0;
  color: var(--brand);
  font-size: 14px;
  font-weight: 600;
  cursor: pointer;
  text-decoration: underline;
  &:disabled { opacity: .6; cursor: progress; }
`;

/** Added to primaryButton or secondaryButton: a smaller one (a row of actions in a card). */
export const smallButton = css`
  min-height: 36px;
  padding: 0 16px;
  font-size: 14px;
`;

/** A chip-like button among tags (a store, add to calendar). */
export const chipButton = css`
  padding: 3px 10px;
  border-radius: 999px;
  border: 1px solid ${colour.line};
  background: ${colour.surface};
  cursor: pointer;
  color: var(--brand);
  font-size: 13px;
  font-weight: 600;
  white-space: nowrap;
  &:hover { border-color: var(--brand); }
`;

/** A column of big actions (share, calendar, store links): each child a secondary button. */
export const buttonColumn = css`
  display: grid;
  gap: 10px;
  & > a, & > button {
    ${base}
    padding: 10px 16px;
    border: 1px solid var(--brand);
    background: ${colour.surface};
    color: ${colour.text};
    font-size: 15px;
    font-weight: 600;
  }
  & > a:hover, & > button:hover { background: var(--brand-tint); }
  small { display: block; font-weight: 400; color: ${colour.muted}; font-size: 12px; }
`;
