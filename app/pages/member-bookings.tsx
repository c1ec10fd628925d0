// My bookings (/{brandId}/user/booking): upcoming first, then past.
import type { Booking, MemberBookingsData } from '../contract/props';
import { usePage, brandPath } from '../lib/page-context';
import { Link } from '../lib/navigation';
import { taipeiDateTime, taipeiTime } from '../ui/date';
import { MemberLayout } from '../features/members/member-layout';
import { badge, badgeMuted, card, cardList } from '../ui/card';
import { sectionTitle } from '../ui/section-title';
import { EmptyState } from '../ui/empty-state';
import { account } from '../strings/zh-hant';
import { member as t } from '../strings/zh-hant-members';


function BookingCard({ b }: { b: Booking }) {
  return (
    <article className={card} data-testid="booking">
      <span className={b.status === 'booked' ? badge : `${badge} ${badgeMuted}`}>{t.booking.status[b.status]}</span>
      <h3>{b.courseName}</h3>
      <p>
        {taipeiDateTime(b.startsAt)} – {taipeiTime(b.endsAt)}
      </p>
      <p>
        {b.storeName}
        {b.coachName ? '・' + t.booking.coach(b.coachName) : ''}
      </p>
    </article>
  );
}

export default function MemberBookings({ data }: { data: MemberBookingsData }) {
  const page = usePage();
  const now = Date.now();
  const upcoming = data.bookings.filter((b) => Date.parse(b.endsAt) >= now && b.status === 'booked');
  const past = data.bookings.filter((b) => !upcoming.includes(b));
  return (
    <MemberLayout title={account.nav.booking}>
      {data.bookings.length === 0 ? <EmptyState title={t.booking.empty} hint={t.booking.emptyHint} action={<Link href={brandPath(page, '')}>{t.shop}</Link>} /> : null}
      {upcoming.length ? (
        <section>
          <h3 className={sectionTitle}>{t.booking.upcoming}</h3>
          <div className={cardList}>
            {upcoming.map((b) => (
              <BookingCard key={b.id} b={b} />
            ))}
          </div>
        </section>
      ) : null}
      {past.length ? (
        <section>
          <h3 className={sectionTitle}>{t.booking.past}</h3>
          <div className={cardList}>
            {past.map((b) => (
              <BookingCard key={b.id} b={b} />
            ))}
          </div>
        </section>
      ) : null}
    </MemberLayout>
  );
}
