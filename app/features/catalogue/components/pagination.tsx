// Pagination links: previous, the pages around the current one, next.
// href(n) builds page n's link.
import { css } from '@emotion/css';
import { Link } from '../../../lib/navigation';
import { pagination as t } from '../../../strings/zh-hant-catalogue';
import { colour } from '../../../ui/theme';

const nav = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 6px;
  margin: 24px 0 8px;
  a, span {
    min-width: 40px;
    height: 40px;
    padding: 0 12px;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    border-radius: 10px;
    border: 1px solid ${colour.line};
    background: ${colour.surface};
    text-decoration: none;
    font-size: 14px;
  }
  [aria-current='page'] { background: var(--brand); border-color: var(--brand); color: var(--brand-on); font-weight: 700; }
  span { color: ${colour.faint}; }
`;

export function Pagination({ page, pages, href }: { page: number; pages: number; href: (n: number) => string }) {
  if (pages <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const to = Math.min(pages, from + 4);
  const nums: number[] = [];
  for (let n = from; n <= to; n++) nums.push(n);
  return (
    <nav className={nav} aria-label={t.label} data-testid="pagination">
      {page > 1 ? <Link href={href(page - 1)} rel="prev">{t.prev}</Link> : <span aria-hidden="true">{t.prev}</span>}
      {nums.map((n) => (
        <Link key={n} href={href(n)} aria-label={t.page(n)} aria-current={n === page ? 'page' : undefined}>
          {n}
        </Link>
      ))}
      {page < pages ? <Link href={href(page + 1)} rel="next">{t.next}</Link> : <span aria-hidden="true">{t.next}</span>}
    </nav>
  );
}
