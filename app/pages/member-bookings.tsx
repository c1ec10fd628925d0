// My bookings (/{brandId}/user/booking): upcoming first (cancel, check in,
// add to calendar), the waiting lists the member is on (position, leave),
// the check-in QR code (module QR_CHECK_IN), the cancelled bookings (a
// class still to come is no past booking), then past bookings and a link
// to the full booking records; above them, when late cancels and no-shows
// suspend the member's online booking, why and until when.
import type { ReactNode } from 'react';
import { css } from '@emotion/css';
import type { MemberBookingsData, WaitingEntry } from '../contract/props';
import { usePage, brandPath } from '../lib/page-context';
import { HomeLink, Link } from '../lib/navigation';
import { useUi } from '../lib/ui-state';
import { useRefresh, useSubmit } from '../lib/use-submit';
import { MemberLayout } from '../features/members/components/member-layout';
import { BookingCard } from '../features/booking/components/booking-card';
import { waitingLeave } from '../features/booking/api';
import { bookingWhen, splitBookings } from '../features/booking/rules';
import { badge, card, cardList } from '../ui/card';
import { FormError, row } from '../ui/form-fields';
import { sectionTitle } from '../ui/section-title';
import { EmptyState } from '../ui/empty-state';
import { linkButton, primaryButton, secondaryButton, smallButton } from '../ui/button';
import { account } from '../strings/zh-hant';
import { member as t } from '../strings/zh-hant-members';
import { bookings as tb } from '../strings/zh-hant-booking';

const top = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  justify-content: space-between;
  align-items: center;
  margin-bottom: 16px;
`;

const notice = css`
  margin: 0 0 16px;
  padding: 12px 14px;
  border-radius: 8px;
  border: 1px solid currentColor;
  line-height: 1.6;
`;

function WaitingCard({ w }: { w: WaitingEntry }) {
  const page = usePage();
  const ui = useUi();
  const refresh = useRefresh();
  const { busy, error, run } = useSubmit();
  const leave = () =>
    run(async () => {
      await waitingLeave(page.brand!.brandId, w.scheduleId);
      ui.notify(tb.leftWaiting);
      refresh();
    });
  return (
    <article className={card} data-testid="waiting" data-schedule-id={w.scheduleId}>
      <span className={badge} data-testid="waiting-position">
        {tb.waitingPosition(w.position)}
      </span>
      <h3>{w.courseName}</h3>
      <p>{bookingWhen(w)}</p>
      <p>{w.storeName}</p>
      <FormError>{error}</FormError>
      <div className={row} style={{ justifyContent: 'flex-start', marginTop: 6 }}>
        <button type="button" className={`${secondaryButton} ${smallButton}`} disabled={busy} onClick={leave}>
          {tb.leaveWaiting}
        </button>
      </div>
    </article>
  );
}

/** A titled list of cards, left out when empty. */
function Section({ title, children, testId }: { title: string; children: ReactNode[]; testId: string }) {
  if (!children.length) return null;
  return (
    <section data-testid={testId}>
      <h3 className={sectionTitle}>{title}</h3>
      <div className={cardList}>{children}</div>
    </section>
  );
}

export default function MemberBookings({ data }: { data: MemberBookingsData }) {
  const page = usePage();
  const ui = useUi();
  // the page is rendered per request for this member: the server's clock
  // and the browser's agree closely enough on what has ended
  const { upcoming, cancelled, past } = splitBookings(data.bookings, Date.now());
  const waiting = data.waiting.filter((w) => w.status === 'waiting');
  const records = brandPath(page, '/bookingRecord/bookingRecordList');
  return (
    <MemberLayout title={account.nav.booking}>
      <div className={top}>
        {data.checkIn ? (
          <button type="button" className={`${primaryButton} ${smallButton}`} aria-haspopup="dialog" onClick={() => ui.open('checkInQr', { initial: data.checkIn })} data-testid="check-in-qr">
            {tb.qr}
          </button>
        ) : null}
        <Link className={linkButton} href={records}>
          {tb.records}
        </Link>
      </div>
      {data.suspension.suspended ? (
        <p className={notice} role="status" data-testid="booking-suspension">
          {data.suspension.message}
        </p>
      ) : null}
      {data.bookings.length === 0 && waiting.length === 0 ? <EmptyState title={t.booking.empty} hint={t.booking.emptyHint} action={<HomeLink>{t.shop}</HomeLink>} /> : null}
      <Section title={tb.upcoming} testId="bookings-upcoming">
        {upcoming.map((b) => (
          <BookingCard key={b.id} b={b} />
        ))}
      </Section>
      <Section title={tb.waitingList} testId="bookings-waiting">
        {waiting.map((w) => (
          <WaitingCard key={w.id} w={w} />
        ))}
      </Section>
      <Section title={tb.cancelledList} testId="bookings-cancelled">
        {cancelled.map((b) => (
          <BookingCard key={b.id} b={b} actions={false} />
        ))}
      </Section>
      <Section title={tb.past} testId="bookings-past">
        {past.map((b) => (
          <BookingCard key={b.id} b={b} actions={false} />
        ))}
      </Section>
    </MemberLayout>
  );
}
