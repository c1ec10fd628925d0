// Pure helpers of the booking screens: sessions by date, which session is
// picked first, what a session's seats line says, the selection with and
// without multi-booking, what an entitlement costs, and the records page's
// links. No I/O; the clock is passed in.
import type { BookingFilter, BookingItem, PaymentOption, Schedule, ScheduleSeat } from '../../contract/props';
import type { CalendarTarget } from '../../lib/calendar';
import { thousands } from '../../lib/format';
import { taipeiDateTime, taipeiTime } from '../../ui/date';
import { queryString } from '../../lib/query';
import { panel as t, units } from '../../strings/zh-hant-booking';

/** A session as the panel shows it: the catalogue's schedule, and its live state once loaded. */
export type Session = Schedule & { live?: ScheduleSeat };

/** Items grouped by scheduleDate, in the order given (the catalogue's: by date and time). */
export function byDate<T extends { scheduleDate: string }>(list: T[]): T[][] {
  const out: T[][] = [];
  for (const s of list) {
    const last = out[out.length - 1];
    if (last && last[0].scheduleDate === s.scheduleDate) last.push(s);
    else out.push([s]);
  }
  return out;
}

/**
 * The sessions of the catalogue (what the server rendered) with their live
 * state: live ones replace the stale seats; a session the live answer no
 * longer lists (past, cancelled) is dropped once live is known.
 */
export function withLive(sessions: Schedule[], live: ScheduleSeat[] | null): Session[] {
  if (!live) return sessions;
  const byId = new Map(live.map((s) => [s.scheduleId, s]));
  const out: Session[] = [];
  for (const s of sessions) {
    const l = byId.get(s.scheduleId);
    if (l) out.push({ ...s, remaining: l.seatsLeft, live: l });
  }
  return out;
}

/**
 * What the member can do with a session at now: book it, join its waiting
 * list (waiting: the brand has the list; only while booking is open), or
 * nothing (not loaded, already theirs, closed).
 */
export function actionable(s: Session, waiting: boolean, now: number): 'book' | 'wait' | 'none' {
  const l = s.live;
  if (!l || l.myBookingId || l.myWaitingPosition) return 'none';
  if (l.bookableNow) return 'book';
  const open = Date.parse(l.bookingOpensAt) <= now && now < Date.parse(l.bookingClosesAt);
  if (l.full && waiting && open) return 'wait';
  return 'none';
}

/** The date picked first: the first with a seat to book, else the first with a waiting list to join, else the first. */
export function firstDate(sessions: Session[], waiting: boolean, now: number): string {
  const first = (what: string) => sessions.find((s) => actionable(s, waiting, now) === what);
  return (first('book') ?? first('wait') ?? sessions[0])?.scheduleDate ?? '';
}

/**
 * What a session's seats line says (before the live state: nothing); a
 * full session whose waiting list is open (canWait) says so before it is
 * tapped.
 */
export function seatLine(s: Session, canWait = false): string {
  const l = s.live;
  if (!l) return '';
  if (l.myBookingStatus === 'attended' || l.myBookingId) return t.booked;
  if (l.myWaitingPosition) return t.waiting(l.myWaitingPosition);
  if (l.full) return canWait ? t.fullWait : t.full;
  if (!l.bookableNow) return t.closed;
  return l.seatsLeft === null ? t.bookable : t.seatsLeft(l.seatsLeft);
}

/** Whether every session of a day is full and none is the member's (its date chip says so). */
export function dayFull(day: Session[]): boolean {
  return day.length > 0 && day.every((s) => s.live?.full && !s.live.myBookingId);
}

/** Whether a booking of the session made at now could no longer be cancelled online (a private-coach class, or past its deadline where the course allows no late cancel). */
export function noOnlineCancel(l: ScheduleSeat, now: number): boolean {
  return l.privateCoach || (Date.parse(l.cancelDeadline) <= now && !l.lateCancel);
}

/**
 * The cancellation rule a booking of the session made at now keeps (the
 * server's rules.CancelRule): cancel online until its deadline (and, where
 * the course allows late cancels, until the start with the entitlement
 * forfeited), or not online at all (a private-coach class, past the
 * deadline); and, where the course counts no-shows, that it does.
 */
export function cancelLine(l: ScheduleSeat, now: number): string {
  return cancelRule(l, now) + (l.noShowCounted && !l.privateCoach ? t.noShowCounted : '');
}

function cancelRule(l: ScheduleSeat, now: number): string {
  if (l.privateCoach) return t.privateNoCancel;
  const past = Date.parse(l.cancelDeadline) <= now;
  if (l.lateCancel) return past ? t.lateCancelNow : t.lateCancelUntil(taipeiDateTime(l.cancelDeadline));
  if (past) return t.pastCancelDeadline;
  return t.cancelUntil(taipeiDateTime(l.cancelDeadline));
}

/**
 * The selection after clicking session id: with multi-booking a toggle
 * among the selected; without it that one session (clicking it again keeps
 * it).
 */
export function toggle(selected: number[], id: number, multi: boolean): number[] {
  if (!multi) return [id];
  return selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
}

/** An amount in an entitlement's unit: (2, 'visit') -> '2 次'. */
export function amount(n: number, unit: PaymentOption['unit']): string {
  switch (unit) {
    case 'visit':
      return units.count(n);
    case 'point':
      return units.point(thousands(n));
    case 'hour':
      return units.hour(thousands(n));
    case 'minute':
      return units.minute(thousands(n));
    default:
      return '';
  }
}

/**
 * What an option takes for n sessions and what it keeps: '扣抵 2 次・剩餘
 * 8 次'; a passcard takes nothing.
 */
export function costLine(o: PaymentOption, n: number): string {
  if (o.unit === 'none' || o.cost === 0) return t.costFree;
  return t.cost(amount(o.cost * n, o.unit)) + '・' + t.left(amount(Math.max(0, o.remain - o.cost * n), o.unit));
}

/**
 * The timing card short of minutes (spec section 2's timing-card-not-enough
 * dialog): when nothing can pay for n sessions and a timing card could but
 * for its minutes, what they need and what the card has; else null.
 */
export function timingShort(options: PaymentOption[], n: number): { need: number; remain: number } | null {
  if (options.some((o) => o.usable)) return null;
  const card = options.find((o) => o.kind === 'timing' && o.unit === 'minute' && o.cost > 0 && o.remain < o.cost * n);
  return card ? { need: card.cost * n, remain: card.remain } : null;
}

/** Two choices name the same holding. */
export function sameChoice(a: { kind: string; holdingId: number } | null | undefined, b: { kind: string; holdingId: number } | null | undefined): boolean {
  return !!a && !!b && a.kind === b.kind && a.holdingId === b.holdingId;
}

/**
 * A member's bookings in three groups: upcoming (not cancelled and not
 * ended: a checked-in class under way too), soonest first; cancelled (a
 * class still to come among them), soonest first; and past (ended, not
 * cancelled), in the list's order.
 */
export function splitBookings(list: BookingItem[], now: number): { upcoming: BookingItem[]; cancelled: BookingItem[]; past: BookingItem[] } {
  const soonest = (a: BookingItem, b: BookingItem) => Date.parse(a.startsAt) - Date.parse(b.startsAt);
  const cancelled = list.filter((b) => b.status === 'cancelled').sort(soonest);
  const upcoming = list.filter((b) => b.status !== 'cancelled' && Date.parse(b.endsAt) >= now).sort(soonest);
  return { upcoming, cancelled, past: list.filter((b) => b.status !== 'cancelled' && !upcoming.includes(b)) };
}

/** The records page's query for a filter and page number (empty values and page 1 left out). */
export function recordsQuery(f: BookingFilter, page: number): string {
  return queryString([
    ['status', f.status],
    ['startDate', f.startDate],
    ['endDate', f.endDate],
    ['storeId', f.storeId],
    ['pageNumber', page > 1 ? page : undefined],
  ]);
}

/** When a booking is: '2026/11/24（二）07:00 – 08:00'. */
export function bookingWhen(b: { startsAt: string; endsAt: string }): string {
  return taipeiDateTime(b.startsAt) + ' – ' + taipeiTime(b.endsAt);
}

/** The add-to-calendar dialog's target for a booking: the server's .ics and Google Calendar link. */
export function bookingCalendar(b: BookingItem): CalendarTarget {
  return { title: `${b.courseName}（${bookingWhen(b)}）`, icsUrl: b.calendarUrl, googleUrl: b.googleCalendarUrl };
}
