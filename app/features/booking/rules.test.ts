import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BookingItem, PaymentOption, Schedule, ScheduleSeat } from '../../contract/props';
import { actionable, amount, bookingWhen, byDate, cancelLine, costLine, dayFull, firstDate, noOnlineCancel, recordsQuery, sameChoice, seatLine, splitBookings, timingShort, toggle, withLive } from './rules';

const now = Date.parse('2026-12-01T02:00:00Z'); // 10:00 in Taipei

function schedule(id: number, date: string, start = '19:30'): Schedule {
  return { scheduleId: id, courseId: 7, scheduleDate: date, weekday: 4, startTime: start, endTime: '20:30', teacherId: 1, teacherName: '王老師', capacity: 10, remaining: 10, full: false };
}

function seat(s: Schedule, over: Partial<ScheduleSeat> = {}): ScheduleSeat {
  return {
    ...s,
    courseName: '晨間瑜伽',
    seatsLeft: 3,
    full: false,
    waitingCount: 0,
    bookableNow: true,
    bookingOpensAt: '2026-11-20T00:00:00Z',
    bookingClosesAt: '2026-12-03T09:30:00Z',
    cancelDeadline: '2026-12-03T07:30:00Z',
    privateCoach: false,
    lateCancel: false,
    noShowCounted: false,
    myBookingId: 0,
    myBookingStatus: '',
    myWaitingPosition: 0,
    ...over,
  };
}

const a = schedule(1, '2026-12-03', '07:30');
const b = schedule(2, '2026-12-03');
const c = schedule(3, '2026-12-05');

test('byDate groups consecutive sessions of one date, in order', () => {
  assert.deepEqual(byDate([a, b, c]).map((g) => g.map((s) => s.scheduleId)), [[1, 2], [3]]);
  assert.deepEqual(byDate([]), []);
});

test('withLive: before the live answer the catalogue sessions as they are; then live seats, and the sessions it no longer lists dropped', () => {
  assert.deepEqual(withLive([a, b], null), [a, b]);
  const live = withLive([a, b, c], [seat(a, { seatsLeft: 2 }), seat(c, { seatsLeft: 0, full: true, bookableNow: false })]);
  assert.deepEqual(live.map((s) => [s.scheduleId, s.remaining]), [[1, 2], [3, 0]]);
  assert.equal(live[0].live?.seatsLeft, 2);
});

test('actionable: book while open with seats; the waiting list only when full, the brand has it and booking is open; nothing for the own or unloaded', () => {
  const cases: [string, ScheduleSeat | undefined, boolean, string][] = [
    ['not loaded', undefined, true, 'none'],
    ['open with seats', seat(a), false, 'book'],
    ['full, waiting list', seat(a, { full: true, seatsLeft: 0, bookableNow: false }), true, 'wait'],
    ['full, no waiting list', seat(a, { full: true, seatsLeft: 0, bookableNow: false }), false, 'none'],
    ['full after booking closed', seat(a, { full: true, seatsLeft: 0, bookableNow: false, bookingClosesAt: '2026-12-01T01:00:00Z' }), true, 'none'],
    ['full before booking opens', seat(a, { full: true, seatsLeft: 0, bookableNow: false, bookingOpensAt: '2026-12-02T00:00:00Z' }), true, 'none'],
    ['already booked', seat(a, { myBookingId: 9, myBookingStatus: 'booked' }), true, 'none'],
    ['already waiting', seat(a, { full: true, bookableNow: false, myWaitingPosition: 2 }), true, 'none'],
  ];
  for (const [name, live, waiting, want] of cases) assert.equal(actionable({ ...a, live }, waiting, now), want, name);
});

test('firstDate: the first date with a seat to book, else one with a waiting list, else the first date; stable before the live answer', () => {
  const closed = seat(a, { bookableNow: false });
  assert.equal(firstDate([a, b, c], true, now), '2026-12-03');
  assert.equal(firstDate([{ ...a, live: closed }, { ...b, live: seat(b, { bookableNow: false }) }, { ...c, live: seat(c) }], true, now), '2026-12-05');
  assert.equal(firstDate([{ ...a, live: closed }], true, now), '2026-12-03');
  const full = seat(a, { full: true, seatsLeft: 0, bookableNow: false });
  assert.equal(firstDate([{ ...a, live: full }, { ...c, live: seat(c) }], true, now), '2026-12-05', 'a seat before a waiting list');
  assert.equal(firstDate([{ ...a, live: full }, { ...c, live: seat(c, { bookableNow: false }) }], true, now), '2026-12-03', 'a waiting list when no seat');
  assert.equal(firstDate([], true, now), '');
});

test('seatLine says seats left, full, closed, or the member\'s own state', () => {
  assert.equal(seatLine(a), '');
  assert.equal(seatLine({ ...a, live: seat(a) }), '剩餘 3 個名額');
  // a brand that shows no seat counts (CAPACITY off): bookable or full, no number
  assert.equal(seatLine({ ...a, live: seat(a, { seatsLeft: null }) }), '可預約');
  assert.equal(seatLine({ ...a, live: seat(a, { full: true, seatsLeft: null, bookableNow: false }) }), '名額已滿');
  assert.equal(seatLine({ ...a, live: seat(a, { full: true, seatsLeft: 0, bookableNow: false }) }), '名額已滿');
  assert.equal(seatLine({ ...a, live: seat(a, { full: true, seatsLeft: 0, bookableNow: false }) }, true), '額滿・可候補');
  assert.equal(seatLine({ ...a, live: seat(a, { bookableNow: false }) }), '已截止預約');
  assert.equal(seatLine({ ...a, live: seat(a, { myBookingId: 4, myBookingStatus: 'booked' }) }), '已預約');
  assert.equal(seatLine({ ...a, live: seat(a, { full: true, myWaitingPosition: 2 }) }), '候補第 2 位');
});

test('toggle: one session without multi-booking, a set with it', () => {
  assert.deepEqual(toggle([], 1, false), [1]);
  assert.deepEqual(toggle([1], 2, false), [2]);
  assert.deepEqual(toggle([1], 1, false), [1]);
  assert.deepEqual(toggle([1], 2, true), [1, 2]);
  assert.deepEqual(toggle([1, 2], 1, true), [2]);
});

function option(over: Partial<PaymentOption>): PaymentOption {
  return { kind: 'ticket', holdingId: 1, name: '10 堂課程計次卡', ticketType: 'count', ticketKind: 2, cost: 1, unit: 'visit', remain: 8, remainAfter: 7, endsOn: null, usable: true, reasonCode: 0, reason: '', ...over };
}

test('costLine: what n sessions take and what is left, in the unit; a passcard takes nothing', () => {
  assert.equal(costLine(option({}), 1), '扣抵 1 次・剩餘 7 次');
  assert.equal(costLine(option({}), 3), '扣抵 3 次・剩餘 5 次');
  assert.equal(costLine(option({ unit: 'point', cost: 1200, remain: 5000 }), 2), '扣抵 2,400 點・剩餘 2,600 點');
  assert.equal(costLine(option({ kind: 'passcard', unit: 'none', cost: 0, remain: 0 }), 2), '不另扣抵');
  assert.equal(amount(90, 'minute'), '90 分鐘');
  assert.equal(amount(2, 'hour'), '2 小時');
});

test('sameChoice compares kind and holding', () => {
  assert.equal(sameChoice({ kind: 'ticket', holdingId: 1 }, option({})), true);
  assert.equal(sameChoice({ kind: 'passcard', holdingId: 1 }, option({})), false);
  assert.equal(sameChoice(null, option({})), false);
});

function booking(id: number, startsAt: string, endsAt: string, status: BookingItem['status']): BookingItem {
  return { id, startsAt, endsAt, status } as BookingItem;
}

test('splitBookings: not cancelled and not ended are upcoming, soonest first; cancelled ones apart (a class to come too); the rest past', () => {
  const list = [
    booking(1, '2026-12-05T11:00:00Z', '2026-12-05T12:00:00Z', 'booked'),
    booking(2, '2026-12-02T11:00:00Z', '2026-12-02T12:00:00Z', 'booked'),
    booking(3, '2026-11-30T11:00:00Z', '2026-11-30T12:00:00Z', 'booked'),
    booking(4, '2026-12-04T11:00:00Z', '2026-12-04T12:00:00Z', 'cancelled'),
    booking(5, '2026-11-30T01:30:00Z', '2026-11-30T02:30:00Z', 'attended'),
    booking(6, '2026-12-01T01:30:00Z', '2026-12-01T02:30:00Z', 'booked'), // under way
    booking(7, '2026-12-01T01:40:00Z', '2026-12-01T02:40:00Z', 'attended'), // checked in, under way
  ];
  list.push(booking(8, '2026-11-29T11:00:00Z', '2026-11-29T12:00:00Z', 'cancelled'));
  const { upcoming, cancelled, past } = splitBookings(list, now);
  assert.deepEqual(upcoming.map((x) => x.id), [6, 7, 2, 1]);
  assert.deepEqual(cancelled.map((x) => x.id), [8, 4]);
  assert.deepEqual(past.map((x) => x.id), [3, 5]);
});

test('bookingWhen in Taiwan time', () => {
  assert.equal(bookingWhen({ startsAt: '2026-11-23T23:00:00Z', endsAt: '2026-11-24T00:00:00Z' }), '2026/11/24（二）07:00 – 08:00');
});

test('recordsQuery leaves out empty values and page 1', () => {
  assert.equal(recordsQuery({ status: '', startDate: '', endDate: '', storeId: 0 }, 1), '');
  assert.equal(recordsQuery({ status: 'cancelled', startDate: '2026-11-01', endDate: '', storeId: 2 }, 3), '?status=cancelled&startDate=2026-11-01&storeId=2&pageNumber=3');
});

test('timingShort: a timing card short of the minutes n sessions take, when nothing else can pay', () => {
  const card = option({ kind: 'timing', unit: 'minute', cost: 60, remain: 45, usable: false });
  const ticket = option({ kind: 'ticket', unit: 'visit', cost: 1, remain: 3, usable: true });
  assert.deepEqual(timingShort([card], 1), { need: 60, remain: 45 });
  assert.deepEqual(timingShort([option({ ...card, remain: 100 })], 2), { need: 120, remain: 100 });
  assert.equal(timingShort([card, ticket], 1), null, 'another holding pays');
  assert.equal(timingShort([option({ ...card, remain: 60 })], 1), null, 'enough minutes: refused for another reason');
  assert.equal(timingShort([option({ kind: 'ticket', unit: 'visit', cost: 1, remain: 0, usable: false })], 1), null, 'no timing card');
  assert.equal(timingShort([], 1), null);
});

test('dayFull: a day whose every session is full and none the member\'s', () => {
  const full = (x: Schedule) => ({ ...x, live: seat(x, { full: true, seatsLeft: 0, bookableNow: false }) });
  assert.equal(dayFull([full(a), full(b)]), true);
  assert.equal(dayFull([full(a), { ...b, live: seat(b) }]), false, 'one with seats');
  assert.equal(dayFull([full(a), { ...b, live: seat(b, { full: true, myBookingId: 3, myBookingStatus: 'booked' }) }]), false, 'one of them booked by the member');
  assert.equal(dayFull([a, b]), false, 'before the live answer');
  assert.equal(dayFull([]), false);
});

test('the cancellation rule a booking keeps: until its deadline, or not online (past it, a private-coach class)', () => {
  assert.equal(cancelLine(seat(a), now), '可於 2026/12/03（四）15:30 前線上取消預約，之後請洽門市。');
  assert.equal(noOnlineCancel(seat(a), now), false);
  const late = seat(a, { cancelDeadline: '2026-12-01T01:00:00Z' });
  assert.equal(cancelLine(late, now), '已超過線上取消期限：預約後無法線上取消，如需取消請洽門市。');
  assert.equal(noOnlineCancel(late, now), true);
  const coach = seat(a, { privateCoach: true });
  assert.equal(cancelLine(coach, now), '私人教練課程預約後無法線上取消，如需取消請洽門市。');
  assert.equal(noOnlineCancel(coach, now), true);
});

test('the late-cancel and no-show policy shown before booking', () => {
  const a = schedule(1, '2026-12-03');
  const late = seat(a, { lateCancel: true });
  assert.equal(cancelLine(late, now), '可於 2026/12/03（四）15:30 前線上取消預約；之後至開課前仍可線上取消，但此次扣抵的票券額度不退還。');
  const past = seat(a, { lateCancel: true, cancelDeadline: '2026-12-01T01:00:00Z' });
  assert.equal(cancelLine(past, now), '已超過取消期限：預約後至開課前仍可線上取消，但此次扣抵的票券額度不退還。');
  assert.equal(noOnlineCancel(past, now), false, 'a late cancel is still online');
  const counted = seat(a, { noShowCounted: true });
  assert.equal(cancelLine(counted, now), '可於 2026/12/03（四）15:30 前線上取消預約，之後請洽門市。未於課程結束前完成簽到，將記為未到（No-show）。');
});
