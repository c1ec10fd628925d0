// The first-time buyer's path in Chromium at 390 px (touch, zh-TW): a
// member with nothing that pays buys one class from the course page's
// booking panel and comes back to it booked (the taps counted), or buys a
// plan that covers it; a visitor logs in from the panel and comes back to
// the session chosen; a session that filled while they paid says so at once
// and offers its waiting list or the next sessions; 立即預約 brings the panel
// into view; the cancellation rule shows before booking and in the mail;
// full days and full sessions say so before a tap, and joining a waiting
// list is mailed; the picker lists only what can pay, and 預約成功 leaves
// 加入行事曆 uncovered.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, shot, sql, base, logInAs, mailTo, mailsWith, lastMailId, nextFrames, phone, expected, payByCard, newMember, coursePath, seatsOf, bookable, chip, livePanel } from './lib.mjs';

// The journeys run on the storefront's public origin (dev: localhost): the
// payment sandboxes live there (checkout.test.mjs says why).
const site = base.replace('//127.0.0.1', '//localhost');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** How many live bookings the member holds of a session. */
const bookingsOf = (email, scheduleId) =>
  Number(sql(`select count(*) from bookings b join users u on u.id = b.user_id
               where u.brand_id = 'demo' and u.email = :'email' and b.schedule_id = :'sid' and b.status <> 'cancelled'`, { email, sid: scheduleId }));

/** Counts the member's taps. */
function tapper() {
  const t = { n: 0, tap: async (locator) => { t.n++; await locator.tap(); } };
  return t;
}

test('a member with nothing that pays buys one class on the course page and is booked, in at most 5 taps', async () => {
  const email = newMember(`single-${Date.now()}@example.com`);
  const page = await newPage(browser, phone);
  const course = await coursePath('空中瑜珈入門');
  // the first session open for booking: on the date the panel shows first
  const pick = (await seatsOf(course.courseId)).find((x) => x.bookableNow);
  await open(page, site + course.path);
  await logInAs(page, email);
  const panel = await livePanel(page);
  const t = tapper();
  // (the panel shows first the first date with a session to act on: this one's on a fresh database)
  const day = panel.getByTestId('booking-date').filter({ hasText: chip(pick.scheduleDate) });
  if ((await day.getAttribute('aria-pressed')) !== 'true') await t.tap(day);
  await t.tap(panel.locator(`[data-schedule-id="${pick.scheduleId}"]`));
  // nothing pays: the single class and the plans that cover the session
  const offers = panel.getByTestId('session-offers');
  await offers.waitFor();
  assert.match(await offers.innerText(), /您沒有可用於這堂課的票券或通行卡。購買後即為您預約這堂課/);
  assert.equal(await offers.getByTestId('buy-single').innerText(), '購買單堂 NT$ 450');
  assert.ok((await offers.getByTestId('buy-item').count()) > 0, 'plans that cover the session');
  assert.match(await panel.getByTestId('cancel-policy').innerText(), /前線上取消預約/);
  await shot(page, 'funnel-offers-390');
  await t.tap(offers.getByTestId('buy-single'));
  await page.waitForURL(new RegExp(`/demo/activity/${course.storeId}/${course.courseId}/checkout\\?schedule=${pick.scheduleId}$`));
  await page.getByTestId('checkout').waitFor();
  // the session chosen in the panel is the one bought
  assert.equal(await page.getByLabel('上課時段').inputValue(), String(pick.scheduleId));
  await t.tap(page.getByRole('checkbox', { name: /服務條款/ }));
  await t.tap(page.getByRole('button', { name: '前往付款' }));
  await payByCard(page);
  await page.waitForURL(/\/demo\/orderResult\//);
  const booked = page.getByTestId('order-booked');
  await booked.waitFor();
  assert.match(await booked.innerText(), /已為您預約這堂課[\s\S]*空中瑜珈入門/);
  console.log(`taps from the course page to a booked class: ${t.n}`);
  assert.ok(t.n <= 5, `${t.n} taps`);
  await shot(page, 'funnel-single-booked-390');
  // a reload books nothing more
  await page.reload();
  await page.getByTestId('order-booked').waitFor();
  assert.equal(bookingsOf(email, pick.scheduleId), 1);
  // the confirmation mail tells the rule of a seat bought online
  const [m] = await mailsWith(email, /預約成功/);
  assert.match(m.text, /單堂購買的預約無法於線上取消/);
  // the course page shows the session as the member's
  await open(page, site + course.path + `?session=${pick.scheduleId}`);
  await (await livePanel(page)).locator(`[data-schedule-id="${pick.scheduleId}"]`).getByText('已預約').waitFor();
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('a member buys a plan that covers the session from the booking panel and is booked with it', async () => {
  const email = newMember(`plan-${Date.now()}@example.com`);
  const page = await newPage(browser, phone);
  const course = await coursePath('哈達瑜珈');
  const pick = await bookable(course.courseId);
  await open(page, site + course.path + `?session=${pick.scheduleId}`);
  await logInAs(page, email);
  const panel = await livePanel(page);
  // the link named the session: chosen already
  assert.equal(await panel.locator(`[data-schedule-id="${pick.scheduleId}"]`).getAttribute('aria-pressed'), 'true');
  const offers = panel.getByTestId('session-offers');
  await offers.waitFor();
  const plan = offers.getByTestId('buy-item').filter({ hasText: '團課 10 堂計次卡' });
  if (!(await plan.count())) await offers.getByRole('button', { name: /查看全部/ }).tap();
  await plan.tap();
  await page.waitForURL(new RegExp(`/demo/quantityPasscard/\\d+/checkout\\?book=${pick.scheduleId}$`));
  await page.getByTestId('checkout').waitFor();
  assert.match(await page.getByTestId('book-after-pay').innerText(), /付款完成後，將為您預約「哈達瑜珈」/);
  await page.getByRole('checkbox', { name: /服務條款/ }).tap();
  await page.getByRole('button', { name: '前往付款' }).tap();
  await payByCard(page);
  await page.waitForURL(/\/demo\/orderResult\//);
  const booked = page.getByTestId('order-booked');
  await booked.waitFor();
  assert.match(await booked.innerText(), /哈達瑜珈/);
  assert.equal(bookingsOf(email, pick.scheduleId), 1);
  // the card paid one visit of its ten
  assert.equal(sql(`select t.remain from member_tickets t join users u on u.id = t.user_id where u.email = :'email'`, { email }), '9');
  await shot(page, 'funnel-plan-booked-390');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('a visitor logs in from the booking panel and comes back to the session chosen', async () => {
  const email = newMember(`visitor-${Date.now()}@example.com`);
  const page = await newPage(browser, phone);
  const course = await coursePath('空中瑜珈入門');
  const pick = await bookable(course.courseId, 1);
  await open(page, site + course.path + `?session=${pick.scheduleId}`);
  const panel = await livePanel(page);
  // the rule a booking keeps shows before logging in
  await panel.getByTestId('cancel-policy').waitFor();
  await panel.getByRole('button', { name: '登入後預約' }).tap();
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel('電子信箱').fill(email);
  await dialog.getByLabel('密碼').fill('demo1234');
  await dialog.getByRole('button', { name: '登入', exact: true }).tap();
  await page.getByTestId('member-name').waitFor();
  // the same panel, the same session, and what can pay for it
  await panel.getByTestId('session-offers').waitFor();
  assert.equal(await panel.locator(`[data-schedule-id="${pick.scheduleId}"]`).getAttribute('aria-pressed'), 'true');
  await shot(page, 'funnel-visitor-back-390');
  await page.context().close();
});

test('a session that fills while the member pays: told at once, and they book the next session with the seat they bought', async () => {
  const email = newMember(`filled-${Date.now()}@example.com`);
  const page = await newPage(browser, phone);
  const course = await coursePath('有氧飛輪 45');
  const pick = await bookable(course.courseId);
  await open(page, site + course.path + `?session=${pick.scheduleId}`);
  await logInAs(page, email);
  const panel = await livePanel(page);
  await panel.getByTestId('buy-single').tap();
  await page.getByTestId('checkout').waitFor();
  await page.getByRole('checkbox', { name: /服務條款/ }).tap();
  await page.getByRole('button', { name: '前往付款' }).tap();
  await page.waitForURL(/\/dev\/newebpay\//);
  // the last seats go while they type the card
  sql(`update course_schedules set booked = capacity where id = :'sid'`, { sid: pick.scheduleId });
  await payByCard(page);
  await page.waitForURL(/\/demo\/orderResult\//);
  const refused = page.getByTestId('order-book-refused');
  await refused.waitFor();
  assert.match(await refused.innerText(), /這堂課無法為您預約[\s\S]*名額已滿[\s\S]*單堂名額仍保留/);
  assert.equal(await page.getByTestId('order-result').getAttribute('data-state'), 'paid');
  assert.equal(bookingsOf(email, pick.scheduleId), 0);
  const other = refused.getByTestId('order-book-other').first();
  await other.waitFor();
  const otherId = Number(await other.getAttribute('data-schedule-id'));
  await shot(page, 'funnel-filled-390');
  await other.tap();
  await page.getByTestId('order-booked').waitFor();
  assert.equal(bookingsOf(email, otherId), 1);
  await page.reload();
  await page.getByTestId('order-booked').waitFor();
  assert.equal(bookingsOf(email, otherId), 1);
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('a plan bought for a session that filled meanwhile offers its waiting list', async () => {
  const email = newMember(`wait-${Date.now()}@example.com`);
  const page = await newPage(browser, phone);
  const course = await coursePath('陰瑜珈深層放鬆');
  const pick = await bookable(course.courseId);
  await open(page, site + course.path + `?session=${pick.scheduleId}`);
  await logInAs(page, email);
  const panel = await livePanel(page);
  const offers = panel.getByTestId('session-offers');
  await offers.waitFor();
  await offers.getByTestId('buy-item').first().tap();
  await page.getByTestId('checkout').waitFor();
  const startDate = page.getByLabel('開始日期');
  if (await startDate.count()) await startDate.fill(await startDate.getAttribute('min'));
  await page.getByRole('checkbox', { name: /服務條款/ }).tap();
  await page.getByRole('button', { name: '前往付款' }).tap();
  await page.waitForURL(/\/dev\/newebpay\//);
  sql(`update course_schedules set booked = capacity where id = :'sid'`, { sid: pick.scheduleId });
  await payByCard(page);
  const refused = page.getByTestId('order-book-refused');
  await refused.waitFor();
  await refused.getByTestId('order-join-waiting').tap();
  await refused.getByText(/已加入候補，目前第 1 位/).waitFor();
  const [m] = await mailsWith(email, /已加入候補名單/);
  assert.match(m.text, /目前為第 1 位/);
  await shot(page, 'funnel-plan-waiting-390');
  await page.context().close();
});

test('立即預約 brings the booking panel into view and focuses it, on a phone and on a desktop', async () => {
  const course = await coursePath('空中瑜珈入門');
  for (const opts of [phone, { viewport: { width: 1280, height: 900 } }]) {
    const page = await newPage(browser, opts);
    await open(page, site + course.path);
    await livePanel(page);
    const button = page.getByTestId('book-now');
    if (opts.hasTouch) await button.tap();
    else await button.click();
    await nextFrames(page);
    await nextFrames(page);
    const state = await page.evaluate(() => {
      const panel = document.getElementById('booking');
      const r = panel.getBoundingClientRect();
      return { focused: document.activeElement === panel, top: r.top, y: window.scrollY, h: window.innerHeight };
    });
    assert.ok(state.focused, 'the panel has the focus');
    assert.ok(state.y > 0 && state.top >= -1 && state.top < state.h / 2, `the panel in view: ${JSON.stringify(state)}`);
    await shot(page, `funnel-book-now-${opts.viewport.width}`);
    await page.context().close();
  }
});

test('a member sees the cancellation rule before booking, sessions inside the deadline marked, and the rule in the mail', async () => {
  const email = newMember(`policy-${Date.now()}@example.com`);
  // a count card that pays
  sql(`insert into member_tickets (brand_id, user_id, item_id, name, activation_type, starts_on, ends_on, purchased_at, ticket_type, total, remain)
       select 'demo', u.id, i.id, i.name, 'IMMEDIATELY', current_date - 1, current_date + 90, now(), 'count', 10, 10
         from users u join items i on i.brand_id = 'demo' and i.name = '團課 10 堂計次卡' where u.brand_id = 'demo' and u.email = :'email'`, { email });
  const course = await coursePath('空中瑜珈入門');
  const pick = await bookable(course.courseId, 2);
  // another course whose bookings close for online cancelling 400 hours ahead: every session is inside it
  const late = await coursePath('壺鈴燃脂');
  sql(`update courses set cancel_hours = 400 where id = :'id'`, { id: late.courseId });
  const inside = (await seatsOf(late.courseId)).find((x) => x.bookableNow);
  const page = await newPage(browser, phone);
  await open(page, site + late.path + `?session=${inside.scheduleId}`);
  await logInAs(page, email);
  let panel = await livePanel(page);
  const marked = panel.getByTestId('no-online-cancel').first();
  await marked.waitFor();
  assert.equal(await marked.innerText(), '已無法線上取消');
  assert.equal(await panel.locator(`[data-schedule-id="${inside.scheduleId}"]`).getAttribute('aria-pressed'), 'true');
  assert.match(await panel.getByTestId('cancel-policy').innerText(), /已超過線上取消期限/);
  await shot(page, 'funnel-inside-deadline-390');

  await open(page, site + course.path + `?session=${pick.scheduleId}`);
  panel = await livePanel(page);
  const policy = await panel.getByTestId('cancel-policy').innerText();
  assert.match(policy, /^可於 \d{4}\/\d{2}\/\d{2}（.）\d{2}:\d{2} 前線上取消預約/);
  await panel.getByTestId('payment-options').waitFor();
  await panel.getByTestId('confirm-booking').tap();
  await panel.getByTestId('booking-done').waitFor();
  const [m] = await mailsWith(email, /預約成功/);
  assert.match(m.text, /如需取消，請於 \d{4}\/\d{2}\/\d{2}（.）\d{2}:\d{2} 前於線上取消/);
  // the panel and the mail name the same deadline
  assert.equal(m.text.match(/請於 (\S+) 前/)[1], policy.match(/可於 (\S+) 前/)[1]);
  await page.context().close();
});

test('full days and full sessions say so before a tap, and joining the waiting list is mailed once', async () => {
  const course = await coursePath('墊上皮拉提斯');
  const seats = (await seatsOf(course.courseId)).filter((x) => x.bookableNow);
  const day = seats[seats.length - 1].scheduleDate;
  const ids = seats.filter((x) => x.scheduleDate === day).map((x) => x.scheduleId);
  for (const sid of ids) sql(`update course_schedules set booked = capacity where id = :'sid'`, { sid });
  const page = await newPage(browser, phone);
  await open(page, site + course.path);
  await logInAs(page, 'member@example.com');
  const panel = await livePanel(page);
  const dateChip = panel.getByTestId('booking-date').filter({ hasText: chip(day) });
  assert.match(await dateChip.innerText(), /額滿/);
  assert.equal(await dateChip.getAttribute('data-full'), 'true');
  await dateChip.tap();
  const full = panel.locator(`[data-schedule-id="${ids[0]}"]`);
  assert.match(await full.innerText(), /額滿・可候補/);
  await shot(page, 'funnel-full-day-390');
  await full.tap();
  const before = Number(sql(`select coalesce(max(id), 0) from mail_outbox`));
  const seen = await lastMailId('member@example.com');
  await panel.getByTestId('join-waiting').tap();
  await page.getByTestId('snackbar').getByText(/已加入候補/).waitFor();
  const m = await mailTo('member@example.com', { after: seen });
  assert.match(m.subject, /已加入候補名單/);
  assert.match(m.text, /目前為第 \d+ 位/);
  // joining again (the API, as a second tap would) mails nothing more
  const again = await page.evaluate(async (scheduleId) => {
    const res = await fetch('/api/schedule/waiting/add', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ brandId: 'demo', scheduleId, action: '' }) });
    return res.status;
  }, ids[0]);
  assert.equal(again, 200);
  assert.equal(sql(`select count(*) from mail_outbox m join users u on u.id = m.user_id where u.brand_id = 'demo' and u.email = 'member@example.com'
                     and m.subject like '%已加入候補名單%' and m.id > :'id'`, { id: before }), '1');
  await page.context().close();
});

test('the picker lists only what can pay, and 預約成功 leaves 加入行事曆 uncovered', async () => {
  const course = await coursePath('有氧飛輪 45');
  const pick = await bookable(course.courseId, 2);
  const page = await newPage(browser, phone);
  await open(page, site + course.path + `?session=${pick.scheduleId}`);
  await logInAs(page, 'member@example.com');
  const panel = await livePanel(page);
  const options = panel.getByTestId('payment-options');
  await options.waitFor();
  // the demo member also holds timing cards, which this course does not take: not listed
  const all = await page.evaluate(async (sid) => (await (await fetch(`/api/schedule/paymentInfo?brandId=demo&scheduleId=${sid}`)).json()).data.options, pick.scheduleId);
  assert.ok(all.some((o) => !o.usable), 'the member holds something that cannot pay');
  assert.equal(await options.locator('input').count(), all.filter((o) => o.usable).length);
  assert.equal(await options.locator('input:disabled').count(), 0);
  assert.doesNotMatch(await options.innerText(), /此票券不適用於本課程/);
  await panel.getByTestId('confirm-booking').tap();
  const conflict = page.getByTestId('conflict-dialog');
  const done = panel.getByTestId('booking-done');
  await Promise.race([conflict.waitFor(), done.waitFor()]);
  if (await conflict.isVisible()) await conflict.getByRole('button', { name: '仍要預約' }).tap();
  await done.waitFor();
  assert.match(await done.innerText(), /預約成功！/);
  const cal = done.getByTestId('booking-calendar');
  await cal.scrollIntoViewIfNeeded();
  const covered = await cal.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !(top === el || el.contains(top));
  });
  assert.equal(covered, false, '加入行事曆 is not covered');
  assert.equal(await page.getByTestId('snackbar').count(), 0);
  await cal.tap();
  await page.getByTestId('calendar-dialog').waitFor();
  await shot(page, 'funnel-booked-calendar-390');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});
