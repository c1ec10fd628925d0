// The member centre's frame: its title, the member menu as tabs, and a
// reminder while the e-mail is not verified.
import type { ReactNode } from 'react';
import type { NavLink } from '../../../contract/props';
import { css } from '@emotion/css';
import { kept, usePage } from '../../../lib/page-context';
import { Link, currentHref } from '../../../lib/navigation';
import { memberLabel } from './account-area';
import { useUi } from '../../../lib/ui-state';
import { PageHead } from '../../../lib/page-head';
import { account } from '../../../strings/zh-hant';
import { member as t } from '../../../strings/zh-hant-members';
import { colour, radius, up } from '../../../ui/theme';
import { primaryButton, smallButton } from '../../../ui/button';

const head = css`
  margin-bottom: 16px;
  h2 { font-size: 22px; }
`;
const tabs = css`
  display: flex;
  gap: 6px;
  overflow-x: auto;
  margin: 0 -16px 20px;
  padding: 0 16px 4px;
  scrollbar-width: none;
  a {
    flex: none;
    padding: 8px 14px;
    border-radius: 999px;
    background: ${colour.surface};
    border: 1px solid ${colour.line};
    color: ${colour.muted};
    text-decoration: none;
    font-size: 14px;
    white-space: nowrap;
  }
  a[aria-current='page'] { background: var(--brand); border-color: var(--brand); color: var(--brand-on); font-weight: 600; }
  ${up(750)} { margin: 0 0 24px; padding: 0; flex-wrap: wrap; }
`;
const notice = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  justify-content: space-between;
  padding: 12px 16px;
  margin-bottom: 20px;
  border-radius: ${radius};
  background: #fffbea;
  border: 1px solid #f0d98c;
  font-size: 14px;
`;

/**
 * The page's title and the member menu as tabs, the current page's
 * marked: the same on every member's page at one address, so the server
 * keeps its render (lib/page-context's kept) instead of rendering its
 * elements for each.
 */
const MemberTabs = kept('MemberTabs', function MemberTabs({ title, links, current }: { title: string; links: NavLink[]; current?: string }) {
  return (
    <>
      <div className={head}>
        <h2>{title}</h2>
      </div>
      <nav className={tabs} aria-label={account.centre}>
        {links.map((m) => (
          <Link key={m.key} href={m.href} aria-current={m.href === current ? 'page' : undefined}>
            {memberLabel(m.key)}
          </Link>
        ))}
      </nav>
    </>
  );
});

export function MemberLayout({ title, children }: { title: string; children: ReactNode }) {
  const page = usePage();
  const ui = useUi();
  const brand = page.brand!;
  const user = page.user!;
  const current = currentHref(
    page.nav.member.map((m) => m.href),
    page.url.split('?')[0],
  );
  return (
    <>
      <PageHead title={title === account.centre ? t.title(brand.settings.brandName) : `${title}｜${t.title(brand.settings.brandName)}`} description={account.centre} noindex />
      <MemberTabs title={title} links={page.nav.member} current={current} />
      {!user.emailVerified ? (
        <div className={notice} role="status">
          <span>{t.notVerified}</span>
          <button type="button" className={`${primaryButton} ${smallButton}`} onClick={() => ui.open('verifyAccount', { email: user.email })}>
            {t.verifyNow}
          </button>
        </div>
      ) : null}
      {children}
    </>
  );
}




