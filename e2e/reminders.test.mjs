// Class reminders in Chromium. With the demo brand reminding an hour
// before each class, the demo member books a class; its reminder, made
// due, is mailed once with a cancel link; on a phone (390 px) the link
// opens brand home's confirmation, which changes nothing until the member
// confirms, and then cancels the booking.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, shot, base, sql, logInAs, phone, clashes, mailsWith } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a class reminder\'s cancel link: shown on a phone, cancelled once confirmed', async () => {
  sql(`update brands set reminder_before_minutes = 60 where id = 'demo'`);
  const page = await newPage(browser);
  await open(page, '/demo');
  await logInAs(page, 'member@example.com');
  await page.getByTestId('member-name').waitFor();
  // a class the member can book and still cancel online
  const res = await fetch(base + '/api/search/searchEventList?brandId=demo&pageSize=50&keyword=' + encodeURIComponent('有氧飛輪 45'));
  const course = (await res.json()).data.list.find((x) => x.courseName === '有氧飛輪 45');
  const seats = (await (await page.request.get(`${base}/api/schedule?brandId=demo&courseId=${course.courseId}`)).json()).data;
  const pick = seats.find((x) => x.bookableNow && !x.myBookingId && Date.parse(x.cancelDeadline) > Date.now() + 3600_000
    && !clashes('member@example.com', x.scheduleId));
  assert.ok(pick, 'a session to book and cancel');
  const booked = await (await page.request.post(base + '/api/schedule/booking', { data: { brandId: 'demo', scheduleId: pick.scheduleId } })).json();
  assert.equal(booked.errorCode, 0, booked.message);
  const id = booked.data.bookings[0].id;
  assert.equal(sql(`select count(*) from jobs where kind = 'reminder' and key = :'id'`, { id }), '1');

  // made due now: any host's worker mails it
  sql(`update jobs set next_at = now() where kind = 'reminder' and key = :'id'`, { id });
  const [mail] = await mailsWith('member@example.com', /課程提醒/);
  const link = mail.text.match(/https?:\/\/\S+\?cancelBooking=[^\s"<]+/)?.[0];
  assert.ok(link, 'the reminder carries a cancel link');
  assert.match(mail.text, /取消這堂預約/);

  const mobile = await newPage(browser, phone);
  await open(mobile, link);
  const d = mobile.getByTestId('cancel-link-dialog');
  await d.getByRole('button', { name: '確定取消' }).waitFor();
  assert.match(await d.innerText(), /有氧飛輪 45/);
  assert.ok(!mobile.url().includes('cancelBooking='), 'the token leaves the address bar');
  // opening the link changed nothing
  assert.equal(sql(`select status from bookings where id = :'id'`, { id }), 'booked');
  const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scroll at 390 px (${width})`);
  await shot(mobile, 'reminder-cancel-link-390');
  await d.getByRole('button', { name: '確定取消' }).click();
  await d.getByTestId('cancel-link-done').waitFor();
  assert.equal(sql(`select status from bookings where id = :'id'`, { id }), 'cancelled');
  assert.equal((await mailsWith('member@example.com', /課程提醒/)).length, 1, 'one reminder');
  assert.deepEqual(mobile.errors, []);
});
