// Class reminders in Chromium. With the demo brand reminding an hour
// before each class, the demo member books a class; its reminder, made
// due, is mailed once with a cancel link; on a phone (390 px) the link
// opens brand home's confirmation, which changes nothing until the member
// confirms, and then cancels the booking.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, shot, base, sql, logInAs, phone, patience } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The reminder mails to address in the development mailbox, waiting for at least one. */
async function reminders(address) {
  const end = Date.now() + patience;
  for (;;) {
    const res = await fetch(base + '/dev/mailbox.json?to=' + encodeURIComponent(address));
    const found = (await res.json()).data.filter((m) => m.subject.includes('課程提醒'));
    if (found.length) return found;
    if (Date.now() > end) throw new Error('no reminder to ' + address);
    await new Promise((r) => setTimeout(r, 200));
  }
}

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
  const picks = seats.filter((x) => x.bookableNow && !x.myBookingId && Date.parse(x.cancelDeadline) > Date.now() + 3600_000);
  assert.ok(picks.length, 'a session to book and cancel');
  // the first of them outside the member's other bookings (the demo's, by the day it was loaded)
  let booked;
  for (const pick of picks) {
    booked = await (await page.request.post(base + '/api/schedule/booking', { data: { brandId: 'demo', scheduleId: pick.scheduleId } })).json();
    if (booked.errorCode !== -33) break; // at the time of another booking
  }
  assert.equal(booked.errorCode, 0, booked.message);
  const id = booked.data.bookings[0].id;
  assert.equal(sql(`select count(*) from jobs where kind = 'reminder' and key = :'id'`, { id }), '1');

  // made due now: any host's worker mails it
  sql(`update jobs set next_at = now() where kind = 'reminder' and key = :'id'`, { id });
  const [mail] = await reminders('member@example.com');
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
  assert.equal((await reminders('member@example.com')).length, 1, 'one reminder');
  assert.deepEqual(mobile.errors, []);
});
