// A member of the plan brand buys its monthly plan by
// card as a recurring (定期定額) mandate on the NewebPay sandbox; the
// sandbox declines the next month, the member centre shows the failure
// with its link, the member changes the card, the declined month is charged
// again on the new card and the pass recovers.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, sql, base, logInAs, agreeMandate, buyMonthlyPlan } from './lib.mjs';

// the payment sandboxes live on the public origin (dev: localhost)
const site = base.replace('//127.0.0.1', '//localhost');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const charges = (orderNo) =>
  sql(`select string_agg(c.period || ':' || c.state, ',' order by c.period) from recurring_charges c
       join orders o on o.id = c.order_id where o.number = :'n'`, { n: orderNo });

test('a monthly plan by card: a declined month, a card change, the pass recovers', async () => {
  const page = await newPage(browser);
  await logInAs(page, 'member@example.com', { path: site + '/plan' });

  const orderNo = await buyMonthlyPlan(page, site);
  assert.equal(charges(orderNo), '1:paid');

  // the sandbox declines month 2 (its clock is ours: one period on)
  let r = await page.request.post(site + '/dev/newebpay/period/decline', { form: { CardNo: '4000-2211-1111-1111' } });
  assert.equal(r.status(), 204);
  r = await page.request.post(site + '/dev/newebpay/period/advance', { form: { periods: '1' } });
  assert.equal(r.status(), 204);
  assert.equal(charges(orderNo), '1:paid,2:failed');

  await open(page, site + '/plan/user/passcard');
  const pass = page.getByTestId('passcard').filter({ hasText: '月費方案' });
  await pass.getByText('扣款失敗', { exact: true }).waitFor();
  await pass.getByTestId('change-card-link').click();
  await page.waitForURL(new RegExp(`/plan/changeFailCard/${orderNo}`));
  assert.match(await page.getByTestId('masked-card').innerText(), /1111$/);
  await page.getByTestId('start-change').click();
  await agreeMandate(page, '4000-2211-1111-1114');
  await page.waitForURL(new RegExp(`/plan/changeFailCardResult/${orderNo}`));
  await page.locator('[data-testid="card-change"][data-state="active"]').waitFor();
  assert.match(await page.getByTestId('masked-card').innerText(), /\*+ ?1114$/);
  assert.equal(charges(orderNo), '1:paid,2:paid');

  await open(page, site + '/plan/user/passcard');
  await page.getByTestId('passcard').filter({ hasText: '月費方案' }).first().waitFor();
  assert.equal(await page.getByTestId('passcard').filter({ hasText: '扣款失敗' }).count(), 0);
  await page.close();
});
