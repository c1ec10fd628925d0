// The member centre's frame: its title, the member menu as tabs, and a
// reminder while the e-mail is not verified.
import type { ReactNode } from 'react';
import { css } from '@emotion/css';
import { usePage, brandPath } from '../../lib/page-context';
import { Link } from '../../lib/navigation';
import { memberMenu } from './member-menu';
import { useUi } from '../../lib/ui-state';
import { PageHead } from '../../lib/page-head';
import { account } from '../../strings/zh-hant';
import { member as t } from '../../strings/zh-hant-members';
import { colour, radius, up } from '../../ui/theme';

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
  a[aria-current='page'] { background: var(--brand); border-color: var(--brand); color: #fff; font-weight: 600; }
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
  button { border: 0; border-radius: 999px; padding: 6px 14px; background: var(--brand); color: #fff; font-weight: 600; cursor: pointer; }
`;

export function MemberLayout({ title, children }: { title: string; children: ReactNode }) {
  const page = usePage();
  const ui = useUi();
  const brand = page.brand!;
  const user = page.user!;
  return (
    <>
      <PageHead title={`${title}｜${t.title(brand.settings.brandName)}`} description={account.centre} noindex />
      <div className={head}>
        <h2>{title}</h2>
      </div>
      <nav className={tabs} aria-label={account.centre}>
        {memberMenu(brand.settings.additionalModules).map((m) => (
          <Link key={m.route} href={brandPath(page, m.path)} aria-current={page.route === m.route || (m.route === 'brandId-user-timingcard' && page.route === 'brandId-user-timingcard-plans') ? 'page' : undefined}>
            {m.label}
          </Link>
        ))}
      </nav>
      {!user.emailVerified ? (
        <div className={notice} role="status">
          <span>{t.notVerified}</span>
          <button type="button" onClick={() => ui.open('verifyAccount', { email: user.email })}>
            {t.verifyNow}
          </button>
        </div>
      ) : null}
      {children}
    </>
  );
}




