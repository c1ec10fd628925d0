import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TimetableSession } from '../../contract/props';
import { dayLabel, dayName, filterQuery, seatsLine } from './rules';
import { sessionPath } from '../../lib/links';

const session = (over: Partial<TimetableSession> = {}): TimetableSession => ({
  scheduleId: 41, courseId: 7, scheduleDate: '2026-12-02', weekday: 4, startTime: '19:30', endTime: '20:30',
  teacherId: 0, teacherName: '林老師', capacity: 10, remaining: 3, courseName: '空中瑜珈入門', storeId: 2,
  storeShortName: '信義館', categoryId: 1, categoryName: '瑜珈', full: false, ...over,
});

test('the day strip says 今天 and 明天, then the weekday and date', () => {
  assert.equal(dayLabel({ date: '2026-12-02', weekday: 4 }, 0), '今天');
  assert.equal(dayLabel({ date: '2026-12-03', weekday: 5 }, 1), '明天');
  assert.equal(dayLabel({ date: '2026-12-04', weekday: 6 }, 2), '週五 12/4');
  assert.equal(dayName({ date: '2026-12-02', weekday: 4 }, 0), '今天 12/2（週三）');
  assert.equal(dayName({ date: '2026-12-04', weekday: 6 }, 2), '週五 12/4');
});

test('a session says its seats left, or 額滿 with 可候補 where the brand has a waiting list', () => {
  assert.equal(seatsLine(session(), true), '剩 3 位');
  assert.equal(seatsLine(session({ remaining: 0, full: true }), false), '額滿');
  assert.equal(seatsLine(session({ remaining: 0, full: true }), true), '額滿・可候補');
  // a brand without CAPACITY shows no counts: open, or full
  assert.equal(seatsLine(session({ capacity: null, remaining: null }), false), '可預約');
  assert.equal(seatsLine(session({ capacity: null, remaining: null, full: true }), true), '額滿・可候補');
});

test('a session opens the course page with itself chosen in the booking panel', () => {
  assert.equal(sessionPath(session()), '/activity/2/7?session=41#booking');
});

test('the address keeps the day (unless today) and the filters set', () => {
  assert.equal(filterQuery({ date: '2026-12-02', storeId: 0, categoryId: 0 }, '2026-12-02'), '');
  assert.equal(filterQuery({ date: '2026-12-03', storeId: 2, categoryId: 0 }, '2026-12-02'), '?date=2026-12-03&storeId=2');
  assert.equal(filterQuery({ date: '2026-12-02', storeId: 0, categoryId: 5 }, '2026-12-02'), '?categoryId=5');
});
