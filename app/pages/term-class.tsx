// A term schedule's class (/{brandId}/termSchedule/{termScheduleId}/{scheduleId}):
// its slot, teacher, store, price, seats and every session date.
import { css } from '@emotion/css';
import { usePage, brandPath } from '../lib/page-context';
import { Link } from '../lib/navigation';
import { PageHead } from '../lib/page-head';
import { Picture } from '../ui/picture';
import { Crumbs } from '../features/catalogue/components/crumbs';
import { StoreButton, ShareButton } from '../features/catalogue/components/dialog-buttons';
import { buyBar, facts } from '../features/catalogue/components/page-parts';
import { heading, sectionTitle } from '../ui/section-title';
import { primaryButton, secondaryButton } from '../ui/button';
import { card } from '../ui/card';
import { breadcrumbs, absolute, homeUrl, storePlace } from '../lib/json-ld';
import { isoTaipei } from '../features/catalogue/json-ld-offers';
import { price } from '../lib/format';
import { dateWithWeekday, fullDate, timeRange } from '../ui/date';
import { classSlot, termCanonical, termPath } from '../features/term/rules';
import { ClassSlot } from '../features/term/components/class-slot';
import { term as t, course as tc } from '../strings/zh-hant-catalogue';
import { colour, keepWords } from '../ui/theme';
import type { TermScheduleData } from '../contract/props';
import { BookingPanel } from '../features/booking/components/booking-panel';
import { buysHere, hasModule, Module } from '../lib/modules';


const hero = css`width: 100%; height: auto; aspect-ratio: 21 / 9; object-fit: cover; border-radius: 14px; margin-bottom: 16px;`;
const sessions = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 6px;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  li { padding: 8px 10px; border-radius: 10px; background: ${colour.surface}; border: 1px solid ${colour.line}; font-size: 14px; display: flex; flex-direction: column; }
  span { color: ${colour.muted}; font-size: 13px; }
`;

export default function TermClassPage({ data }: { data: TermScheduleData }) {
  const page = usePage();
  const term = data.termSchedule;
  const c = term.scheduleList[0];
  const brand = page.brand!;
  const store = brand.settings.storeInfoList.find((s) => s.storeId === c.storeId);
  const path = `/termSchedule/${term.termScheduleId}/${c.scheduleId}`;
  const trail: [string, string][] = [
    [t.heading, '/termSchedule'],
    [c.name, path],
  ];
  const event = {
    '@context': 'https://schema.org',
    '@type': 'EventSeries',
    name: c.name,
    description: c.intro || term.intro.slice(0, 150),
    image: c.image ? page.origin + c.image : undefined,
    startDate: c.firstDate ? isoTaipei(c.firstDate, c.startTime) : undefined,
    endDate: c.lastDate ? isoTaipei(c.lastDate, c.endTime) : undefined,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: store ? storePlace(page, store) : undefined,
    organizer: { '@type': 'Organization', name: brand.settings.brandName, url: homeUrl(page) },
    performer: c.teacherName ? { '@type': 'Person', name: c.teacherName } : undefined,
    offers: {
      '@type': 'Offer',
      price: c.price,
      priceCurrency: 'TWD',
      availability: c.remaining > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url: absolute(page, path),
      priceValidUntil: c.lastDate ? isoTaipei(c.lastDate, c.startTime) : undefined,
    },
  };
  return (
    <>
      <PageHead
        title={t.classTitle(c.name, brand.settings.brandName)}
        description={`${c.name}：${classSlot(c)}，${price(c.price)}。${c.intro}`.slice(0, 150)}
        path={termCanonical(page, path)}
        image={c.image}
        jsonLd={[breadcrumbs(page, trail), event]}
      />
      <Crumbs trail={trail} />
      {c.image ? <Picture className={hero} src={c.image} alt={c.name} width={820} height={351} sizes="(min-width: 852px) 820px, calc(100vw - 32px)" eager /> : null}
      <h2 className={`${heading} ${keepWords}`}>{c.name}</h2>
      <dl className={`${card} ${facts}`}>
        <dt>{t.heading}</dt>
        <dd>
          {term.name}（{t.period(fullDate(term.startDate), fullDate(term.endDate))}）
        </dd>
        <dt>{t.slot}</dt>
        <dd>
          <ClassSlot c={c} />
        </dd>
        {c.teacherName ? (
          <>
            <dt>{tc.teacher}</dt>
            <dd>{c.teacherName}</dd>
          </>
        ) : null}
        <dt>{tc.store}</dt>
        <dd>{store ? <StoreButton store={store} /> : c.storeShortName}</dd>
        <dt>{t.seatsLabel}</dt>
        <dd>{t.seats(c.remaining)}</dd>
      </dl>
      {c.intro ? <p style={{ marginTop: 14 }}>{c.intro}</p> : null}
      <div className={buyBar}>
        <p>
          <strong>{price(c.price)}</strong>
        </p>
        <div>
          <Link className={secondaryButton} href={termPath(page, path + '/intro')}>
            {t.intro}
          </Link>
          <ShareButton className={secondaryButton} title={c.name}>
            {tc.share}
          </ShareButton>
          {buysHere(page) ? (
            <Link className={primaryButton} href={brandPath(page, `/termSchedule/checkout?termScheduleId=${term.termScheduleId}&scheduleId=${c.scheduleId}`)}>
              {t.enroll}
            </Link>
          ) : null}
        </div>
      </div>
      {hasModule(brand.settings.additionalModules, Module.BOOKING) && c.sessionList?.length ? <BookingPanel courseId={c.courseId} sessions={c.sessionList} /> : null}
      <h2 className={sectionTitle}>{t.sessionList}</h2>
      <ol className={sessions}>
        {(c.sessionList ?? []).map((s) => (
          <li key={s.scheduleId}>
            <b>{dateWithWeekday(s.scheduleDate, s.weekday)}</b>
            <span>{timeRange(s.startTime, s.endTime)}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
