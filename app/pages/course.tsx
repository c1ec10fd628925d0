// Course detail (/{brandId}/activity/{storeId?}/{courseId}): the course,
// its store (store info dialog), teachers, prices and coming schedules by
// date, each of which can be added to a calendar; share dialog; JSON-LD
// events with offers.
import type { MouseEvent } from 'react';
import { css } from '@emotion/css';
import type { CourseDetail, PageProps, Schedule } from '../contract/props';
import { usePage, brandPath } from '../lib/page-context';
import { Link } from '../lib/navigation';
import { PageHead } from '../lib/page-head';
import { Picture } from '../ui/picture';
import { Crumbs } from '../features/catalogue/components/crumbs';
import { StoreButton, ShareButton, CalendarButton } from '../features/catalogue/components/dialog-buttons';
import { buyBar, paragraphs, prose } from '../features/catalogue/components/page-parts';
import { heading, sectionTitle } from '../ui/section-title';
import { chipButton, primaryButton, secondaryButton } from '../ui/button';
import { BookingPanel } from '../features/booking/components/booking-panel';
import { byDate } from '../features/booking/rules';
import { buysHere, hasModule, Module } from '../lib/modules';
import { card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { breadcrumbs, absolute } from '../lib/json-ld';
import { courseEvents, scheduleAnchor } from '../features/catalogue/json-ld-offers';
import type { CalendarEvent } from '../lib/calendar';
import { priceRange, price } from '../lib/format';
import { dateWithWeekday, timeRange } from '../ui/date';
import { catalogue as tc } from '../strings/zh-hant';
import { course as t, activityList, term as tt } from '../strings/zh-hant-catalogue';
import { colour, nowrap, up } from '../ui/theme';

const hero = css`
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: 14px;
  margin-bottom: 16px;
  ${up(750)} { aspect-ratio: 21 / 9; }
`;
const tags = css`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-bottom: 12px;
  span { padding: 3px 10px; border-radius: 999px; background: ${colour.surface}; border: 1px solid ${colour.line}; font-size: 13px; }
`;
const teacher = css`
  display: flex;
  gap: 12px;
  & + & { margin-top: 10px; }
  b { font-size: 16px; }
  small { color: ${colour.muted}; margin-left: 6px; }
  p { font-size: 14px; color: ${colour.muted}; margin-top: 4px; }
`;
const avatar = css`
  flex: none;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  background: var(--brand-tint);
  color: var(--brand);
  font-weight: 700;
`;
const day = css`
  margin-bottom: 12px;
  h3 { font-size: 15px; margin-bottom: 6px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
`;
const row = css`
  display: grid;
  grid-template-columns: auto 1fr auto auto;
  align-items: center;
  gap: 10px;
  padding: 10px 12px;
  border-radius: 10px;
  background: ${colour.surface};
  border: 1px solid ${colour.line};
  font-size: 14px;
  time { font-weight: 700; }
`;
const seats = css`color: ${colour.muted}; white-space: nowrap;`;
const full = css`color: ${colour.danger}; font-weight: 600; white-space: nowrap;`;
const termLinks = css`
  list-style: none;
  padding: 0;
  margin: 8px 0 0;
  display: grid;
  gap: 6px;
  a { color: var(--brand); font-weight: 600; }
`;

/** 立即預約: the booking panel comes into view and takes the focus (without scripts, the link's own jump). */
function toPanel(e: MouseEvent<HTMLAnchorElement>) {
  const panel = document.getElementById('booking');
  if (!panel) return;
  e.preventDefault();
  panel.scrollIntoView({ block: 'start' });
  panel.focus({ preventScroll: true });
}

function calendarEvent(page: PageProps, host: string, d: CourseDetail, s: Schedule, url: string): CalendarEvent {
  return {
    uid: `${s.scheduleId}@${host}`,
    title: `${d.courseName}（${page.brand!.settings.brandName} ${d.storeShortName}）`,
    date: s.scheduleDate,
    start: s.startTime,
    end: s.endTime,
    location: `${d.store.storeName} ${d.store.address}`,
    description: s.teacherName ? `${t.teacher}：${s.teacherName}` : d.summary,
    url,
  };
}

export default function Course({ data: d }: { data: CourseDetail }) {
  const page = usePage();
  const brandName = page.brand!.settings.brandName;
  const path = `/activity/${d.storeId}/${d.courseId}`;
  const url = absolute(page, path);
  const host = page.origin.slice(page.origin.indexOf('//') + 2);
  const booking = hasModule(page.brand!.settings.additionalModules, Module.BOOKING);
  const trail: [string, string][] = [
    [activityList.heading, '/activitys'],
    [d.courseName, path],
  ];
  return (
    <>
      <PageHead
        title={t.title(d.courseName, d.storeShortName, brandName)}
        description={t.description(d.courseName, d.summary)}
        path={brandPath(page, path)}
        image={d.image}
        jsonLd={[breadcrumbs(page, trail), ...courseEvents(page, d, url)]}
      />
      <Crumbs trail={trail} />
      {d.image ? <Picture className={hero} src={d.image} alt={d.courseName} width={820} height={461} sizes="(min-width: 852px) 820px, calc(100vw - 32px)" eager /> : null}
      <h2 className={heading}>{d.courseName}</h2>
      <div className={tags}>
        <StoreButton store={d.store} className={chipButton}>{t.store}：{d.storeShortName}</StoreButton>
        {d.categoryName ? <span>{d.categoryName}</span> : null}
        {d.ticketOnly ? <span>{tc.ticketOnly}</span> : null}
      </div>
      <p>{d.summary}</p>
      <div className={buyBar}>
        <p>
          <span className="visually-hidden">{t.price}</span>
          <strong>{priceRange(d.minPrice, d.maxPrice)}</strong>
        </p>
        <div>
          <ShareButton className={secondaryButton} title={d.courseName}>
            {t.share}
          </ShareButton>
          {booking ? (
            <a className={primaryButton} href="#booking" onClick={toPanel} data-testid="book-now">
              {t.book}
            </a>
          ) : buysHere(page) ? (
            <Link className={primaryButton} href={brandPath(page, path + '/checkout')}>
              {t.book}
            </Link>
          ) : null}
        </div>
      </div>
      {booking ? <BookingPanel courseId={d.courseId} sessions={d.scheduleList} /> : null}

      <h2 className={sectionTitle}>{t.about}</h2>
      <div className={prose}>
        {paragraphs(d.description).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>

      {d.teachers.length > 0 ? (
        <>
          <h2 className={sectionTitle}>{t.teacher}</h2>
          <div className={card}>
            {d.teachers.map((x) => (
              <div key={x.teacherId} className={teacher}>
                <span className={avatar} aria-hidden="true">
                  {x.name.slice(0, 1)}
                </span>
                <div>
                  <b>{x.name}</b>
                  {x.title ? <small>{x.title}</small> : null}
                  {x.bio ? <p>{x.bio}</p> : null}
                </div>
              </div>
            ))}
          </div>
        </>
      ) : null}

      <h2 className={sectionTitle} id="schedules">
        {t.schedules}
      </h2>
      {d.scheduleList.length === 0 ? <EmptyState title={tc.noDates} /> : null}
      {byDate(d.scheduleList).map((list) => (
        <section key={list[0].scheduleDate} className={day} aria-label={dateWithWeekday(list[0].scheduleDate, list[0].weekday)}>
          <h3>{dateWithWeekday(list[0].scheduleDate, list[0].weekday)}</h3>
          <ul>
            {list.map((s) => (
              <li key={s.scheduleId} id={scheduleAnchor(s.scheduleId)} className={row} data-testid="schedule-row">
                <time dateTime={s.scheduleDate + 'T' + s.startTime}>{timeRange(s.startTime, s.endTime)}</time>
                <span>{s.teacherName}</span>
                <span className={s.full ? full : seats}>{s.full ? tc.full : s.remaining === null ? tc.open : tc.remaining(s.remaining)}</span>
                <CalendarButton className={chipButton} event={calendarEvent(page, host, d, s, url)} label={`${t.addToCalendar}：${dateWithWeekday(s.scheduleDate, s.weekday)} ${s.startTime}`}>
                  {t.addToCalendar}
                </CalendarButton>
              </li>
            ))}
          </ul>
        </section>
      ))}

      {d.termClasses.length > 0 ? (
        <>
          <h2 className={sectionTitle}>{t.termClasses}</h2>
          <p>{t.termClassesNote}</p>
          <ul className={termLinks}>
            {d.termClasses.map((c) => (
              <li key={c.scheduleId}>
                <Link href={brandPath(page, `/termSchedule/${c.termScheduleId}/${c.scheduleId}`)}>{c.name}</Link>
                {'　'}
                <span className={nowrap}>{price(c.price)}</span>・<span className={nowrap}>{tt.sessions(c.sessionCount)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
