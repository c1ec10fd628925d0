// Design tokens, breakpoints and the global style sheet. Styles are static
// class names made once at module load (@emotion/css): a render only joins
// strings, which keeps server renders in goja cheap. The brand's colour
// reaches them as the CSS variable --brand, set on the root element.
import { css, injectGlobal } from '@emotion/css';
import { DarkText } from '../contract/generated/rules';

/** Responsive breakpoints (spec section 9), in px. */
export const breakpoints = [450, 600, 750, 900, 1180] as const;
/** The mobile view is below this width (spec section 4). */
export const mobileBreakpoint = 600;
/** Main content max width (spec section 9). */
export const contentMaxWidth = 820;

/** Media query for widths of at least bp px. */
export const up = (bp: (typeof breakpoints)[number]) => `@media (min-width: ${bp}px)`;

export const colour = {
  brand: 'var(--brand)',
  text: DarkText,
  muted: '#616e7c',
  faint: '#616e7c',
  line: '#e4e7eb',
  surface: '#ffffff',
  page: '#f5f7fa',
  danger: '#b42318',
  /** what needs the member's attention but is no error (a balance owed) */
  warning: '#b54708',
};

export const radius = '12px';

/** A row of small pill tags (validity, quantity, store, category). */
export const pills = css`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  font-size: 13px;
  color: ${colour.muted};
  span { padding: 1px 8px; border-radius: 999px; background: ${colour.page}; }
`;
/** Keeps a unit of text on one line: '共 8 堂', '每週日 09:00–09:50', '11/28（週六）07:45'. */
export const nowrap = css`white-space: nowrap;`;

/**
 * A name that breaks only at spaces and punctuation, never inside a word of
 * Chinese ('週日上 / 午'); a word longer than the line still breaks, so
 * nothing overflows.
 */
export const keepWords = css`word-break: keep-all; overflow-wrap: anywhere;`;

export const shadow = '0 1px 3px rgba(15, 23, 42, .08), 0 1px 2px rgba(15, 23, 42, .04)';

/** The text's fonts until the web font has loaded: the system's CJK sans. */
const systemFonts = `'Noto Sans TC', 'PingFang TC', 'Noto Sans CJK TC', 'Microsoft JhengHei', system-ui, sans-serif`;
/** The family the web font's stylesheet (@fontsource-variable/noto-sans-tc) declares. */
export const webFont = 'Noto Sans TC Variable';
/** The text's fonts once the web font has loaded (lib/fonts.ts). */
export const webFonts = `'${webFont}', ${systemFonts}`;

injectGlobal`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  /* a jump to a place in the page (#booking) clears the sticky header: two rows on phones */
  html { scroll-padding-top: 104px; }
  ${up(600)} { html { scroll-padding-top: 72px; } }
  body {
    margin: 0;
    font-family: ${systemFonts};
    font-size: 16px;
    line-height: 1.6;
    color: ${colour.text};
    background: ${colour.page};
  }
  /* the web font, once loaded for the page's text (lib/fonts.ts) */
  html.fonts body { font-family: ${webFonts}; }
  a { color: inherit; }
  img { max-width: 100%; display: block; }
  h1, h2, h3, p { margin: 0; }
  button { font: inherit; }
  :focus-visible { outline: 3px solid var(--brand); outline-offset: 2px; }
  /* a date field's focus is on its inner parts: Chromium matches neither
     :focus-visible nor :focus on the field, only :focus-within */
  input[type='date']:focus-within { outline: 3px solid var(--brand); outline-offset: 2px; }
  .skip-link {
    position: absolute; left: 8px; top: -100px; z-index: 1000; padding: 8px 16px; border-radius: 8px;
    background: var(--brand); color: var(--brand-on); font-weight: 700; text-decoration: none;
  }
  .skip-link:focus { top: 8px; }
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`;
