// Search results (/{brandId}/search/result): the search bar with its filter
// bar (keyword, dates, store, teacher, category; each filter applies as it
// changes, the keyword with 搜尋), the matching courses, pagination. Kept
// out of search indexes (it repeats the catalogue).
import { useId, useState, type ChangeEvent } from 'react';
import { css } from '@emotion/css';
import type { SearchFilter, SearchData } from '../contract/props';
import { usePage, brandPath } from '../lib/page-context';
import { Link, useNavigate } from '../lib/navigation';
import { PageHead } from '../lib/page-head';
import { ActivityGrid } from '../features/catalogue/components/activity-grid';
import { Pagination } from '../features/catalogue/components/pagination';
import { SearchBar, formQuery } from '../features/catalogue/components/search-bar';
import { Crumbs } from '../features/catalogue/components/crumbs';
import { heading } from '../ui/section-title';
import { EmptyState } from '../ui/empty-state';
import { breadcrumbs } from '../lib/json-ld';
import { queryString } from '../lib/query';
import { search as t } from '../strings/zh-hant';
import { mobileBreakpoint, up } from '../ui/theme';
import { secondaryButton } from '../ui/button';
import { filterBar, listMeta } from '../ui/form-fields';


const filters = css`
  margin: 12px 0 0;
  ${up(750)} { grid-template-columns: repeat(5, 1fr); }
`;
/** Phones: the filters fold behind a button. */
const folded = css`
  @media (max-width: ${mobileBreakpoint - 1}px) { display: none; }
`;
const toggle = css`
  margin-top: 10px;
  min-height: 40px;
  font-size: 14px;
  ${up(600)} { display: none; }
`;

/** The query of a search with page n. */
function pageHref(base: string, f: SearchFilter, n: number): string {
  return (
    base +
    queryString([
      ['keyword', f.keyword],
      ['startDate', f.startDate],
      ['endDate', f.endDate],
      ['storeId', f.storeId],
      ['teacherId', f.teacherId],
      ['categoryId', f.categoryId],
      ['pageNumber', n > 1 ? n : 0],
    ])
  );
}

/** A date input's value that is none or a whole date of this era. */
const typedDate = /^(|2\d{3}-\d{2}-\d{2})$/;

/** A filter's field: shows value, and applies a change at once (onChange). */
type FieldProps = { name: keyof SearchFilter; label: string; value: string | number; onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void };

function Select({ name, label, value, onChange, options }: FieldProps & { options: [number, string][] }) {
  return (
    <label>
      {label}
      <select name={name} value={value ? String(value) : ''} onChange={onChange}>
        <option value="">{t.all}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function SearchResult({ data }: { data: SearchData }) {
  const page = usePage();
  const filtersId = useId();
  // how many filters are set: the folded bar says so
  const set = [data.filter.startDate, data.filter.endDate, data.filter.storeId, data.filter.teacherId, data.filter.categoryId].filter(Boolean).length;
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  // the filters as shown: what the host answered, and a change at once (it applies as it changes)
  const [shown, setShown] = useState(data.filter);
  const [answered, setAnswered] = useState(data.filter);
  if (answered !== data.filter) {
    setAnswered(data.filter);
    setShown(data.filter);
  }
  const f = data.filter;
  const c = data.condition;
  const base = brandPath(page, '/search/result');
  const r = data.result;
  const pages = Math.ceil(r.total / r.pageSize);
  // a filter applies as it changes: the address replaced, this page kept in view (the keyword waits for 搜尋)
  const change = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { name, value, form } = e.currentTarget;
    setShown({ ...shown, [name]: name.endsWith('Id') ? Number(value) : value });
    // a date typed digit by digit is a whole date only at its last (0002-, 0020-, 0202-, 2026-12-03)
    if (form && !(e.currentTarget.type === 'date' && !typedDate.test(value))) void navigate(base + (formQuery(form) ? '?' + formQuery(form) : ''), { replace: true, keepScroll: true });
  };
  return (
    <>
      <PageHead
        title={(f.keyword ? `「${f.keyword}」` : '') + t.title(page.brand!.settings.brandName)}
        description={t.description(page.brand!.settings.brandName)}
        path={base}
        noindex
        jsonLd={[breadcrumbs(page, [[t.heading, '/search/result']])]}
      />
      <Crumbs trail={[[t.heading, '/search/result']]} />
      <h2 className={heading}>{t.heading}</h2>
      {/* key: a new keyword resets the search bar to what the host answered */}
      <SearchBar key={f.keyword} keyword={f.keyword}>
        <button type="button" className={`${secondaryButton} ${toggle}`} aria-expanded={open} aria-controls={filtersId} onClick={() => setOpen(!open)} data-testid="filter-toggle">
          {t.filterToggle(set)}
        </button>
        <fieldset className={open ? `${filterBar} ${filters}` : `${filterBar} ${filters} ${folded}`} id={filtersId}>
          <legend className="visually-hidden">{t.filters}</legend>
          <label>
            {t.startDate}
            <input type="date" name="startDate" value={shown.startDate} onChange={change} />
          </label>
          <label>
            {t.endDate}
            <input type="date" name="endDate" value={shown.endDate} onChange={change} />
          </label>
          <Select name="storeId" label={t.store} value={shown.storeId} onChange={change} options={c.storeList.map((s) => [s.storeId, s.storeShortName])} />
          <Select name="teacherId" label={t.teacher} value={shown.teacherId} onChange={change} options={c.teacherList.map((x) => [x.teacherId, x.name])} />
          <Select name="categoryId" label={t.category} value={shown.categoryId} onChange={change} options={c.categoryList.map((x) => [x.categoryId, x.name])} />
        </fieldset>
      </SearchBar>
      <div className={listMeta}>
        <span role="status" data-testid="search-count">
          {t.count(r.total)}
        </span>
        {page.url !== base ? <Link href={base}>{t.reset}</Link> : null}
      </div>
      {r.list.length === 0 ? <EmptyState title={t.empty} /> : null}
      <ActivityGrid list={r.list} />
      <Pagination page={f.pageNumber} pages={pages} href={(n) => pageHref(base, f, n)} />
    </>
  );
}
