// A member buys a term class's trial session (the
// trial check runs first) and pays on the NewebPay sandbox; a second trial
// is refused with its message. The demo member pays the counting passcard
// that went 25 minutes below zero (NT$150, computed by the server) and the
// card owes nothing after.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, sql, base, logInAs, payByCard, orderResult } from './lib.mjs';

const site = base.replace('//127.0.0.1', '//localhost');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function logIn(page) {
  await open(page, site + '/demo');
  await logInAs(page, 'member@example.com');
  await page.getByTestId('member-name').waitFor();
}

test('a member buys a term trial after its check, pays by card; a second trial is refused', async () => {
  const page = await newPage(browser);
  await logIn(page);
  const [termId, classId] = sql(`select term_schedule_id || ' ' || id from term_classes where name = '週末皮拉提斯養成班｜週日上午'`).split(' ');
  const checkout = `${site}/demo/termSchedule/checkout?termScheduleId=${termId}&scheduleId=${classId}&trial=1`;
  await open(page, checkout);
  assert.equal(await page.getByTestId('checkout-total').innerText(), 'NT$ 500');
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  await payByCard(page)
    .then(() => orderResult(page, 'paid'))
    .catch(async (e) => {
      throw new Error(`${e.message}\n${page.url()}\n${await page.locator('body').innerText()}`.slice(0, 1500));
    });
  const booked = sql(`select count(*) from bookings b join users u on u.id = b.user_id
    where u.email = 'member@example.com' and u.brand_id = 'demo' and b.pay_kind = 'order' and b.status = 'booked'`);
  assert.ok(Number(booked) >= 1);
  // enrolled, not "not active yet"; my bookings name the session by the term's class
  assert.equal(await page.getByTestId('activation').innerText(), '已報名，課程已預約');
  await open(page, site + '/demo/user/booking');
  await page.getByTestId('bookings-upcoming').getByRole('heading', { name: '週末皮拉提斯養成班｜週日上午' }).first().waitFor();

  await open(page, checkout);
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  await page.getByText('您已體驗過此學期課程，體驗課每位會員限一次').waitFor();
  await page.close();
});

test('the demo member pays an overdue counting passcard in the sandbox, once', async () => {
  const page = await newPage(browser);
  await logIn(page);
  await open(page, site + '/demo/counting-passcard-overdue-purchase');
  const card = page.getByTestId('overdue-card');
  await card.getByText('NT$ 150').waitFor();
  await card.getByRole('link', { name: '補繳' }).click();
  await page.getByTestId('overdue-amount').waitFor();
  assert.equal(await page.getByTestId('overdue-amount').innerText(), 'NT$ 150');
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  await payByCard(page);
  await orderResult(page, 'paid');
  const remain = sql(`select min(remain_minutes) from member_counting_passcards m join users u on u.id = m.user_id
    where u.email = 'member@example.com' and u.brand_id = 'demo'`);
  assert.ok(Number(remain) >= 0, `a card still owes: ${remain}`);
  await open(page, site + '/demo/counting-passcard-overdue-purchase');
  await page.getByTestId('overdue-none').waitFor();
  await page.close();
});
