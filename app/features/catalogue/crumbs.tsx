// The visible breadcrumb trail; its JSON-LD twin is lib/json-ld breadcrumbs.
import { css } from '@emotion/css';
import { usePage, brandPath } from '../../lib/page-context';
import { Link } from '../../lib/navigation';
import { hasModule, Module } from '../../lib/modules';
import { common, catalogue as t } from '../../strings/zh-hant';
import { colour } from '../../ui/theme';

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
  return (
    <nav className={nav} aria-label={t.breadcrumb}>
      <ol>
        {hasModule(page.brand?.settings.additionalModules, Module.WebShop) ? (
          <li>
            <Link href={brandPath(page, '')}>{common.home}</Link>
          </li>
        ) : null}
        {trail.map(([label, p], i) => (
          <li key={p}>{i === trail.length - 1 ? <span aria-current="page">{label}</span> : <Link href={brandPath(page, p)}>{label}</Link>}</li>
        ))}
      </ol>
    </nav>
  );
}
