// Booking records (/{brandId}/bookingRecord/bookingRecordList): the
// member's whole booking history, filtered by status, date range and store
// (a GET form, navigated on the client), paged.
import { css } from '@emotion/css';
import type { BookingRecordsData } from '../contract/props';
import { usePage, brandPath } from '../lib/page-context';
import { Link, useNavigate } from '../lib/navigation';
import { MemberLayout } from '../features/members/components/member-layout';
import { BookingCard } from '../features/booking/components/booking-card';
import { recordsQuery } from '../features/booking/rules';
import { Pagination } from '../features/catalogue/components/pagination';
import { formQuery } from '../features/catalogue/components/search-bar';
import { cardList } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { secondaryButton } from '../ui/button';
import { filterBar, listMeta } from '../ui/form-fields';
import { up } from '../ui/theme';
import { records as t, bookings as tb } from '../strings/zh-hant-booking';

const filters = css`
  margin: 0 0 12px;
  ${up(750)} { grid-template-columns: repeat(4, 1fr) auto; align-items: end; }
  button { min-height: 40px; }
`;

const statuses = ['booked', 'attended', 'cancelled'] as const;

export default function BookingRecords({ data }: { data: BookingRecordsData }) {
  const page = usePage();
  const navigate = useNavigate();
  const base = brandPath(page, '/bookingRecord/bookingRecordList');
  const f = data.filter;
  const r = data.result;
  const pages = Math.ceil(r.total / Math.max(1, r.pageSize));
  return (
    <MemberLayout title={t.heading}>
      {/* key: a new query resets the fields to what the host answered */}
      <form
        key={page.url}
        action={base}
        method="get"
        aria-label={t.filters}
        onSubmit={(e) => {
          e.preventDefault();
          const q = formQuery(e.currentTarget);
          navigate(base + (q ? '?' + q : ''));
        }}
      >
        <fieldset className={`${filterBar} ${filters}`}>
          <legend className="visually-hidden">{t.filters}</legend>
          <label>
            {t.status}
            <select name="status" defaultValue={f.status}>
              <option value="">{t.all}</option>
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {tb.status[s]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t.from}
            <input type="date" name="startDate" defaultValue={f.startDate} />
          </label>
          <label>
            {t.to}
            <input type="date" name="endDate" defaultValue={f.endDate} />
          </label>
          <label>
            {t.store}
            <select name="storeId" defaultValue={f.storeId ? String(f.storeId) : ''}>
              <option value="">{t.all}</option>
              {data.stores.map((s) => (
                <option key={s.storeId} value={s.storeId}>
                  {s.storeShortName}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={secondaryButton}>
            {t.apply}
          </button>
        </fieldset>
      </form>
      <div className={listMeta} style={{ marginTop: 0 }}>
        <span role="status" data-testid="records-count">
          {t.count(r.total)}
        </span>
        {page.url !== base ? <Link href={base}>{t.reset}</Link> : null}
      </div>
      {r.list.length === 0 ? <EmptyState title={t.empty} /> : null}
      <div className={cardList}>
        {r.list.map((b) => (
          <BookingCard key={b.id} b={b} actions={false} />
        ))}
      </div>
      <Pagination page={r.pageNumber} pages={pages} href={(n) => base + recordsQuery(f, n)} />
    </MemberLayout>
  );
}
