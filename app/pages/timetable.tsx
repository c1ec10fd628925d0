// Timetable (/{brandId}/timetable): every session of the brand on a day
// (today, tomorrow, the rest of the week), by store and course type, each
// a tap from its booking panel. Not cached: it shows the seats left.
import { usePage, brandPath } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { Crumbs } from '../features/catalogue/components/crumbs';
import { TimetableView } from '../features/timetable/components/timetable-view';
import { heading } from '../ui/section-title';
import { breadcrumbs } from '../lib/json-ld';
import { timetable as t } from '../strings/zh-hant-timetable';
import type { TimetableData } from '../contract/props';

export default function Timetable({ data }: { data: TimetableData }) {
  const page = usePage();
  const brandName = page.brand!.settings.brandName;
  return (
    <>
      <PageHead title={t.title(brandName)} description={t.description(brandName)} path={brandPath(page, '/timetable')} jsonLd={[breadcrumbs(page, [[t.heading, '/timetable']])]} />
      <Crumbs trail={[[t.heading, '/timetable']]} />
      <h2 className={heading}>{t.heading}</h2>
      {/* key: a navigation to another view of the page starts from what the host answered */}
      <TimetableView key={page.url} data={data} />
    </>
  );
}
