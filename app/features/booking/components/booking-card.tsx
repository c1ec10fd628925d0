// One booking as the member centre and the booking records show it: status,
// course, time, store and coach, what paid, and what the member may do now
// (cancel, check in, add to a calendar), each opening its dialog.
import type { BookingItem } from '../../../contract/props';
import { useUi } from '../../../lib/ui-state';
import { badge, badgeMuted, card } from '../../../ui/card';
import { chipButton, linkButton, secondaryButton, smallButton } from '../../../ui/button';
import { brandPath, usePage } from '../../../lib/page-context';
import { Link, navHref } from '../../../lib/navigation';
import { row } from '../../../ui/form-fields';
import { bookingCalendar, bookingWhen } from '../rules';
import { bookings as t, panel } from '../../../strings/zh-hant-booking';
import { member } from '../../../strings/zh-hant-members';
import { keepWords } from '../../../ui/theme';

const action = `${secondaryButton} ${smallButton}`;

/** Opens the add-to-calendar dialog with the booking's .ics and Google Calendar link. */
export function CalendarChip({ b }: { b: BookingItem }) {
  const ui = useUi();
  return (
    <button type="button" className={chipButton} aria-haspopup="dialog" onClick={() => ui.open('calendar', bookingCalendar(b))} data-testid="booking-calendar">
      {panel.addToCalendar}
    </button>
  );
}

/** Bookings just made, each with its calendar chip, and the way to the member's bookings. */
export function JustBooked({ booked }: { booked: BookingItem[] }) {
  const page = usePage();
  return (
    <>
      <ul>
        {booked.map((b) => (
          <li key={b.id} data-booking-id={b.id}>
            <span>
              {b.courseName}・{bookingWhen(b)}
            </span>
            <CalendarChip b={b} />
          </li>
        ))}
      </ul>
      <Link className={linkButton} href={navHref(page.nav, 'booking') ?? brandPath(page, '/user/booking')}>
        {panel.myBookings}
      </Link>
    </>
  );
}

/** The id of a booking's card: what takes focus once an action on it is done. */
export function bookingCardId(bookingId: number): string {
  return 'booking-' + bookingId;
}

export function BookingCard({ b, actions = true }: { b: BookingItem; actions?: boolean }) {
  const ui = useUi();
  const live = b.status === 'booked';
  const status = b.checkedInAt ? t.checkedIn : b.noShow ? t.noShow : b.forfeited ? t.lateCancelled : t.status[b.status];
  return (
    <article className={card} id={bookingCardId(b.id)} tabIndex={-1} data-testid="booking" data-booking-id={b.id} data-status={b.status}>
      <span className={live ? badge : `${badge} ${badgeMuted}`}>{status}</span>
      <h3 className={keepWords}>{b.courseName}</h3>
      <p>{bookingWhen(b)}</p>
      <p>
        {b.storeName}
        {b.coachName ? '・' + member.booking.coach(b.coachName) : ''}
      </p>
      {b.payName ? <p>{t.paidWith(b.payName)}</p> : null}
      {b.forfeited ? <p data-testid="booking-forfeited">{t.forfeited}</p> : null}
      {actions && (live || b.calendarUrl) ? (
        <div className={row} style={{ justifyContent: 'flex-start', marginTop: 6 }}>
          {b.canCheckIn ? (
            <button type="button" className={action} aria-haspopup="dialog" onClick={() => ui.open('checkIn', { booking: b })} data-testid="check-in">
              {t.checkIn}
            </button>
          ) : null}
          {live && !b.checkedInAt ? (
            <button type="button" className={action} aria-haspopup="dialog" onClick={() => ui.open('cancelBooking', { booking: b })} data-testid="cancel-booking">
              {t.cancel}
            </button>
          ) : null}
          {live && b.calendarUrl ? <CalendarChip b={b} /> : null}
        </div>
      ) : null}
    </article>
  );
}
