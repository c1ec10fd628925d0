import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fold, googleCalendarUrl, icsFile, utcStamp, type CalendarEvent } from './calendar';

const event: CalendarEvent = {
  uid: 'c1-2026-12-03@demo',
  title: '晨間瑜伽, 初階; 第一堂',
  date: '2026-12-03',
  start: '07:30',
  end: '08:30',
  location: '森活運動館 信義店',
  description: '帶瑜伽墊\n提早十分鐘到',
  url: 'https://shop.example/demo/activity/1/2',
};

test('utcStamp: Taipei wall-clock to UTC, across midnight', () => {
  assert.equal(utcStamp('2026-12-03', '19:30'), '20261203T113000Z');
  assert.equal(utcStamp('2026-12-03', '07:30'), '20261202T233000Z');
  assert.equal(utcStamp('2027-01-01', '00:00'), '20261231T160000Z');
});

test('fold: lines of at most 75 octets, never inside a character', () => {
  assert.equal(fold('SHORT'), 'SHORT');
  const long = 'DESCRIPTION:' + '瑜'.repeat(40); // 12 + 120 octets
  const lines = fold(long).split('\r\n');
  assert.ok(lines.length > 1);
  const enc = new TextEncoder();
  for (const l of lines) assert.ok(enc.encode(l).length <= 75, l);
  assert.equal(lines.map((l, i) => (i ? l.slice(1) : l)).join(''), long);
});

test('icsFile: one event, escaped text, CRLF lines', () => {
  const ics = icsFile(event, new Date('2026-11-23T04:05:06.789Z'));
  assert.ok(ics.startsWith('BEGIN:VCALENDAR\r\n'));
  assert.ok(ics.endsWith('END:VCALENDAR\r\n'));
  assert.match(ics, /\r\nDTSTAMP:20261123T040506Z\r\n/);
  assert.match(ics, /\r\nDTSTART:20261202T233000Z\r\nDTEND:20261203T003000Z\r\n/);
  assert.match(ics, /\r\nSUMMARY:晨間瑜伽\\, 初階\\; 第一堂\r\n/);
  assert.match(ics, /\r\nDESCRIPTION:帶瑜伽墊\\n提早十分鐘到\r\n/);
});

test('googleCalendarUrl', () => {
  const u = new URL(googleCalendarUrl(event));
  assert.equal(u.origin + u.pathname, 'https://calendar.google.com/calendar/render');
  assert.equal(u.searchParams.get('action'), 'TEMPLATE');
  assert.equal(u.searchParams.get('dates'), '20261202T233000Z/20261203T003000Z');
  assert.equal(u.searchParams.get('ctz'), 'Asia/Taipei');
  assert.equal(u.searchParams.get('details'), event.description + '\n' + event.url);
});
