// The first-time buyer's smaller fixes, walked by a member on a phone in
// Chromium at 390 px (touch, zh-TW): a booking added to a calendar is at
// the store's street address, once cancelled it is listed apart under 已取消,
// and the development mailbox says when its mail came in Taipei time; an
// unknown address says so in Chinese and leads back to the shop; a pass
// bought for a session offers 去預約 back to its course; a term enrolment
// says 已報名 and my bookings name its sessions by the term's class; 分鐘計費卡
// lists the cards (one below zero 待補繳, what it owes and 前往補繳) while
// 計時卡點數 lists the points' records; and a class's name, 共 8 堂 and the
// activity cards' dates never break mid-word.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, newPage, open, shot, sql, base, logInAs, mailTo, phone, expected, payAtCheckout, orderResult,
  newMember, coursePath, bookable, chip, livePanel, onOneLine,
} from './lib.mjs';

// the payment sandboxes live on the public origin (dev: localhost)
const site = base.replace('//127.0.0.1', '//localhost');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A new member (nothing held) logged in on a phone, on path. */
async function memberOnPhone(email, path) {
  const page = await newPage(browser, phone);
  await open(page, site + '/demo');
  await logInAs(page, email, { path: site + path });
  return page;
}

/** 2026-11-27T13:05:09.5Z as Taiwan's clock reads it: '2026-11-27 21:05:09'. */
const taipei = (iso) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

test('a member books a class, adds it to a calendar at the store\'s street address, cancels it and finds it under 已取消; the mailbox tells the mail\'s time in Taipei', async () => {
  const email = newMember(`calendar-${Date.now()}@example.com`);
  // a count card that pays
  sql(`insert into member_tickets (brand_id, user_id, item_id, name, activation_type, starts_on, ends_on, purchased_at, ticket_type, total, remain)
       select 'demo', u.id, i.id, i.name, 'IMMEDIATELY', current_date - 1, current_date + 90, now(), 'count', 10, 10
         from users u join items i on i.brand_id = 'demo' and i.name = '團課 10 堂計次卡' where u.brand_id = 'demo' and u.email = :'email'`, { email });
  const [storeName, address] = sql(`select name || '|' || address from stores where brand_id = 'demo' and short_name = '信義館'`).split('|');
  assert.ok(address, 'the store has a street address');
  const course = await coursePath('有氧飛輪 45');
  const pick = await bookable(course.courseId);
  const page = await memberOnPhone(email, course.path + `?session=${pick.scheduleId}`);
  const panel = await livePanel(page);
  await panel.getByTestId('payment-options').waitFor();
  await panel.getByTestId('confirm-booking').tap();
  const done = panel.getByTestId('booking-done');
  await done.waitFor();
  const bookingId = await done.locator('[data-booking-id]').first().getAttribute('data-booking-id');
  // its mail, the member's first
  const m = await mailTo(email);
  assert.match(m.subject, /預約成功/);
  await done.getByRole('link', { name: '查看我的預約' }).tap();
  await page.waitForURL(site + '/demo/user/booking');

  // 加入行事曆 on the booking's card: the .ics and the Google Calendar link are at the street address
  const card = () => page.locator(`[data-testid="booking"][data-booking-id="${bookingId}"]`);
  await page.getByTestId('bookings-upcoming').locator(`[data-booking-id="${bookingId}"]`).getByTestId('booking-calendar').tap();
  const cal = page.getByTestId('calendar-dialog');
  await cal.waitFor();
  const ics = (await (await page.request.get(new URL(await cal.getByTestId('ics-link').getAttribute('href'), site).href)).text())
    .replaceAll('\r\n ', ''); // unfolded (RFC 5545 folds lines at 75 octets)
  assert.match(ics, /\r\nLOCATION:[^\r\n]+\r\n/);
  assert.equal(ics.match(/\r\nLOCATION:([^\r\n]+)\r\n/)[1], `${storeName}\\, ${address}`);
  const google = new URL(await cal.getByTestId('google-calendar-link').getAttribute('href'));
  assert.equal(google.hostname, 'calendar.google.com');
  assert.equal(google.searchParams.get('location'), `${storeName}, ${address}`);
  await shot(page, 'first-visit-calendar-390');
  await page.keyboard.press('Escape');
  await cal.waitFor({ state: 'detached' });

  // cancelled, the class still to come (bookable: its cancel deadline an hour away at least): listed apart
  // under 已取消, not among the past or upcoming ones
  await page.getByTestId('snackbar').waitFor({ state: 'detached' });
  await card().getByTestId('cancel-booking').tap();
  const dlg = page.getByTestId('cancel-booking-dialog');
  await dlg.getByRole('button', { name: '確定取消' }).tap();
  await dlg.waitFor({ state: 'detached' });
  const cancelled = page.getByTestId('bookings-cancelled');
  await cancelled.locator(`[data-booking-id="${bookingId}"][data-status="cancelled"]`).waitFor();
  assert.equal(await cancelled.getByRole('heading', { level: 3 }).first().innerText(), '已取消');
  assert.equal(await page.getByTestId('bookings-past').locator(`[data-booking-id="${bookingId}"]`).count(), 0);
  assert.equal(await page.getByTestId('bookings-upcoming').locator(`[data-booking-id="${bookingId}"]`).count(), 0);
  // the same after a reload (rendered on the server)
  await open(page, site + '/demo/user/booking');
  await page.getByTestId('bookings-cancelled').locator(`[data-booking-id="${bookingId}"]`).waitFor();
  await shot(page, 'first-visit-cancelled-390');

  // the development mailbox: the booking's mail, received at Taipei's time, not UTC's
  await page.goto(site + '/dev/mailbox'); // the host's own page: no app to hydrate
  const row = page.locator('li').filter({ hasText: m.subject }).filter({ hasText: email });
  const when = await row.locator('small').innerText();
  assert.ok(when.includes(`${taipei(m.received)}（台北時間）`), `${when} says ${taipei(m.received)} Taipei time`);
  const utc = new Date(m.received).toISOString().slice(0, 19).replace('T', ' ');
  assert.ok(!when.includes(utc), `${when} is not UTC's ${utc}`);
  await shot(page, 'first-visit-mailbox-390');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('an unknown address says 找不到這個頁面 in Chinese and leads back to the shop', async () => {
  const page = await newPage(browser, phone);
  const res = await open(page, site + '/demo/no/such/page');
  assert.equal(res.status(), 404);
  page.errors.length = 0; // the console's line for that 404
  const main = page.locator('main');
  await main.getByText('找不到這個頁面，請確認網址是否正確。').waitFor();
  assert.doesNotMatch(await page.locator('body').innerText(), /could not be found/i);
  await shot(page, 'first-visit-not-found-390');
  await main.getByRole('link', { name: '回到商店首頁' }).tap();
  await page.waitForURL(site + '/demo');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('a member buys a pass for a session; its order result offers 去預約, back to the course', async () => {
  const email = newMember(`go-book-${Date.now()}@example.com`);
  const course = await coursePath('哈達瑜珈');
  const pick = await bookable(course.courseId);
  const page = await memberOnPhone(email, course.path + `?session=${pick.scheduleId}`);
  const offers = (await livePanel(page)).getByTestId('session-offers');
  await offers.waitFor();
  const plan = offers.getByTestId('buy-item').filter({ hasText: '團課 10 堂計次卡' });
  if (!(await plan.count())) await offers.getByRole('button', { name: /查看全部/ }).tap();
  await plan.tap();
  await page.getByTestId('checkout').waitFor();
  await payAtCheckout(page);
  await orderResult(page, 'paid');
  const go = page.getByRole('link', { name: '去預約' });
  assert.equal(await go.getAttribute('href'), course.path);
  await shot(page, 'first-visit-go-book-390');
  await go.tap();
  await page.waitForURL(site + course.path);
  // the course's panel, the session booked with the pass
  const panel = await livePanel(page);
  const day = panel.getByTestId('booking-date').filter({ hasText: chip(pick.scheduleDate) });
  if ((await day.getAttribute('aria-pressed')) !== 'true') await day.tap();
  await panel.locator(`[data-schedule-id="${pick.scheduleId}"]`).getByText('已預約').waitFor();
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('a member enrols in a term class whose name and 共 8 堂 stay whole at 390 px: the result says 已報名 and my bookings name its 8 sessions by the class', async () => {
  const email = newMember(`term-${Date.now()}@example.com`);
  const className = '週末皮拉提斯養成班｜週日上午';
  const [termId, classId, courseName] = sql(
    `select t.term_schedule_id || '|' || t.id || '|' || c.name from term_classes t join courses c on c.id = t.course_id where t.name = :'name'`,
    { name: className }).split('|');
  // the class's name and its count of sessions each on one line where, at 390 px, their line wraps
  // (the term list and the term's page; the class's own page and my bookings fit them on one line anyway)
  const page = await memberOnPhone(email, '/demo/termSchedule');
  await page.getByTestId('term-class').first().waitFor();
  const list = await onOneLine(page, ['週日上午', '共 8 堂']);
  await open(page, site + `/demo/termSchedule/${termId}/intro`);
  assert.deepEqual({ list, intro: await onOneLine(page, ['共 8 堂']) },
    { list: { 週日上午: 'one line', '共 8 堂': 'one line' }, intro: { '共 8 堂': 'one line' } });
  await page.getByRole('link', { name: new RegExp(className) }).tap();
  await page.waitForURL(site + `/demo/termSchedule/${termId}/${classId}`);
  await page.getByRole('heading', { name: className }).waitFor();
  await shot(page, 'first-visit-term-class-390');

  await page.getByRole('link', { name: '報名整期' }).tap();
  await page.getByTestId('term-checkout').waitFor();
  assert.equal(await page.getByTestId('checkout-total').innerText(), 'NT$ 3,200');
  await payAtCheckout(page);
  await orderResult(page, 'paid');
  assert.equal(await page.getByTestId('activation').innerText(), '已報名，課程已預約');
  await shot(page, 'first-visit-term-enrolled-390');

  await open(page, site + '/demo/user/booking');
  const upcoming = page.getByTestId('bookings-upcoming');
  await upcoming.getByRole('heading', { name: className }).first().waitFor();
  assert.equal(await upcoming.getByRole('heading', { name: className }).count(), 8);
  assert.equal(await upcoming.getByRole('heading', { name: courseName, exact: true }).count(), 0);
  await shot(page, 'first-visit-term-bookings-390');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('分鐘計費卡 lists the cards, one below zero 待補繳 with what it owes and 前往補繳; 計時卡點數 lists the points\' records', async () => {
  const page = await memberOnPhone('member@example.com', '/demo/user');
  const tabs = page.getByRole('navigation', { name: '會員中心' });
  await tabs.getByRole('link', { name: '分鐘計費卡' }).tap();
  await page.waitForURL(site + '/demo/user/countingPasscard');
  const cards = page.getByTestId('counting-passcard');
  await cards.first().waitFor();
  const owing = cards.filter({ has: page.getByTestId('counting-owed') });
  assert.equal(await owing.count(), 1);
  assert.match(await owing.innerText(), /^待補繳\n/);
  const owed = owing.getByTestId('counting-owed');
  assert.match(await owed.innerText(), /欠 25 分鐘 \/ [\d,]+ 分鐘[\s\S]*這張卡目前欠 25 分鐘，補繳後才能繼續使用/);
  assert.doesNotMatch(await page.locator('main').innerText(), /-25/);
  await shot(page, 'first-visit-counting-390');
  await owed.getByRole('link', { name: '前往補繳' }).tap();
  await page.waitForURL(site + '/demo/counting-passcard-overdue-purchase');
  await page.getByTestId('overdue-card').getByText('NT$ 150').waitFor();

  await open(page, site + '/demo/user/countingPasscard');
  await page.getByRole('navigation', { name: '會員中心' }).getByRole('link', { name: '計時卡點數' }).tap();
  await page.waitForURL(site + '/demo/user/timingcard');
  await page.getByRole('heading', { name: '點數紀錄' }).waitFor();
  assert.ok((await page.getByTestId('counting-use').count()) > 0, 'the points\' records');
  assert.equal(await page.getByTestId('counting-passcard').count(), 0, 'not the cards again');
  await shot(page, 'first-visit-timingcard-390');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('at 390 px every date on the activity cards stays whole', async () => {
  const page = await newPage(browser, phone);
  await open(page, site + '/demo/activitys');
  const main = page.locator('main');
  await main.locator('p').filter({ hasText: /（週.）/ }).first().waitFor();
  const dates = [...new Set((await main.innerText()).match(/\d{1,2}\/\d{1,2}（週.）\d{2}:\d{2}/g))];
  assert.ok(dates.length >= 3, `dates on the cards: ${dates}`);
  assert.deepEqual(await onOneLine(page, dates), Object.fromEntries(dates.map((x) => [x, 'one line'])));
  await shot(page, 'first-visit-activity-dates-390');
  await page.context().close();
});
