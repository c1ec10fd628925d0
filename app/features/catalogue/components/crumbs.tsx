// The visible breadcrumb trail; its JSON-LD twin is lib/json-ld breadcrumbs.
import { css } from '@emotion/css';
import { usePage, brandPath } from '../../../lib/page-context';
import { Link, navHref } from '../../../lib/navigation';
import { common, catalogue as t } from '../../../strings/zh-hant';
import { colour } from '../../../ui/theme';

const nav = css`
  font-size: 13px;
  color: ${colour.muted};
  margin-bottom: 12px;
  ol { list-style: none; display: flex; flex-wrap: wrap; gap: 4px; margin: 0; padding: 0; }
  li + li::before { content: '›'; margin-right: 4px; color: ${colour.faint}; }
  a { text-decoration: none; }
  a:hover { color: var(--brand); }
`;

/** trail: [label, path under the brand] after brand home (when the brand has one); the last is the current page. */
export function Crumbs({ trail }: { trail: [string, string][] }) {
  const page = usePage();
  const home = navHref(page.nav, 'items');
  return (
    <nav className={nav} aria-label={t.breadcrumb}>
      <ol>
        {home ? (
          <li>
            <Link href={home}>{common.home}</Link>
          </li>
        ) : null}
        {trail.map(([label, p], i) => (
          <li key={p}>{i === trail.length - 1 ? <span aria-current="page">{label}</span> : <Link href={brandPath(page, p)}>{label}</Link>}</li>
        ))}
      </ol>
    </nav>
  );
}
