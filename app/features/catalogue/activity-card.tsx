// A course in an activity list: picture, name, store and category, the next
// dates, teachers and price range.
import { css } from '@emotion/css';
import type { Activity } from '../../contract/props';
import { usePage, brandPath } from '../../lib/page-context';
import { Link } from '../../lib/navigation';
import { priceRange } from '../../lib/format';
import { dateWithWeekday } from '../../ui/date';
import { Picture } from '../../ui/picture';
import { catalogue as t } from '../../strings/zh-hant';
import { colour, radius, shadow, pills } from '../../ui/theme';

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

/** The next dates of an activity as one line: '11/23（週一）12:15・11/26（週四）12:15・更多時段'. */
export function nextDates(a: Activity): string {
  if (a.scheduleList.length === 0) return t.noDates;
  let out = '';
  for (let i = 0; i < a.scheduleList.length && i < shownDates; i++) {
    const s = a.scheduleList[i];
    out += (i > 0 ? '・' : '') + dateWithWeekday(s.scheduleDate, s.weekday) + s.startTime;
  }
  return a.scheduleList.length > shownDates || a.moreSchedules ? out + '・' + t.moreDates : out;
}

// Few elements and one text node each: a card renders 30 times a page in goja.
/** Cards in the first row of the widest grid (cardGrid): their images load eagerly. */
export const firstRow = 3;

export function ActivityCard({ a, eager }: { a: Activity; eager?: boolean }) {
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
        <p className={dates}>{nextDates(a)}</p>
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
