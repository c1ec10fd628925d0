// Header bar: the brand, the shop's sections, and login/register for
// visitors or the member's name and menu. Hidden on private links (query
// privateToken) and in the app's webview.
import { css } from '@emotion/css';
import { usePage, brandPath } from '../lib/page-context';
import { Link } from '../lib/navigation';
import { hasModule, Module } from '../lib/modules';
import { layout as t } from '../strings/zh-hant';
import { colour, contentMaxWidth, up } from '../ui/theme';
import { AccountArea } from '../features/members/account-area';

const bar = css`
  position: sticky;
  top: 0;
  z-index: 20;
  background: ${colour.surface};
  border-bottom: 1px solid ${colour.line};
  border-top: 3px solid ${colour.brand};
`;
const inner = css`
  max-width: ${contentMaxWidth}px;
  margin: 0 auto;
  padding: 0 16px;
  height: 56px;
  display: flex;
  align-items: center;
  gap: 12px;
`;
const brandLink = css`
  display: flex;
  align-items: center;
  gap: 10px;
  min-width: 0;
  text-decoration: none;
  font-weight: 700;
  font-size: 17px;
  span { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  img { width: 32px; height: 32px; border-radius: 8px; object-fit: contain; }
`;
const nav = css`
  margin-left: auto;
  display: flex;
  gap: 4px;
  a {
    padding: 6px 10px;
    border-radius: 8px;
    text-decoration: none;
    font-size: 15px;
    color: ${colour.muted};
    white-space: nowrap;
  }
  a:hover, a[aria-current='page'] { color: ${colour.brand}; background: color-mix(in srgb, var(--brand) 10%, white); }
  ${up(600)} { gap: 8px; }
`;

/** offset: px the header sticks below the top (the app banner's height when it shows). */
export function Header({ offset = 0 }: { offset?: number }) {
  const page = usePage();
  const brand = page.brand;
  if (!brand || page.query.privateToken || page.webview) return null;
  const modules = brand.settings.additionalModules;
  const home = brandPath(page, '');
  const links: { href: string; label: string; route: string }[] = [];
  if (hasModule(modules, Module.WebShop)) links.push({ href: home, label: t.navItems, route: 'brandId-index' });
  if (hasModule(modules, Module.WebShop) && hasModule(modules, Module.FindActivity))
    links.push({ href: brandPath(page, '/activitys'), label: t.navActivities, route: 'brandId-activitys' });
  if (hasModule(modules, Module.TermSchedule))
    links.push({ href: brandPath(page, '/termSchedule'), label: t.navTermSchedule, route: 'brandId-termSchedule' });
  return (
    <header className={bar} style={offset ? { top: offset } : undefined}>
      <div className={inner}>
        <Link className={brandLink} href={home}>
          {brand.settings.appLogo ? <img src={brand.settings.appLogo} alt="" width={32} height={32} /> : null}
          <span>{brand.settings.brandName}</span>
        </Link>
        <nav className={nav} aria-label={t.menu}>
          {links.map((l) => (
            <Link key={l.route} href={l.href} aria-current={page.route === l.route ? 'page' : undefined}>
              {l.label}
            </Link>
          ))}
        </nav>
        <AccountArea />
      </div>
    </header>
  );
}
