import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dateWithWeekday, day, fullDate, shortDate, taipeiDateTime, taipeiTime, timeRange, weekday } from './date';

test('weekday labels 1-7 are Sunday to Saturday (spec section 9)', () => {
  assert.equal(weekday(1), '週日');
  assert.equal(weekday(2), '週一');
  assert.equal(weekday(7), '週六');
  assert.equal(weekday(0), '');
  assert.equal(weekday(8), '');
});

test('calendar dates', () => {
  assert.equal(shortDate('2026-12-03'), '12/3');
  assert.equal(shortDate('2026-01-31'), '1/31');
  assert.equal(fullDate('2026-12-03'), '2026/12/3');
  assert.equal(dateWithWeekday('2026-12-03', 5), '12/3（週四）');
  assert.equal(timeRange('19:30', '20:30'), '19:30–20:30');
  assert.equal(day('2026-11-24'), '2026/11/24');
  assert.equal(day(null), '');
});

test('instants in Taiwan time (UTC+8)', () => {
  const cases: [string, string, string][] = [
    ['2026-11-23T23:00:00Z', '2026/11/24（二）07:00', '07:00'],
    ['2026-11-24T00:00:00+08:00', '2026/11/24（二）00:00', '00:00'],
    ['2026-12-31T16:30:00Z', '2027/01/01（五）00:30', '00:30'],
    ['2026-03-01T03:05:00Z', '2026/03/01（日）11:05', '11:05'],
  ];
  for (const [iso, dt, time] of cases) {
    assert.equal(taipeiDateTime(iso), dt, iso);
    assert.equal(taipeiTime(iso), time, iso);
  }
});
