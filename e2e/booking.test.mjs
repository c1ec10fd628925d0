// Booking in Chromium. The demo member logs in, books a class
// with a ticket on the course page, sees it in the member centre, adds it
// to a calendar (the .ics answers with the booking's UID), cancels it;
// joins the waiting list of the demo's full class, is promoted when
// another member cancels (through the API as that member), and checks in.
// Multi-booking books two sessions in one confirmation.
// The booking panel at 390 and 1280 px.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newContext, newPage, open, shot, base, sql, logInAs, expected, coursePath, chip, livePanel, clashes } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** MD5 of demo1234: passwords leave the browser as their MD5 (spec section 5). */
const demoPassword = '6e9bece1914809fb8493146417e722f6';

async function login(page, email) {
  await logInAs(page, email);
  await page.getByTestId('member-name').waitFor();
}

/** The JSON data of an API call (throws on a failure envelope). */
async function api(request, path, body) {
  const res = body === undefined ? await request.get(base + path) : await request.post(base + path, { data: body });
  const env = await res.json();
  assert.equal(env.errorCode, 0, `${path}: ${env.message}`);
  return env.data;
}

test('book a class with a ticket, see it in the member centre, add it to a calendar, cancel it', async () => {
  const page = await newPage(browser);
  const course = await coursePath('有氧飛輪 45');
  await open(page, course.path);
  // a visitor: the panel asks to log in first
  const panel = await livePanel(page);
  await panel.getByRole('button', { name: '登入後預約' }).waitFor();
  await login(page, 'member@example.com');
  await livePanel(page);

  // a session the member can book and still cancel online (12 hours
  // before its start): its seats are announced
  const seats = await api(page.request, `/api/schedule?brandId=demo&courseId=${course.courseId}`);
  const pick = seats.find((x) => x.bookableNow && !x.myBookingId && Date.parse(x.cancelDeadline) > Date.now() + 3600_000
    && !clashes('member@example.com', x.scheduleId));
  assert.ok(pick, 'a session to book and cancel');
  await panel.getByTestId('booking-date').filter({ hasText: chip(pick.scheduleDate) }).click();
  const scheduleId = pick.scheduleId;
  const session = panel.locator(`[data-schedule-id="${scheduleId}"]`);
  await session.click();
  assert.equal(await session.getAttribute('aria-pressed'), 'true');
  assert.match(await panel.getByTestId('seats-live').innerText(), /剩餘 \d+ 個名額/);
  assert.equal(await panel.getByTestId('seats-live').getAttribute('aria-live'), 'polite');
  // the entitlements: the best preselected (the passcard valid that day
  // costs nothing); pay with the count card instead, its cost shown
  const options = panel.getByTestId('payment-options');
  await options.waitFor();
  const best = options.locator('label', { has: page.locator('input:checked') });
  assert.match(await best.innerText(), /建議/);
  const ticket = options.locator('label', { hasText: '計次卡' }).first();
  await ticket.click();
  assert.equal(await ticket.locator('input').isChecked(), true);
  const cost = (await ticket.innerText()).match(/扣抵 1 次・剩餘 (\d+) 次/);
  assert.ok(cost, await ticket.innerText());
  await panel.getByTestId('confirm-booking').click();
  // a clash with another of the member's bookings asks first
  const conflict = page.getByTestId('conflict-dialog');
  const done = panel.getByTestId('booking-done');
  await Promise.race([conflict.waitFor(), done.waitFor()]);
  if (await conflict.isVisible()) await conflict.getByRole('button', { name: '仍要預約' }).click();
  await done.waitFor();
  // the result says so itself, beside its calendar chip: no snackbar over it
  await done.getByText('預約成功！').waitFor();
  assert.equal(await page.getByTestId('snackbar').count(), 0);
  // the seats went down by one, and the session is the member's now
  const booked = panel.locator(`[data-schedule-id="${scheduleId}"]`);
  await booked.getByText('已預約').waitFor();

  const bookingId = await done.locator('[data-booking-id]').getAttribute('data-booking-id');

  // add to calendar: the booking's .ics with its UID, and Google Calendar
  const calButton = done.getByTestId('booking-calendar');
  await calButton.click();
  const cal = page.getByTestId('calendar-dialog');
  await cal.waitFor();
  const icsUrl = await cal.getByTestId('ics-link').getAttribute('href');
  const ics = await (await page.request.get(new URL(icsUrl, base).href)).text();
  assert.match(ics, /BEGIN:VEVENT\r\n/);
  const uid = ics.match(/\r\nUID:([^\r\n]+)\r\n/)?.[1];
  assert.ok(uid, 'the .ics has a UID');
  const again = await (await page.request.get(new URL(icsUrl, base).href)).text();
  assert.ok(again.includes('UID:' + uid), 'the UID is stable');
  assert.ok((await cal.getByTestId('google-calendar-link').getAttribute('href')).startsWith('https://calendar.google.com/calendar/'));
  await shot(page, 'booking-calendar-1280');
  await page.keyboard.press('Escape');
  await cal.waitFor({ state: 'detached' });
  // focus went back to the control that opened the dialog
  assert.equal(await calButton.evaluate((el) => el === document.activeElement), true);

  // the member centre lists it under upcoming
  await done.getByRole('link', { name: '查看我的預約' }).click();
  await page.waitForURL(base + '/demo/user/booking');
  const mine = page.locator(`[data-testid="booking"][data-booking-id="${bookingId}"][data-status="booked"]`);
  await mine.waitFor();
  assert.match(await mine.innerText(), /有氧飛輪 45[\s\S]*計次卡/);
  assert.ok(uid.includes(bookingId), `the UID ${uid} names booking ${bookingId}`);
  await shot(page, 'member-bookings-1280');

  // cancel: the dialog confirms (what comes back), then it is cancelled
  // (once the booking's snackbar is gone: setting it while one shows just hides it)
  await page.getByTestId('snackbar').waitFor({ state: 'detached' });
  const cancelButton = page.locator(`[data-booking-id="${bookingId}"]`).getByTestId('cancel-booking');
  await cancelButton.click();
  const dlg = page.getByTestId('cancel-booking-dialog');
  await dlg.getByText(/退回 1 次至「.*計次卡」/).waitFor();
  assert.ok((await dlg.boundingBox()).width <= 700);
  await shot(page, 'dialog-cancel-booking-1280');
  await dlg.getByRole('button', { name: '確定取消' }).click();
  await dlg.waitFor({ state: 'detached' });
  await page.getByTestId('snackbar').getByText('已取消預約').waitFor();
  // a cancelled class still to come is listed apart, under 已取消, not among the past bookings
  await page.getByTestId('bookings-cancelled').locator(`[data-booking-id="${bookingId}"][data-status="cancelled"]`).waitFor();
  assert.equal(await page.getByTestId('bookings-past').locator(`[data-booking-id="${bookingId}"]`).count(), 0);
  // a cancelled booking's .ics cancels the event
  const cancelled = await (await page.request.get(new URL(icsUrl, base).href)).text();
  assert.match(cancelled, /METHOD:CANCEL/);
  assert.ok(cancelled.includes('UID:' + uid));

  // the booking records: the whole history, filtered by status
  await page.getByRole('link', { name: '查看全部預約紀錄' }).click();
  await page.waitForURL(base + '/demo/bookingRecord/bookingRecordList');
  await page.getByLabel('狀態').selectOption('cancelled');
  await page.getByRole('button', { name: '套用' }).click();
  await page.waitForURL(/status=cancelled/);
  await page.locator(`[data-testid="booking"][data-booking-id="${bookingId}"]`).waitFor();
  const statuses = await page.getByTestId('booking').evaluateAll((els) => els.map((e) => e.dataset.status));
  assert.ok(statuses.length >= 2 && statuses.every((x) => x === 'cancelled'), statuses.join(','));
  assert.match(await page.getByTestId('records-count').innerText(), /共 \d+ 筆預約/);
  await shot(page, 'booking-records-1280');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('join the full class\'s waiting list and be promoted when another member cancels', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  const course = await coursePath('核心床皮拉提斯');
  const seats = (await (await fetch(`${base}/api/schedule?brandId=demo&courseId=${course.courseId}`)).json()).data;
  const full = seats.find((s) => s.full);
  assert.ok(full, 'the demo has a full class');
  await open(page, course.path);
  await login(page, 'member@example.com');
  const panel = await livePanel(page);
  await panel.getByTestId('booking-date').filter({ hasText: chip(full.scheduleDate) }).click();
  await panel.locator(`[data-schedule-id="${full.scheduleId}"]`).click();
  assert.match(await panel.getByTestId('seats-live').innerText(), /名額已滿/);
  await shot(page, 'booking-panel-full-390');
  await panel.getByTestId('join-waiting').click();
  // 王小美 waits before the demo member
  await page.getByTestId('snackbar').getByText('已加入候補，目前第 2 位').waitFor();
  await panel.locator(`[data-schedule-id="${full.scheduleId}"]`).getByText('候補第 2 位').waitFor();

  await open(page, '/demo/user/booking');
  const entry = page.locator(`[data-testid="waiting"][data-schedule-id="${full.scheduleId}"]`);
  assert.match(await entry.getByTestId('waiting-position').innerText(), /候補第 2 位/);

  // 陳大文 cancels his seat through the API; 王小美's count card is used
  // up, so her turn skips her and the demo member is booked
  const other = await newContext(browser);
  await api(other.request, '/api/session/login', { brandId: 'demo', email: 'member2@example.com', password: demoPassword });
  const list = await api(other.request, '/api/user/bookingList?brandId=demo&pageSize=50');
  const his = list.list.find((b) => b.scheduleId === full.scheduleId && b.status === 'booked');
  assert.ok(his, '陳大文 holds a seat in the full class');
  await api(other.request, '/api/user/cancelBooking', { brandId: 'demo', bookingId: his.id });
  await other.close();

  await open(page, '/demo/user/booking');
  assert.equal(await entry.count(), 0, 'no longer waiting');
  const promoted = page.locator('[data-testid="booking"][data-status="booked"]', { hasText: '核心床皮拉提斯' });
  await promoted.first().waitFor();
  await shot(page, 'member-bookings-promoted-390');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

/** Books the session of course starting within the hour (e2e/fixtures.go), from its course page. */
async function bookSoon(page, name) {
  const course = await coursePath(name);
  const seats = (await (await fetch(`${base}/api/schedule?brandId=demo&courseId=${course.courseId}`)).json()).data;
  const soon = seats.find((s) => s.bookableNow && Date.parse(s.bookingClosesAt) - Date.now() < 3600_000);
  assert.ok(soon, `${name} has a session starting within the hour`);
  await open(page, course.path);
  const panel = await livePanel(page);
  await panel.getByTestId('booking-date').filter({ hasText: chip(soon.scheduleDate) }).click();
  await panel.locator(`[data-schedule-id="${soon.scheduleId}"]`).click();
  await panel.getByTestId('payment-options').waitFor();
  await panel.getByTestId('confirm-booking').click();
  return { panel, soon };
}

test('a class within the hour: the conflict check, the contact dialog past the cancel deadline, check in by the dialog and by QR code', async () => {
  const page = await newPage(browser);
  await open(page, '/demo');
  await login(page, 'member@example.com');
  const first = await bookSoon(page, '筋膜放鬆伸展');
  await first.panel.getByTestId('booking-done').waitFor();
  // the second class overlaps the first: the conflict-check dialog
  const second = await bookSoon(page, '晨間伸展');
  const conflict = page.getByTestId('conflict-dialog');
  await conflict.waitFor();
  assert.match(await conflict.innerText(), /筋膜放鬆伸展/);
  assert.ok((await conflict.boundingBox()).width <= 700);
  await shot(page, 'dialog-conflict-1280');
  await conflict.getByRole('button', { name: '仍要預約' }).click();
  await second.panel.getByTestId('booking-done').waitFor();

  await open(page, '/demo/user/booking');
  const cardOf = (name) => page.locator('[data-testid="booking"][data-status="booked"]', { hasText: name }).filter({ has: page.getByTestId('check-in') });
  const a = cardOf('筋膜放鬆伸展').first();
  await a.waitFor();
  const aId = await a.getAttribute('data-booking-id');
  // cancelling within 12 hours of the start is not allowed online: the
  // contact dialog with the rule's message and the store's phone
  await a.getByTestId('cancel-booking').click();
  const contact = page.getByTestId('contact-dialog');
  await contact.waitFor();
  assert.ok((await contact.getByTestId('contact-reason').innerText()).length > 0);
  assert.match(await contact.getByTestId('contact-phone').getAttribute('href'), /^tel:[0-9+]+$/);
  await shot(page, 'dialog-contact-1280');
  await contact.getByRole('button', { name: '返回' }).click();
  await contact.waitFor({ state: 'detached' });

  // check in from the list: the confirm dialog
  await page.getByTestId('snackbar').waitFor({ state: 'detached' });
  await a.getByTestId('check-in').click();
  const dlg = page.getByTestId('check-in-dialog');
  await shot(page, 'dialog-check-in-1280');
  await dlg.getByRole('button', { name: '確認簽到' }).click();
  await page.getByTestId('snackbar').getByText('簽到成功').waitFor();
  const done = page.locator(`[data-booking-id="${aId}"]`);
  await done.getByText('已簽到').waitFor();
  assert.equal(await done.getByTestId('cancel-booking').count(), 0, 'a check-in cannot be undone by cancelling');

  // check in by QR code: the studio scanner reads the member's code
  await page.getByTestId('check-in-qr').click();
  const qr = page.getByTestId('check-in-qr-dialog');
  await qr.locator('svg').waitFor();
  const token = await qr.locator('[data-token]').getAttribute('data-token');
  assert.match(await qr.getByTestId('member-barcode').innerText(), /\S+/);
  await shot(page, 'dialog-check-in-qr-1280');
  await page.keyboard.press('Escape');
  await qr.waitFor({ state: 'detached' });
  const res = await fetch(base + '/api/checkin/qr', {
    method: 'POST',
    headers: { Authorization: 'Bearer ' + process.env.SCANNER_TOKEN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, scheduleId: second.soon.scheduleId }),
  });
  const env = await res.json();
  assert.equal(env.errorCode, 0, env.message);
  assert.equal(env.data.courseName, '晨間伸展');
  await open(page, '/demo/user/booking');
  await page.locator('[data-testid="booking"]', { hasText: '晨間伸展' }).getByText('已簽到').first().waitFor();
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('multi-booking: two sessions in one confirmation', async () => {
  const page = await newPage(browser);
  const course = await coursePath('哈達瑜珈');
  await open(page, course.path);
  await login(page, 'member@example.com');
  const panel = await livePanel(page);
  const seats = await api(page.request, `/api/schedule?brandId=demo&courseId=${course.courseId}`);
  const two = seats.filter((x) => x.bookableNow && !x.myBookingId && Date.parse(x.cancelDeadline) > Date.now() + 3600_000).slice(-2);
  assert.equal(two.length, 2, 'two sessions to book');
  for (const x of two) {
    await panel.getByTestId('booking-date').filter({ hasText: chip(x.scheduleDate) }).click();
    await panel.locator(`[data-schedule-id="${x.scheduleId}"]`).click();
  }
  assert.match(await panel.getByTestId('seats-live').innerText(), /^已選 2 個時段；/);
  await panel.getByTestId('payment-options').waitFor();
  const confirm = panel.getByTestId('confirm-booking');
  assert.equal(await confirm.innerText(), '確認預約 2 堂');
  await confirm.click();
  const conflict = page.getByTestId('conflict-dialog');
  const done = panel.getByTestId('booking-done');
  await Promise.race([conflict.waitFor(), done.waitFor()]);
  if (await conflict.isVisible()) await conflict.getByRole('button', { name: '仍要預約' }).click();
  await done.waitFor();
  assert.equal(await done.locator('[data-booking-id]').count(), 2);
  await done.getByText('已預約 2 堂課').waitFor();
  const after = await api(page.request, `/api/schedule?brandId=demo&courseId=${course.courseId}`);
  for (const x of two) assert.ok(after.find((y) => y.scheduleId === x.scheduleId).myBookingId > 0, `session ${x.scheduleId} is booked`);
  await panel.locator(`[data-schedule-id="${two[1].scheduleId}"]`).getByText('已預約').waitFor();
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('the booking panel fits a 390 px phone and a 1280 px screen', async () => {
  const course = await coursePath('有氧飛輪 45');
  for (const width of [390, 1280]) {
    const page = await newPage(browser, { viewport: { width, height: 900 } });
    await open(page, course.path);
    await login(page, 'member@example.com');
    const panel = await livePanel(page);
    await panel.locator('[data-testid="booking-session"]:not([disabled])').first().click();
    await panel.getByTestId('payment-options').waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `the page overflows at ${width} px`);
    const box = await panel.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= width, `the panel fits at ${width} px`);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, `booking-panel-${width}`);
    assert.deepEqual(page.errors.filter(expected), []);
    await page.context().close();
  }
});

test('a member whose only holding is a timing card short of minutes is told so and sent to its plans', async () => {
  // a member of the demo brand (every required field filled) holding only a
  // timing card with 10 minutes left
  sql(`insert into users (brand_id, email, name, phone, password_hash, custom_values, email_verified_at)
       select 'demo', 'short@example.com', '張小短', '0955666777', password_hash, custom_values, now()
         from users where brand_id = 'demo' and email = 'member@example.com'
       on conflict do nothing`);
  sql(`insert into member_counting_passcards (brand_id, user_id, item_id, name, total_minutes, remain_minutes, activated_on, ends_on, available, purchased_at)
       select 'demo', u.id, i.id, i.name, 600, 10, current_date - 30, current_date + 60, true, now() - interval '30 days'
         from users u join items i on i.brand_id = 'demo' and i.name = '自由重訓 600 分鐘卡'
        where u.brand_id = 'demo' and u.email = 'short@example.com'`);
  const page = await newPage(browser);
  const course = await coursePath('肌力訓練基礎班');
  await open(page, course.path);
  const panel = await livePanel(page);
  await login(page, 'short@example.com');
  await livePanel(page);
  const seats = await api(page.request, `/api/schedule?brandId=demo&courseId=${course.courseId}`);
  const pick = seats.find((x) => x.bookableNow && !x.myBookingId);
  assert.ok(pick, 'a session to book');
  await panel.getByTestId('booking-date').filter({ hasText: chip(pick.scheduleDate) }).click();
  await panel.locator(`[data-schedule-id="${pick.scheduleId}"]`).click();
  const dialog = page.getByTestId('timing-card-not-enough-dialog');
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /計時卡點數不足[\s\S]*剩餘 10 分鐘/);
  await dialog.getByRole('link', { name: '購買計時卡方案' }).click();
  await page.waitForURL(base + '/demo/user/timingcard/plans');
  await dialog.waitFor({ state: 'detached' });
  await page.close();
});
