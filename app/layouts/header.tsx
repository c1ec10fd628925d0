// Header bar: the brand, the shop's sections, and login/register for
// visitors or the member's name and menu. Hidden on private links (query
// privateToken) and in the app's webview.
import { css } from '@emotion/css';
import { usePage } from '../lib/page-context';
import { Link } from '../lib/navigation';
import { layout as t } from '../strings/zh-hant';
import { colour, contentMaxWidth, up } from '../ui/theme';
import { AccountArea } from '../features/members/components/account-area';
import { ShellImage, Slot, useRenderPart } from '../lib/render-part';

const bar = css`
  position: sticky;
  top: 0;
  z-index: 20;
  background: ${colour.surface};
  border-bottom: 1px solid ${colour.line};
  border-top: 3px solid ${colour.brand};
`;
/** Phones: the brand and the account on the first row, the sections on a
 * second row of their own, so that the brand's name keeps its room. */
const inner = css`
  max-width: ${contentMaxWidth}px;
  margin: 0 auto;
  padding: 0 16px;
  min-height: 56px;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  column-gap: 12px;
  ${up(600)} { flex-wrap: nowrap; height: 56px; }
`;
const brandLink = css`
  display: flex;
  align-items: center;
  gap: 10px;
  min-width: 0;
  flex: 1 1 auto;
  min-height: 56px;
  ${up(600)} { flex: 0 1 auto; }
  text-decoration: none;
  font-weight: 700;
  font-size: 17px;
  span { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  img { width: 32px; height: 32px; border-radius: 8px; object-fit: contain; }
`;
const nav = css`
  order: 3;
  flex: 1 0 100%;
  display: flex;
  gap: 4px;
  overflow-x: auto;
  scrollbar-width: none;
  margin: -6px -6px 0;
  padding-bottom: 6px;
  &:empty { display: none; }
  ${up(600)} { order: 0; flex: none; margin: 0 0 0 auto; padding: 0; }
  a {
    padding: 6px 10px;
    border-radius: 8px;
    text-decoration: none;
    font-size: 15px;
    color: ${colour.muted};
    white-space: nowrap;
  }
  a:hover, a[aria-current='page'] { color: ${colour.brand}; background: var(--brand-tint); }
  ${up(600)} { gap: 8px; }
`;

/** offset: px the header sticks below the top (the app banner's height when it shows). */
export function Header({ offset = 0 }: { offset?: number }) {
  const page = usePage();
  const part = useRenderPart();
  const brand = page.brand;
  if (!brand || page.query.privateToken || page.webview) return null;
  const home = page.nav.home;
  const path = page.url.split('?')[0];
  const logo = brand.settings.appLogo ? <img src={brand.settings.appLogo} alt="" width={32} height={32} /> : null;
  // its preload in the head, in the whole tree's order (its element is the shell's)
  if (part === 'page') return logo && <ShellImage src={brand.settings.appLogo} />;
  return (
    <header className={bar} style={offset ? { top: offset } : undefined}>
      <div className={inner}>
        {home ? (
          <Link className={brandLink} href={home}>
            {logo}
            <span>{brand.settings.brandName}</span>
          </Link>
        ) : (
          <div className={brandLink}>
            {logo}
            <span>{brand.settings.brandName}</span>
          </div>
        )}
        <nav className={nav} aria-label={t.menu}>
          {page.nav.header.map((l) => (
            <Link key={l.key} href={l.href} aria-current={path === l.href ? 'page' : undefined}>
              {t.nav[l.key] ?? l.key}
            </Link>
          ))}
        </nav>
        <Slot name="account">
          <AccountArea />
        </Slot>
      </div>
    </header>
  );
}
