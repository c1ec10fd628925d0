// Pieces the catalogue pages share: notices, the buy bar, facts and prose.
import { css } from '@emotion/css';
import { colour, up } from '../../../ui/theme';

export const notice = css`
  padding: 10px 14px;
  margin-bottom: 14px;
  border-radius: 10px;
  background: #fff4e0;
  color: #7a4a00;
  font-size: 14px;
`;
/** The price and the actions of a detail page: <div><p><strong>price</strong></p><div>buttons</div></div>. */
export const buyBar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 16px;
  margin: 14px 0 8px;
  & > p { flex: 1 1 100%; display: flex; align-items: baseline; gap: 10px; }
  & > p strong { font-size: 24px; color: var(--brand); }
  & > p s { color: ${colour.faint}; }
  & > div { flex: 1 1 100%; display: flex; gap: 10px; }
  & > div > * { flex: 1; padding: 0 12px; white-space: nowrap; }
  ${up(600)} {
    & > p { flex-basis: auto; }
    & > div { flex: none; }
  }
`;
/** A definition list of facts (label, value) in a card; store buttons as chips. */
export const facts = css`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 10px 16px;
  margin: 0;
  dt { color: ${colour.muted}; font-size: 14px; }
  dd { margin: 0; display: flex; flex-wrap: wrap; gap: 6px; }
`;
/** Multi-paragraph text. */
export const prose = css`p + p { margin-top: 10px; } p { line-height: 1.8; }`;
/** Paragraphs of a plain text with blank-line breaks. */
export function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
}
