// Activity list (/{brandId}/activitys): the normal and the term activities,
// loaded in parallel by the host and merged by the spec's rule, 30 a page.
import { usePage, brandPath, kept } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { ActivityGrid } from '../features/catalogue/components/activity-grid';
import { Pagination } from '../features/catalogue/components/pagination';
import { SearchBar } from '../features/catalogue/components/search-bar';
import { Crumbs } from '../features/catalogue/components/crumbs';
import { notice } from '../features/catalogue/components/page-parts';
import { heading } from '../ui/section-title';
import { EmptyState } from '../ui/empty-state';
import { breadcrumbs, itemList, absolute } from '../lib/json-ld';
import { catalogue as tc } from '../strings/zh-hant';
import { activityList as t } from '../strings/zh-hant-catalogue';
import { css } from '@emotion/css';
import type { ActivitiesData, PageProps } from '../contract/props';


const bar = css`margin-bottom: 16px;`;

export default function Activities({ data }: { data: ActivitiesData }) {
  const page = usePage();
  const href = (n: number) => activitiesPath(page, n);
  return (
    <>
      <ActivitiesHead data={data} />
      <ActivitiesTop />
      {data.failed ? <p className={notice} role="status">{tc.loadFailed}</p> : null}
      {data.loaded && data.list.length === 0 ? <EmptyState title={t.empty} /> : null}
      <ActivityGrid list={data.list} />
      <ActivitiesPagination page={data.pageNumber} pages={data.totalPages} href={href} />
    </>
  );
}

function activitiesPath(page: PageProps, n: number): string {
  return brandPath(page, '/activitys') + (n > 1 ? '?pageNumber=' + n : '');
}

/**
 * The page's head tags with its list as structured data, a once-part kept
 * by the server (lib/page-context's kept): the list is read only when the
 * page's props change (the cards' grid is kept too), not on every render.
 */
const ActivitiesHead = kept('ActivitiesHead', function ActivitiesHead({ data }: { data: ActivitiesData }) {
  const page = usePage();
  const brandName = page.brand!.settings.brandName;
  return (
    <PageHead
      title={t.title(brandName) + (data.pageNumber > 1 ? `（第 ${data.pageNumber} 頁）` : '')}
      description={t.description(brandName)}
      path={activitiesPath(page, data.pageNumber)}
      image={data.list[0]?.image}
      jsonLd={[
        breadcrumbs(page, [[t.heading, '/activitys']]),
        itemList(data.list.map((a) => [a.courseName, absolute(page, `/activity/${a.storeId}/${a.courseId}`)])),
      ]}
    />
  );
}, true);

/** The trail, the heading and the search bar, a once-part kept by the server: alike on every page of the list. */
const ActivitiesTop = kept('ActivitiesTop', function ActivitiesTop() {
  return (
    <>
      <Crumbs trail={[[t.heading, '/activitys']]} />
      <h2 className={heading}>{t.heading}</h2>
      <SearchBar className={bar} />
    </>
  );
}, true);

/** The page links, a once-part kept by the server. */
const ActivitiesPagination = kept('ActivitiesPagination', Pagination, true);
