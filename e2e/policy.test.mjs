// The late-cancel and no-show policy in Chromium, on a phone (390 px).
// A course that allows late cancels and counts no-shows says so in its
// booking panel before booking; past its deadline the member may still
// cancel, the dialog saying nothing comes back; with the brand suspending
// after one such strike, the member's bookings page then says until when
// online booking is suspended, and booking is refused with that reason.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, shot, base, sql, logInAs, phone, clashes } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a late cancel forfeits, said before; the suspension it brings is shown with its end', async () => {
  // its deadline 999 hours before the start: every coming session is past it
  sql(`update courses set late_cancel = 'forfeit', no_show = 'counted', cancel_hours = 999 where brand_id = 'demo' and name = '有氧飛輪 45'`);
  sql(`update brands set suspension_strikes = 1, suspension_within_days = 30, suspension_days = 7 where id = 'demo'`);
  const page = await newPage(browser, phone);
  await open(page, '/demo');
  await logInAs(page, 'member@example.com');
  await page.getByTestId('member-name').waitFor();
  const res = await fetch(base + '/api/search/searchEventList?brandId=demo&pageSize=50&keyword=' + encodeURIComponent('有氧飛輪 45'));
  const course = (await res.json()).data.list.find((x) => x.courseName === '有氧飛輪 45' && x.storeShortName === '信義館');
  const seats = (await (await page.request.get(`${base}/api/schedule?brandId=demo&courseId=${course.courseId}`)).json()).data;
  const pick = seats.find((x) => x.bookableNow && !x.myBookingId && !clashes('member@example.com', x.scheduleId));
  assert.ok(pick, 'a session to book');
  assert.equal(pick.lateCancel, true);

  // the panel says the policy before booking
  await open(page, `/demo/activity/${course.storeId}/${course.courseId}`);
  const panel = page.getByTestId('booking-panel');
  await page.locator('[data-testid="booking-panel"][data-state="live"]').waitFor();
  const chip = `${+pick.scheduleDate.slice(5, 7)}/${+pick.scheduleDate.slice(8, 10)}（`;
  await panel.getByTestId('booking-date').filter({ hasText: chip }).click();
  await panel.locator(`[data-schedule-id="${pick.scheduleId}"]`).click();
  const policy = panel.getByTestId('cancel-policy');
  await policy.waitFor();
  assert.match(await policy.innerText(), /開課前仍可線上取消，但此次扣抵的票券額度不退還[\s\S]*記為未到/);
  await shot(page, 'policy-panel-390');

  const booked = await (await page.request.post(base + '/api/schedule/booking', { data: { brandId: 'demo', scheduleId: pick.scheduleId } })).json();
  assert.equal(booked.errorCode, 0, booked.message);
  const id = booked.data.bookings[0].id;

  // cancelling late: told before confirming that nothing comes back
  await open(page, '/demo/user/booking');
  await page.locator(`[data-booking-id="${id}"]`).getByTestId('cancel-booking').click();
  const dlg = page.getByTestId('cancel-booking-dialog');
  await dlg.getByTestId('cancel-outcome').getByText(/不退還/).waitFor();
  await shot(page, 'policy-late-cancel-390');
  await dlg.getByRole('button', { name: '確定取消' }).click();
  await dlg.waitFor({ state: 'detached' });
  assert.equal(sql(`select late_cancel from bookings where id = :'id'`, { id }), 't');

  // one strike suspends: the page says why and until when; booking is refused
  await open(page, '/demo/user/booking');
  const notice = page.getByTestId('booking-suspension');
  assert.match(await notice.innerText(), /線上預約暫停至 \d{4}\/\d{2}\/\d{2}/);
  assert.equal(await page.locator(`[data-booking-id="${id}"]`).getByTestId('booking-forfeited').innerText(), '逾時取消，扣抵的額度不退還');
  await shot(page, 'policy-suspended-390');
  const refused = await (await page.request.post(base + '/api/schedule/booking', { data: { brandId: 'demo', scheduleId: pick.scheduleId } })).json();
  assert.equal(refused.errorCode, -95);
  assert.match(refused.message, /逾時取消或未到，線上預約暫停至/);
  assert.deepEqual(page.errors.filter((e) => !/status of 409/.test(e)), []);
});
