// A course in an activity list: picture, name, store and category, the next
// dates, teachers and price range.
import { css } from '@emotion/css';
import type { Activity } from '../lib/props';
import { usePage, brandPath } from '../lib/page-context';
import { Link } from '../lib/navigation';
import { dateWithWeekday, priceRange } from '../lib/format';
import { Picture } from './picture';
import { catalogue as t } from '../strings/zh-hant';
import { colour, radius, shadow } from '../styles/theme';

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
const tags = css`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  font-size: 12px;
  color: ${colour.muted};
  span { padding: 1px 8px; border-radius: 999px; background: ${colour.page}; }
`;
const only = css`color: #9a5b00; background: #fff4e0 !important;`;
const dates = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 10px;
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

/** How many of an activity's dates a card shows. */
const shownDates = 3;

export function ActivityCard({ a, eager }: { a: Activity; eager?: boolean }) {
  const page = usePage();
  const more = a.scheduleList.length - shownDates;
  return (
    <Link className={card} href={brandPath(page, `/activity/${a.storeId}/${a.courseId}`)} data-testid="activity-card">
      {a.image ? <Picture src={a.image} alt="" width={400} height={225} sizes="(min-width: 900px) 262px, (min-width: 600px) 50vw, 100vw" eager={eager} /> : null}
      <div className={body}>
        <h3>{a.courseName}</h3>
        <div className={tags}>
          <span>{a.storeShortName}</span>
          {a.categoryName ? <span>{a.categoryName}</span> : null}
          {a.ticketOnly ? <span className={only}>{t.ticketOnly}</span> : null}
        </div>
        <div className={dates}>
          {a.scheduleList.length === 0 ? t.noDates : null}
          {a.scheduleList.slice(0, shownDates).map((s) => (
            <span key={s.scheduleId}>
              {dateWithWeekday(s.scheduleDate, s.weekday)} {s.startTime}
            </span>
          ))}
          {more > 0 ? <span>{t.moreDates(more)}</span> : null}
        </div>
        <div className={foot}>
          <span>{a.teacherList.map((x) => x.name).join('、')}</span>
          <strong>{priceRange(a.minPrice, a.maxPrice)}</strong>
        </div>
      </div>
    </Link>
  );
}

/** The grid activity cards sit in. */
export const cardGrid = css`
  display: grid;
  gap: 12px;
  grid-template-columns: 1fr;
  @media (min-width: 600px) { grid-template-columns: repeat(2, 1fr); }
  @media (min-width: 900px) { grid-template-columns: repeat(3, 1fr); }
`;
