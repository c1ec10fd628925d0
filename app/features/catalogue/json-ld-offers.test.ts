import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isoTaipeiBefore } from './json-ld-offers';

test('isoTaipeiBefore: the Taipei time some hours earlier, across days, months and years', () => {
  const cases: [string, string, string, number, string][] = [
    ['two weeks (the default window)', '2026-12-17', '19:30', 336, '2026-12-03T19:30:00+08:00'],
    ['an hour, same day', '2026-12-03', '07:00', 1, '2026-12-03T06:00:00+08:00'],
    ['past midnight Taipei (still the day before in UTC)', '2026-12-03', '07:00', 8, '2026-12-02T23:00:00+08:00'],
    ['into the previous year', '2027-01-01', '06:00', 48, '2026-12-30T06:00:00+08:00'],
    ['zero hours', '2026-03-01', '10:15', 0, '2026-03-01T10:15:00+08:00'],
  ];
  for (const [name, date, time, hours, want] of cases) assert.equal(isoTaipeiBefore(date, time, hours), want, name);
});
