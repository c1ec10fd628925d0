// Buying in Chromium. A visitor picks an item, logs in, checks
// out, pays on the NewebPay sandbox with a test card, lands on the order
// result and sees the pass in the member centre; a declined card shows the
// failure and a retry; the same purchase with LINE Pay (the sandbox's
// approval page); precheck's refusals (a changed price, an item taken off
// the shelf, an unverified member, missing contact info) each in its
// dialog, which gives focus back to the button that opened it.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { launch, newPage, open, shot, sql, base, logInAs, payByCard, orderResult, expected } from './lib.mjs';

// The journeys run on the storefront's public origin (dev: localhost), as
// visitors do: the payment sandboxes live there, and the host refuses a
// form posted to them from another origin such as 127.0.0.1.
const site = base.replace('//127.0.0.1', '//localhost');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });


const itemId = (name) => sql(`select id from items where brand_id = 'demo' and name = :'name'`, { name });

async function loginInDialog(page, email = 'member@example.com', password = 'demo1234') {
  const dialog = page.getByTestId('login-dialog');
  await dialog.waitFor();
  await dialog.getByLabel('電子信箱').fill(email);
  await dialog.getByLabel('密碼').fill(password);
  await dialog.getByRole('button', { name: '登入', exact: true }).click();
}

async function logIn(page, email = 'member@example.com', password = 'demo1234') {
  await open(page, site + '/demo');
  await logInAs(page, email, { password });
  await page.getByTestId('member-name').waitFor();
}

/** On the checkout page: the amount to pay checked against total, the terms, then 前往付款 (no dialog between). */
async function payNow(page, total) {
  assert.equal(await page.getByTestId('checkout-total').innerText(), total);
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
}

/** How many passcards named name the demo member holds (in the database). */
const held = (name) =>
  Number(sql(`select count(*) from member_passcards p join users u on u.id = p.user_id
               where u.brand_id = 'demo' and u.email = 'member@example.com' and p.name = :'name'`, { name }));

/** The member centre's passcards named name. */
async function passcardsShown(page, name) {
  await open(page, site + '/demo/user/passcard');
  return page.getByTestId('passcard').filter({ hasText: name }).count();
}

test('a visitor picks an item, logs in, pays by card and sees the pass in the member centre', async () => {
  const page = await newPage(browser);
  const id = itemId('年度通行卡');
  await open(page, site + `/demo/passcard/${id}`);
  await page.getByRole('link', { name: '立即購買' }).click();
  // checkout is for members: log in, then back to it
  await loginInDialog(page);
  await page.waitForURL(site + `/demo/passcard/${id}/checkout`);
  await page.getByTestId('checkout').waitFor();
  assert.equal(await page.getByTestId('checkout-name').innerText(), '年度通行卡');
  assert.equal(await page.getByTestId('unit-price').innerText(), 'NT$ 24,800');
  assert.match(await page.getByTestId('payment-hint').innerText(), /付款完成前請勿關閉/);

  // a CUSTOM item: the start date is required, within 30 days
  const start = page.getByLabel('開始日期');
  const [min, max] = [await start.getAttribute('min'), await start.getAttribute('max')];
  assert.equal((Date.parse(max) - Date.parse(min)) / 86400000, 30);
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  assert.equal(await page.getByTestId('form-error').innerText(), '請選擇開始日期');
  await start.fill(min);

  // two of them: the stepper and the total with thousands separators
  await page.getByRole('button', { name: '增加數量' }).click();
  assert.equal(await page.getByTestId('checkout-total').innerText(), 'NT$ 49,600');
  await page.getByRole('button', { name: '減少數量' }).click();
  await page.getByRole('radio', { name: '信用卡付款' }).check();
  await shot(page, 'checkout');
  const before = held('年度通行卡');
  await payNow(page, 'NT$ 24,800');

  await payByCard(page, '4000-2211-1111-1111');
  await orderResult(page, 'paid');
  assert.match(await page.getByTestId('order-result').innerText(), /付款成功/);
  assert.equal(await page.getByTestId('order-amount').innerText(), 'NT$ 24,800');
  assert.equal(await page.getByTestId('masked-card').innerText(), '**** 1111');
  assert.equal(await page.getByTestId('activation').innerText(), '已啟用');
  // a pass bought from the shop: 去預約 leads to the timetable
  assert.equal(await page.getByRole('link', { name: '去預約' }).getAttribute('href'), '/demo/timetable');
  await shot(page, 'order-result-paid');

  await page.getByRole('link', { name: '前往會員中心查看' }).click();
  await page.waitForURL(site + '/demo/user/passcard');
  const pass = page.getByTestId('passcard').filter({ hasText: '年度通行卡' });
  await pass.first().waitFor();
  assert.equal(await pass.count(), before + 1);
  assert.match(await pass.first().innerText(), /使用中/);
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('a declined card shows the failure and a retry that starts again', async () => {
  const page = await newPage(browser);
  await logIn(page);
  const id = itemId('儲值票券 5,000 點（加贈 500 點）');
  await open(page, site + `/demo/point/${id}/checkout`);
  await payNow(page, 'NT$ 5,000');
  await payByCard(page, '4000-2211-1111-1112');
  await orderResult(page, 'failed');
  assert.match(await page.getByTestId('order-result').innerText(), /付款失敗/);
  assert.ok(await page.getByTestId('failure').isVisible());
  await shot(page, 'order-result-failed');
  await page.getByRole('link', { name: '重新付款' }).click();
  await page.waitForURL((u) => u.href.startsWith(site + `/demo/point/${id}/checkout?`));
  await page.getByTestId('checkout').waitFor();
  // the same cart, the terms still ticked
  assert.equal(await page.getByRole('checkbox', { name: /服務條款/ }).isChecked(), true);
  // the retry is a new payment: this time it goes through
  await payNow(page, 'NT$ 5,000');
  await payByCard(page, '4000-2211-1111-1111');
  await orderResult(page, 'paid');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('a card that times out leaves the order awaiting: the payment-status dialog keeps asking', async () => {
  const page = await newPage(browser);
  await logIn(page);
  await open(page, site + `/demo/point/${itemId('儲值票券 1,000 點')}/checkout`);
  await payNow(page, 'NT$ 1,000');
  await payByCard(page, '4000-2211-1111-1113');
  await orderResult(page, 'awaiting_payment');
  const status = page.getByTestId('payment-status-dialog');
  await status.waitFor();
  assert.match(await status.innerText(), /確認中/);
  await shot(page, 'payment-status-dialog');
  await page.keyboard.press('Escape');
  await status.waitFor({ state: 'detached' });
  // it can be asked again from the page
  await page.getByRole('button', { name: '重新確認付款結果' }).click();
  await status.waitFor();
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('the same purchase with LINE Pay, approved on its sandbox page', async () => {
  const page = await newPage(browser);
  await logIn(page);
  const before = held('季卡通行卡');
  await open(page, site + `/demo/passcard/${itemId('季卡通行卡')}/checkout`);
  // LINE Pay only where the store has it: 信義館 has, 竹北館 has not
  await page.getByRole('radio', { name: /竹北館/ }).check();
  assert.equal(await page.getByRole('radio', { name: 'LINE Pay' }).count(), 0);
  await page.getByRole('radio', { name: /信義館/ }).check();
  await page.getByRole('radio', { name: 'LINE Pay' }).check();
  await payNow(page, 'NT$ 7,200');
  await page.waitForURL(/\/dev\/linepay\//);
  await shot(page, 'linepay-sandbox');
  await page.getByRole('button', { name: '付款' }).click();
  await orderResult(page, 'paid');
  assert.match(await page.locator('main').innerText(), /LINE Pay/);
  assert.equal(await passcardsShown(page, '季卡通行卡'), before + 1);
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('precheck refuses a changed price and an item taken off the shelf, each in its dialog', async () => {
  const page = await newPage(browser);
  await logIn(page);
  const id = itemId('團課 20 堂計次卡');
  await open(page, site + `/demo/quantityPasscard/${id}/checkout`);
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  const pay = page.getByRole('button', { name: '前往付款' });

  // the price changes while the page is open
  sql(`update items set price = 6800 where id = :'id'`, { id });
  try {
    await pay.click();
    const dialog = page.getByTestId('pre-check-dialog');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /6,800/);
    assert.ok((await dialog.boundingBox()).width <= 700);
    await shot(page, 'pre-check-dialog');
    // keyboard: Escape closes it and focus is back on the button that opened it
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), '前往付款');
    // its reload shows the new price
    await pay.click();
    await dialog.getByRole('button', { name: '重新整理頁面' }).click();
    await page.getByTestId('unit-price').getByText('NT$ 6,800').waitFor();
  } finally {
    sql(`update items set price = 6400 where id = :'id'`, { id });
  }

  // taken off the shelf while the page is open
  await open(page, site + `/demo/quantityPasscard/${id}/checkout`);
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  sql(`update items set on_shelf = false where id = :'id'`, { id });
  try {
    await pay.click();
    const dialog = page.getByTestId('commodity-not-found-dialog');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /找不到商品/);
    await shot(page, 'commodity-not-found-dialog');
    await dialog.getByRole('link', { name: '回到商店首頁' }).click();
    await page.waitForURL(site + '/demo');
  } finally {
    sql(`update items set on_shelf = true where id = :'id'`, { id });
  }
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('precheck asks an unverified member to verify, and a member without contact info for it', async () => {
  const page = await newPage(browser);
  const email = `buyer-${Date.now()}@example.com`;
  await open(page, site + '/demo');
  const md5 = createHash('md5').update('buyer-pass1').digest('hex');
  const registered = await page.evaluate(async (body) => {
    const res = await fetch('/api/session/register', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return res.status;
  }, { brandId: 'demo', email, password: md5, name: '吳買家', customFields: { phone: '0912-000-111', birthday: '1990-01-02' }, acceptTerms: true });
  assert.equal(registered, 200);
  await page.context().clearCookies();
  await logIn(page, email, 'buyer-pass1');
  // the verify-account reminder the login opens
  const verify = page.getByTestId('verify-account-dialog');
  if (await verify.isVisible().catch(() => false)) await page.keyboard.press('Escape');

  const id = itemId('團課 10 堂計次卡');
  await open(page, site + `/demo/quantityPasscard/${id}/checkout`);
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  const check = page.getByTestId('check-error-dialog');
  await check.waitFor();
  assert.match(await check.innerText(), /電子信箱驗證/);
  await shot(page, 'check-error-dialog');
  await check.getByRole('button', { name: '驗證電子信箱' }).click();
  await page.getByTestId('verify-account-dialog').waitFor();
  await page.keyboard.press('Escape');

  // verified, but the phone (a required field) is gone: the contact-info dialog
  sql(`update users set email_verified_at = now(), custom_values = custom_values - 'phone' where brand_id = 'demo' and email = :'email'`, { email });
  await open(page, site + `/demo/quantityPasscard/${id}/checkout`);
  // a member missing a required field is offered the complete-info dialog
  // once per tab, on the first page after hydration (its code loads lazily)
  const offered = page.getByTestId('complete-info-dialog');
  await offered.waitFor();
  await page.keyboard.press('Escape');
  await offered.waitFor({ state: 'detached' });
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  const contact = page.getByTestId('contact-info-dialog');
  await contact.waitFor();
  await contact.getByLabel('手機號碼').fill('0912-000-111');
  await shot(page, 'contact-info-dialog');
  await contact.getByRole('button', { name: '儲存並繼續結帳' }).click();
  // saved, and the checkout goes on to the payment page
  await page.waitForURL(/\/dev\/newebpay\//);
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});
