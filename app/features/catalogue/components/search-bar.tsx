// The keyword search bar: a GET form to the search results that navigates
// on the client once hydrated. children: more fields (the filter bar).
import type { ReactNode } from 'react';
import { css } from '@emotion/css';
import { usePage, brandPath } from '../../../lib/page-context';
import { useNavigate } from '../../../lib/navigation';
import { search as t } from '../../../strings/zh-hant';
import { colour } from '../../../ui/theme';

const form = css`
  display: flex;
  gap: 8px;
  input[type='search'] {
    flex: 1;
    min-width: 0;
    height: 44px;
    padding: 0 14px;
    border-radius: 10px;
    border: 1px solid ${colour.line};
    font: inherit;
    font-size: 15px;
    background: ${colour.surface};
  }
  button { height: 44px; padding: 0 18px; border: 0; border-radius: 10px; background: var(--brand); color: var(--brand-on); font-weight: 700; cursor: pointer; }
`;

/** The query string of a form's filled fields. */
export function formQuery(f: HTMLFormElement): string {
  const q = new URLSearchParams();
  new FormData(f).forEach((v, k) => {
    if (typeof v === 'string' && v.trim() !== '') q.set(k, v.trim());
  });
  return q.toString();
}

export function SearchBar({ keyword = '', children, className }: { keyword?: string; children?: ReactNode; className?: string }) {
  const page = usePage();
  const navigate = useNavigate();
  const action = brandPath(page, '/search/result');
  return (
    <form
      role="search"
      action={action}
      method="get"
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        const q = formQuery(e.currentTarget);
        navigate(action + (q ? '?' + q : ''));
      }}
    >
      <div className={form}>
        <input type="search" name="keyword" defaultValue={keyword} placeholder={t.keywordPlaceholder} aria-label={t.keyword} maxLength={50} />
        <button type="submit">{t.submit}</button>
      </div>
      {children}
    </form>
  );
}
