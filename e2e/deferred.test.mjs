// Buying with ACH in Chromium. The member checks out a pass by
// ACH (the authorisation form, its inline errors, the agreement), lands on
// the order result page in the pending state, finds the order in the
// member centre's list of orders waiting for payment (待銀行核准, its
// amount, a link to its result page), the ACH sandbox (the bank)
// approves, the result page shows the order paid, and the member centre
// shows it among what the member holds, no longer pending; its refund
// dialog says the studio refunds it by bank transfer, and the request
// waits for the studio.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, sql, base, logInAs } from './lib.mjs';

const site = base.replace('//127.0.0.1', '//localhost');
let browser;
before(async () => {
  sql(`update brands set modules = array(select distinct unnest(modules || array['ACH_PAYMENT'])) where id = 'demo'`);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  sql(`update brands set modules = array_remove(modules, 'ACH_PAYMENT') where id = 'demo'`);
});

test('buy with ACH: pending until the bank approves', async () => {
  const page = await newPage(browser);
  await logInAs(page, 'member@example.com', { path: site + '/demo' });
  const id = sql(`select id from items where brand_id = 'demo' and name = '季卡通行卡'`);
  await open(page, site + `/demo/passcard/${id}/checkout`);
  await page.getByRole('radio', { name: 'ACH 銀行帳戶扣款' }).check();
  const form = page.getByTestId('ach-form');
  await form.getByLabel('銀行代碼（3 碼）').fill('81');
  await form.getByLabel('分行代碼（4 碼）').click();
  await page.getByTestId('ach-error-bankCode').waitFor();
  await form.getByLabel('銀行代碼（3 碼）').fill('812');
  await form.getByLabel('分行代碼（4 碼）').fill('0012');
  await form.getByLabel('帳號').fill('12345678901234');
  await form.getByLabel('戶名').fill('林小安');
  await form.getByLabel('身分證字號或居留證號').fill('A123456789');
  await form.getByRole('checkbox', { name: /ACH 授權扣款約定書/ }).check();
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  await page.waitForURL(/\/demo\/orderResult\//);
  const result = page.getByTestId('order-result');
  assert.equal(await result.getAttribute('data-state'), 'awaiting_payment');
  assert.match(await result.innerText(), /等待銀行回覆/);
  assert.match(await page.getByTestId('ach-mandate').innerText(), /\*\*\*\*1234/);
  const orderNo = await page.getByTestId('order-no').innerText();
  const resultURL = page.url();

  // the member centre lists it as waiting for the bank
  await open(page, site + '/demo/user');
  const pending = page.getByRole('region', { name: '待付款的訂單' });
  const row = pending.locator(`[data-order="${orderNo}"]`);
  assert.match(await row.innerText(), /待銀行核准/);
  assert.match(await row.innerText(), /季卡通行卡/);
  const amount = sql(`select amount from orders where number = :'no'`, { no: orderNo });
  assert.match(await row.innerText(), new RegExp('NT\\$ ' + Number(amount).toLocaleString('en-US')));
  await row.getByRole('link', { name: `查看訂單 ${orderNo}` }).click();
  await page.waitForURL(resultURL);

  // the bank (the sandbox) approves
  await page.goto(site + '/dev/ach/'); // the bank's page: not the app's
  const mandate = page.locator(`[data-mandate="${orderNo}"]`);
  await mandate.getByRole('button', { name: '核准' }).click();
  await page.locator('#ach-message').waitFor();
  await open(page, resultURL);
  assert.equal(await page.getByTestId('order-result').getAttribute('data-state'), 'paid');
  assert.match(await page.getByTestId('ach-mandate').innerText(), /銀行已核准/);

  // held now, no longer pending: among the paid orders
  await open(page, site + '/demo/user');
  assert.equal(await page.getByTestId('pending-order').and(page.locator(`[data-order="${orderNo}"]`)).count(), 0);
  assert.equal(await page.getByTestId('member-order').and(page.locator(`[data-order="${orderNo}"]`)).count(), 1);
  await open(page, site + '/demo/user/passcard');
  const held = sql(`select count(*) from member_passcards p join orders o on o.id = p.order_id where o.number = :'no'`, { no: orderNo });
  assert.equal(held, '1');
  assert.ok((await page.getByTestId('passcard').filter({ hasText: '季卡通行卡' }).count()) >= 1);

  // its refund: the member centre says the studio refunds it by bank
  // transfer, and the request waits for the studio
  await open(page, site + '/demo/user');
  const order = page.locator(`[data-testid="member-order"][data-order="${orderNo}"]`);
  await order.getByTestId('refund-open').click();
  const dialog = page.getByTestId('refund-dialog');
  await dialog.getByTestId('refund-amount').waitFor();
  assert.match(await dialog.getByTestId('refund-by-studio').innerText(), /銀行轉帳退款/);
  await dialog.getByTestId('refund-confirm').click();
  await order.getByTestId('refund-state').waitFor();
  assert.equal(await order.getByTestId('refund-state').innerText(), '退款審核中');
  assert.equal(sql(`select r.state from refunds r join orders o on o.id = r.order_id where o.number = :'no'`, { no: orderNo }), 'requested');
  await page.close();
});
