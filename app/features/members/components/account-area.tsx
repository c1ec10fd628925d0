// The header's account area: login and register for a visitor; for a
// member, their name opening the member menu (member centre pages, logout).
// Rendered on the server too, from the page's user.
import { useEffect, useRef, useState } from 'react';
import { css } from '@emotion/css';
import { usePage } from '../../../lib/page-context';
import { Link } from '../../../lib/navigation';
import { logout } from '../api';
import { useUi } from '../../../lib/ui-state';
import { account as t } from '../../../strings/zh-hant';
import { colour, shadow } from '../../../ui/theme';
import { signsInOnWeb } from '../../../lib/modules';

const area = css`
  position: relative;
  display: flex;
  gap: 6px;
  flex: none;
  margin-left: 4px;
`;
const btn = css`
  border: 1px solid var(--brand);
  background: none;
  color: var(--brand);
  border-radius: 999px;
  padding: 5px 12px;
  font-size: 14px;
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
`;
const solid = css`
  background: var(--brand);
  color: var(--brand-on);
`;
const inAppNote = css`
  margin: 0;
  font-size: 14px;
  color: ${colour.muted};
`;
const nameBtn = css`
  display: flex;
  align-items: center;
  gap: 6px;
  max-width: 9em;
  span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;
const menu = css`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  min-width: 180px;
  background: ${colour.surface};
  border: 1px solid ${colour.line};
  border-radius: 12px;
  box-shadow: ${shadow}, 0 8px 24px rgba(15, 23, 42, .12);
  padding: 6px;
  z-index: 40;
  a, button {
    display: block;
    width: 100%;
    text-align: left;
    padding: 9px 12px;
    border-radius: 8px;
    border: 0;
    background: none;
    color: ${colour.text};
    font-size: 15px;
    text-decoration: none;
    cursor: pointer;
  }
  a:hover, button:hover, a[aria-current='page'] { background: var(--brand-tint); color: var(--brand); }
  hr { border: 0; border-top: 1px solid ${colour.line}; margin: 4px 0; }
`;

/** Where a brand's members sign in when it is not on the web (no MEMBER_SIGN_IN): its app. */
export function InAppNote() {
  return (
    <p className={inAppNote} data-testid="sign-in-in-app">
      {t.inApp}
    </p>
  );
}

export function AccountArea() {
  const page = usePage();
  const ui = useUi();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  useEffect(() => setOpen(false), [page.url]);
  const brand = page.brand;
  if (!brand) return null;
  const user = page.user;
  if (!user && !signsInOnWeb(brand.settings.additionalModules)) {
    return <InAppNote />;
  }
  if (!user) {
    return (
      <div className={area}>
        <button type="button" className={btn} onClick={() => ui.open('login', {})}>
          {t.login}
        </button>
        <button type="button" className={`${btn} ${solid}`} onClick={() => ui.open('register', {})}>
          {t.register}
        </button>
      </div>
    );
  }
  return (
    <div className={area} ref={ref}>
      <button type="button" className={`${btn} ${nameBtn}`} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="member-name">
        <span>{user.name}</span>
        <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
          <path d="M1 3l4 4 4-4" stroke="currentColor" strokeWidth="1.6" fill="none" />
        </svg>
      </button>
      {open ? (
        <div className={menu} role="menu" aria-label={t.memberMenu}>
          {page.nav.member.map((m) => (
            <Link key={m.key} role="menuitem" href={m.href} aria-current={page.url.split('?')[0] === m.href ? 'page' : undefined}>
              {m.key === 'overview' ? t.centre : memberLabel(m.key)}
            </Link>
          ))}
          <hr />
          <button type="button" role="menuitem" onClick={() => logout(brand.brandId)}>
            {t.logout}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The label of a member-menu entry by its key in the host's navigation. */
export function memberLabel(key: string): string {
  return (t.nav as Record<string, string>)[key] ?? key;
}
