// Refunds in Chromium on a phone (390 × 844): a member buys a pass by
// card on the NewebPay sandbox, and the same day, in the member centre's
// order list, asks for its refund: the dialog shows everything back under
// the seven-day cooling-off rule, the member confirms, and the order shows
// refunded, its pass revoked and the sandbox's trade refunded. A member of
// the plan brand ends the monthly plan (定期定額) the same way: the dialog
// says the charges end, the month comes back, the mandate is terminated
// at the sandbox and its next period charges nothing.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, shot, sql, base, logInAs, payByCard, orderResult, buyMonthlyPlan } from './lib.mjs';

// the public origin (dev: localhost), where the payment sandboxes live
const site = base.replace('//127.0.0.1', '//localhost');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a member cancels a pass bought today at 390 px and gets everything back', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await open(page, site + '/demo');
  await logInAs(page, 'member3@example.com');
  const [type, id] = sql(`select type || ' ' || id from items where brand_id = 'demo' and name = '季卡通行卡'`).split(' ');
  await open(page, site + `/demo/${type}/${id}/checkout`);
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('radio', { name: '信用卡付款' }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  await payByCard(page);
  await orderResult(page, 'paid');
  const orderNo = (await page.getByTestId('order-no').innerText()).trim();

  await open(page, site + '/demo/user');
  const order = page.locator(`[data-testid="member-order"][data-order="${orderNo}"]`);
  await order.getByTestId('refund-open').click();
  const dialog = page.getByTestId('refund-dialog');
  const amount = dialog.getByTestId('refund-amount');
  await amount.waitFor();
  assert.match(await amount.innerText(), /可退金額 NT\$ 7,200/);
  assert.match(await dialog.innerText(), /七日內解約/);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the dialog fits 390 px');
  await shot(page, 'refund-dialog-390');
  await dialog.getByTestId('refund-confirm').click();
  await order.getByTestId('refund-state').waitFor();
  assert.equal(await order.getByTestId('refund-state').innerText(), '已退款');
  assert.equal(await order.getByTestId('refund-open').count(), 0, 'no second refund offered');
  assert.equal(sql(`select r.state || ' ' || r.amount || ' ' || o.state from refunds r join orders o on o.id = r.order_id where o.number = :'no'`, { no: orderNo }),
    'refunded 7200 refunded');
  assert.equal(sql(`select count(*) from member_passcards p join orders o on o.id = p.order_id where o.number = :'no' and p.revoked_at is null`, { no: orderNo }), '0');
  await shot(page, 'refund-member-centre-390');
  assert.deepEqual(page.errors, []);
});

test('a member ends a monthly plan bought today at 390 px: the charges stop and the month comes back', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await logInAs(page, 'member@example.com', { path: site + '/plan' });
  const orderNo = await buyMonthlyPlan(page, site);

  await open(page, site + '/plan/user');
  const order = page.locator(`[data-testid="member-order"][data-order="${orderNo}"]`);
  await order.getByTestId('refund-open').click();
  const dialog = page.getByTestId('refund-dialog');
  const amount = dialog.getByTestId('refund-amount');
  await amount.waitFor();
  assert.match(await amount.innerText(), /可退金額 NT\$ 1,299/);
  assert.match(await dialog.getByTestId('refund-ends-plan').innerText(), /定期定額.*不會再扣款/);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the dialog fits 390 px');
  await shot(page, 'refund-plan-dialog-390');
  await dialog.getByTestId('refund-confirm').click();
  await order.getByTestId('refund-state').waitFor();
  assert.equal(await order.getByTestId('refund-state').innerText(), '已退款');
  assert.equal(sql(`select r.state || ' ' || r.amount || ' ' || o.state from refunds r join orders o on o.id = r.order_id where o.number = :'no'`, { no: orderNo }),
    'refunded 1299 refunded');
  assert.equal(sql(`select string_agg(m.state, ',') from recurring_mandates m join orders o on o.id = m.order_id where o.number = :'no'`, { no: orderNo }),
    'terminated');
  const r = await page.request.post(site + '/dev/newebpay/period/advance', { form: { periods: '1' } });
  assert.equal(r.status(), 204);
  assert.equal(sql(`select count(*) from recurring_charges c join orders o on o.id = c.order_id where o.number = :'no'`, { no: orderNo }), '1');
  await shot(page, 'refund-plan-member-centre-390');
  assert.deepEqual(page.errors, []);
});
