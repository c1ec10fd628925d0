// Brand home (/{brandId}): the brand, its banners, the promoted and coming
// activities with a search bar (unless type=plan), and the on-shelf items
// in projectType tabs 0-3. Switching tabs keeps the scroll position (see
// keepsScroll); the server renders the chosen tab.
import type { FocusEvent } from 'react';
import { css } from '@emotion/css';
import type { Activity, Banner, Item, ItemType, BrandHomeData } from '../contract/props';
import { usePage, brandPath, kept } from '../lib/page-context';
import { Link, navHref } from '../lib/navigation';
import { PageHead } from '../lib/page-head';
import { ItemCard, itemGrid as grid } from '../features/catalogue/components/item-card';
import { ActivityCard, cardGrid, firstRow } from '../features/catalogue/components/activity-card';
import { SearchBar } from '../features/catalogue/components/search-bar';
import { StoreButton } from '../features/catalogue/components/dialog-buttons';
import { Picture } from '../ui/picture';
import { noteImage } from '../ui/images';
import { brandGraph } from '../lib/json-ld';
import { queryString } from '../lib/query';
import { home as t, items as ti, catalogue as tc } from '../strings/zh-hant';
import { colour, radius, up } from '../ui/theme';
import { chipButton } from '../ui/button';
import { bannerHref, chosenTab, itemGroups, projectTypes, tabHref } from '../features/catalogue/rules';

const intro = css`
  display: flex;
  gap: 16px;
  align-items: center;
  margin-bottom: 20px;
  img { width: 64px; height: 64px; border-radius: 16px; background: #fff; object-fit: contain; border: 1px solid ${colour.line}; }
  h2 { font-size: 22px; line-height: 1.3; }
  p { color: ${colour.muted}; font-size: 14px; margin-top: 4px; }
`;
const stores = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: -8px 0 20px;
`;
const bannerRow = css`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: 88%;
  gap: 12px;
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  margin-bottom: 24px;
  padding-bottom: 4px;
  ${up(600)} { grid-auto-columns: calc(50% - 6px); }
  a { position: relative; scroll-snap-align: start; border-radius: ${radius}; overflow: hidden; text-decoration: none; }
  img { width: 100%; height: auto; aspect-ratio: 12 / 5; object-fit: cover; }
  span { position: absolute; left: 0; right: 0; bottom: 0; padding: 24px 14px 10px; color: #fff; font-weight: 700; font-size: 15px; background: linear-gradient(transparent, rgba(0, 0, 0, .55)); }
`;
const section = css`
  margin-bottom: 28px;
  h2 { font-size: 18px; margin-bottom: 12px; padding-left: 10px; border-left: 4px solid var(--brand); }
`;
const more = css`
  display: block;
  margin-top: 12px;
  text-align: center;
  padding: 10px;
  border-radius: 10px;
  background: ${colour.surface};
  border: 1px solid ${colour.line};
  text-decoration: none;
  font-weight: 600;
  color: var(--brand);
`;
/** A banner that gets focus scrolls whole into its row (a phone shows one at a time). */
const showWhole = (e: FocusEvent<HTMLElement>) => e.currentTarget.scrollIntoView({ block: 'nearest', inline: 'start' });
const searchGap = css`margin-bottom: 14px;`;
/** The section's heading with the timetable's link beside it. */
const headRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px 12px;
  margin-bottom: 12px;
  h2 { margin-bottom: 0 !important; }
  a { color: var(--brand); font-weight: 600; font-size: 15px; white-space: nowrap; }
`;
const tabs = css`
  display: flex;
  gap: 6px;
  overflow-x: auto;
  margin-bottom: 14px;
  a { flex: none; padding: 8px 14px; border-radius: 999px; text-decoration: none; font-size: 14px; background: ${colour.surface}; border: 1px solid ${colour.line}; }
  a[aria-current='page'] { background: var(--brand); border-color: var(--brand); color: var(--brand-on); font-weight: 700; }
`;
const empty = css`
  padding: 40px 16px;
  text-align: center;
  color: ${colour.muted};
`;

/**
 * The page's head tags with the brand as structured data, a once-part kept
 * by the server (lib/page-context's kept): the brand's graph is made only
 * when the page's props change, not on every render.
 */
const HomeHead = kept('HomeHead', function HomeHead({ path, image }: { path: string; image: string }) {
  const page = usePage();
  const brand = page.brand!;
  return (
    <PageHead
      title={t.title(brand.settings.brandName)}
      description={t.description(brand.settings.brandName, brand.home.description)}
      path={path}
      image={image}
      jsonLd={brandGraph(page)}
    />
  );
}, true);

/** The brand, its stores and banners: kept by the server (lib/page-context's kept). */
const HomeTop = kept('HomeTop', function HomeTop({ banners }: { banners: Banner[] }) {
  const page = usePage();
  const brand = page.brand!;
  const logo = brand.home.logo ? { src: brand.home.logo, alt: '', width: 64, height: 64 } : null;
  if (SERVER && logo) noteImage(logo); // an eager image: React preloads it
  return (
    <>
      <section className={intro}>
        {logo ? <img {...logo} /> : null}
        <div>
          <h2>{brand.settings.brandName}</h2>
          {brand.home.description ? <p>{brand.home.description}</p> : null}
        </div>
      </section>
      {brand.settings.storeInfoList.length > 0 ? (
        <div className={stores} role="group" aria-label={tc.storesHeading}>
          {brand.settings.storeInfoList.map((s) => (
            <StoreButton key={s.storeId} store={s} className={chipButton}>
              {s.storeShortName}
            </StoreButton>
          ))}
        </div>
      ) : null}
      {banners.length > 0 ? (
        <div className={bannerRow} role="group" aria-label={tc.banners}>
          {banners.map((b, i) => (
            <Link key={b.bannerId} href={bannerHref(page, b.link)} onFocus={showWhole} data-testid="home-banner">
              <Picture src={b.image} alt="" width={640} height={267} sizes="(min-width: 820px) 394px, (min-width: 600px) 50vw, 88vw" eager={i === 0} />
              <span>{b.title}</span>
            </Link>
          ))}
        </div>
      ) : null}
    </>
  );
}, true);

/** The promoted and coming activities with the search bar: kept by the server. */
const HomeActivities = kept('HomeActivities', function HomeActivities({ activities }: { activities: Activity[] }) {
  const page = usePage();
  const timetable = navHref(page.nav, 'timetable');
  return (
    <section className={section} aria-labelledby="home-activities">
      <div className={headRow}>
        <h2 id="home-activities">{tc.activitiesHeading}</h2>
        {timetable ? (
          <Link href={timetable} data-testid="home-timetable">
            {tc.timetable}
          </Link>
        ) : null}
      </div>
      <SearchBar className={searchGap} />
      <div className={cardGrid}>
        {activities.map((a, i) => (
          <ActivityCard key={a.courseId} a={a} eager={i < firstRow} />
        ))}
      </div>
      <Link className={more} href={brandPath(page, '/activitys')}>
        {tc.allActivities}
      </Link>
    </section>
  );
}, true);

/** The on-shelf items in their tabs, the chosen tab shown: kept by the server. */
const HomeItems = kept('HomeItems', function HomeItems({ groups, tab }: { groups: { type: ItemType; items: Item[] }[]; tab?: ItemType }) {
  const page = usePage();
  const shown = groups.find((g) => g.type === tab);
  return (
    <section className={section} aria-labelledby="home-items" id="items">
      <h2 id="home-items">{tc.itemsHeading}</h2>
      {groups.length > 1 ? (
        <nav className={tabs} aria-label={tc.projectTabs}>
          {groups.map((g) => (
            <Link key={g.type} aria-current={g.type === tab ? 'page' : undefined} href={tabHref(page, g.type)} data-testid="project-tab">
              {ti.typeTitles[g.type]}
            </Link>
          ))}
        </nav>
      ) : null}
      {shown ? (
        <div className={grid}>
          {shown.items.map((it) => (
            <ItemCard key={it.id} item={it} />
          ))}
        </div>
      ) : (
        <p className={empty}>{ti.empty}</p>
      )}
    </section>
  );
}, true);

export default function BrandHome({ data }: { data: BrandHomeData }) {
  const page = usePage();
  const brand = page.brand!;
  const groups = itemGroups(data.items);
  const banners = data.banners ?? [];
  const activities = data.activities ?? [];
  const tab = chosenTab(page.query, groups);
  // canonical: the plans view and a tab other than the first are pages of their own
  const canonicalQuery = queryString([
    ['type', page.query.type === 'plan' ? 'plan' : ''],
    ['projectType', tab && tab !== groups[0]?.type ? projectTypes.indexOf(tab) : 0],
  ]);
  return (
    <>
      <HomeHead path={(page.basePath || '/') + canonicalQuery} image={banners[0]?.image || brand.settings.appLogo} />
      <HomeTop banners={banners} />
      {activities.length > 0 ? <HomeActivities activities={activities} /> : null}
      <HomeItems groups={groups} tab={tab} />
    </>
  );
}
