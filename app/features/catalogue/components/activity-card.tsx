// A course in an activity list: picture, name, store and category, the next
// dates, teachers and price range.
import { css } from '@emotion/css';
import { useEffect, useId, useRef, useState } from 'react';
import type { Activity, Schedule } from '../../../contract/props';
import { errorText } from '../../../lib/api';
import { linkButton } from '../../../ui/button';
import { moreSchedules, morePage } from '../api';
import { usePage, brandPath, kept } from '../../../lib/page-context';
import { Link } from '../../../lib/navigation';
import { sessionPath } from '../../../lib/links';
import { priceRange } from '../../../lib/format';
import { dateWithWeekday } from '../../../ui/date';
import { Picture } from '../../../ui/picture';
import { catalogue as t } from '../../../strings/zh-hant';
import { colour, radius, shadow, pills, nowrap } from '../../../ui/theme';

const card = css`
  display: flex;
  flex-direction: column;
  border-radius: ${radius};
  background: ${colour.surface};
  box-shadow: ${shadow};
  border: 1px solid ${colour.line};
  overflow: hidden;
  text-decoration: none;
  transition: border-color .15s ease, transform .15s ease;
  &:hover { border-color: var(--brand); transform: translateY(-1px); }
  img { width: 100%; height: auto; aspect-ratio: 16 / 9; object-fit: cover; background: ${colour.page}; }
`;
const body = css`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 12px 14px 14px;
  flex: 1;
  h3 { font-size: 16px; line-height: 1.4; }
`;
const only = css`color: #9a5b00; background: #fff4e0 !important;`;
const dates = css`
  font-size: 13px;
  color: ${colour.text};
`;
const foot = css`
  margin-top: auto;
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: 8px;
  font-size: 13px;
  color: ${colour.muted};
  strong { font-size: 16px; color: var(--brand); white-space: nowrap; }
`;

/** How many of an activity's dates a card shows (the host's data.CardSchedules: a page's props carry no more). */
const shownDates = 3;

/**
 * The next dates of an activity, shown joined by ・: '11/23（週一）12:15',
 * '11/26（週四）12:15', '更多時段' (a card whose list was cut,
 * moreSchedules, shows a 「更多時段」 button instead).
 */
export function nextDates(a: Activity): string[] {
  if (a.scheduleList.length === 0) return [t.noDates];
  const out = a.scheduleList.slice(0, shownDates).map(dateOf);
  return a.scheduleList.length > shownDates && !a.moreSchedules ? [...out, t.moreDates] : out;
}

function dateOf(s: Schedule): string {
  return dateWithWeekday(s.scheduleDate, s.weekday) + s.startTime;
}

const withMore = css`
  display: flex;
  flex-direction: column;
  gap: 6px;
  & > a { flex: 1; }
  & > button { align-self: flex-start; min-height: 32px; padding: 0 4px; }
`;
const moreList = css`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  padding: 0;
  font-size: 13px;
  a {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 36px;
    padding: 4px 10px;
    border-radius: 8px;
    border: 1px solid ${colour.line};
    background: ${colour.surface};
    color: ${colour.text};
    text-decoration: none;
    white-space: nowrap;
  }
  a:hover { border-color: var(--brand); }
  small { font-size: 12px; color: ${colour.muted}; }
  a[data-full] small { color: ${colour.danger}; font-weight: 600; }
`;

/**
 * 「更多時段」 of a card whose props carry only its first dates: fetches the
 * rest a page at a time and lists them after the card, each with its seats
 * and a link to the course page with that session chosen in its booking
 * panel; the count loaded is announced, and the button stays for the next
 * page while there is one (then focus moves to the list).
 */
function MoreDates({ a }: { a: Activity }) {
  const page = usePage();
  const [list, setList] = useState<Schedule[]>([]);
  const [left, setLeft] = useState(true);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  // the button goes once all are shown: focus moves to the list it filled
  useEffect(() => {
    if (!left) listRef.current?.focus();
  }, [left]);
  const more = () => {
    setBusy(true);
    moreSchedules(page.brand!.brandId, a.courseId, Math.floor(list.length / morePage) + 1).then(
      (p) => {
        const next = list.concat(p.list);
        setList(next);
        setLeft(next.length < p.total);
        setStatus(p.list.length ? t.moreLoaded(p.list.length) : t.noMoreDates);
        setBusy(false);
      },
      (e: unknown) => {
        setStatus(errorText(e));
        setBusy(false);
      },
    );
  };
  return (
    <>
      {list.length ? (
        <ul id={id} ref={listRef} tabIndex={-1} className={moreList} aria-label={t.moreDatesOf(a.courseName)} data-testid="more-dates">
          {list.map((s) => (
            <li key={s.scheduleId} className={nowrap}>
              <Link href={brandPath(page, sessionPath({ storeId: a.storeId, courseId: a.courseId, scheduleId: s.scheduleId }))} data-testid="more-date" data-schedule-id={s.scheduleId} data-full={s.full ? true : undefined}>
                {dateOf(s)}
                <small>{s.full ? t.full : s.remaining === null ? t.open : t.remaining(s.remaining)}</small>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {left ? (
        <button type="button" className={linkButton} onClick={more} disabled={busy} aria-controls={list.length ? id : undefined} aria-label={t.moreDatesOf(a.courseName)}>
          {t.moreDates}
        </button>
      ) : null}
      <p role="status" className="visually-hidden">
        {status}
      </p>
    </>
  );
}

// Few elements and one text node each: a card renders 30 times a page in goja.
/** Cards in the first row of the widest grid (cardGrid): their images load eagerly. */
export const firstRow = 3;

/** A card, kept by the server once rendered (lib/page-context's kept): it depends on its props alone. */
export const ActivityCard = kept('ActivityCard', function ActivityCard({ a, eager }: { a: Activity; eager?: boolean }) {
  const link = <CardLink a={a} eager={eager} />;
  return a.moreSchedules ? (
    <div className={withMore}>
      {link}
      <MoreDates a={a} />
    </div>
  ) : (
    link
  );
});

function CardLink({ a, eager }: { a: Activity; eager?: boolean }) {
  const page = usePage();
  return (
    <Link className={card} href={brandPath(page, `/activity/${a.storeId}/${a.courseId}`)} data-testid="activity-card">
      {a.image ? <Picture src={a.image} alt="" width={400} height={225} sizes="(min-width: 900px) 262px, (min-width: 600px) 50vw, 100vw" eager={eager} /> : null}
      <div className={body}>
        <h3>{a.courseName}</h3>
        <p className={pills}>
          <span>{a.storeShortName}</span>
          {a.categoryName ? <span>{a.categoryName}</span> : null}
          {a.ticketOnly ? <span className={only}>{t.ticketOnly}</span> : null}
        </p>
        <p className={dates}>
          {nextDates(a).map((d, i, all) => (
            <span key={i} className={nowrap}>
              {d}
              {i < all.length - 1 ? '・' : ''}
            </span>
          ))}
        </p>
        <p className={foot}>
          <span>{a.teacherList.map((x) => x.name).join('、')}</span>
          <strong>{priceRange(a.minPrice, a.maxPrice)}</strong>
        </p>
      </div>
    </Link>
  );
}

/** The grid activity cards sit in (the item cards' grid). */
export { itemGrid as cardGrid } from './item-card';
