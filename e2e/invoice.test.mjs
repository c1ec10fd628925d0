// E-invoices in Chromium on a phone (390 × 844): a member buys with a
// mobile barcode (手機條碼): a malformed one is refused at its field
// before anything is sent, the right one is taken; once paid on the
// NewebPay sandbox, the order result page shows the invoice's number,
// date and random code as ezPay's sandbox issued it (through the outbox),
// the member centre's order list shows them too, and the next checkout
// offers the same barcode again; in the app, the app's barcode prefills
// the choice of a member who has chosen no other.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, shot, sql, base, logInAs, payByCard, orderResult } from './lib.mjs';

// the public origin (dev: localhost), where the payment sandboxes live
const site = base.replace('//127.0.0.1', '//localhost');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a member buys with a mobile barcode at 390 px and sees the invoice on the result page and in the member centre', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await open(page, site + '/demo');
  await logInAs(page, 'member2@example.com');
  const [type, id] = sql(`select type || ' ' || id from items where brand_id = 'demo' and name = '季卡通行卡'`).split(' ');
  await open(page, site + `/demo/${type}/${id}/checkout`);
  const form = page.getByTestId('invoice-form');
  await form.waitFor();
  assert.ok(await form.getByRole('radio', { name: /會員載具/ }).isChecked(), 'the member carrier first');

  // the terms first: a field's error appearing as it is left moves what is below it
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await form.getByRole('radio', { name: '手機條碼載具' }).check();
  const barcode = form.getByRole('textbox', { name: '手機條碼' });
  await barcode.fill('ABC+1234');
  await barcode.press('Enter'); // sends the form
  // refused at its field, nothing sent
  assert.match(await form.getByTestId('field-error').innerText(), /手機條碼格式不正確/);
  assert.equal(await barcode.getAttribute('aria-invalid'), 'true');
  assert.match(page.url(), /\/checkout/);
  await shot(page, 'invoice-checkout-390');

  // cleared first: Chromium's insertText over a full maxlength field inserts nothing
  await barcode.fill('');
  await barcode.pressSequentially('/abc+123');
  await form.getByTestId('field-error').waitFor({ state: 'detached' });
  await barcode.press('Enter');
  await payByCard(page);
  await orderResult(page, 'paid');
  const orderNo = (await page.getByTestId('order-no').innerText()).trim();

  // the invoice is issued by the outbox after the payment: the page shows it when it is
  const number = page.getByTestId('invoice-number');
  await number.waitFor();
  const row = sql(`select i.number || ' ' || i.random_code || ' ' || i.code || ' ' || to_char(i.issued_at at time zone 'Asia/Taipei', 'YYYY-MM-DD')
    from invoices i join orders o on o.id = i.order_id where o.number = :'no'`, { no: orderNo });
  const [dbNumber, dbRandom, dbCode, dbDate] = row.split(' ');
  assert.match(dbNumber, /^[A-Z]{2}[0-9]{8}$/);
  assert.equal(dbCode, '/ABC+123', 'the barcode as the MOF writes it');
  assert.equal(await number.innerText(), dbNumber);
  assert.equal(await page.getByTestId('invoice-random').innerText(), dbRandom);
  assert.equal(await page.getByTestId('invoice-date').innerText(), dbDate);
  // nothing wider than the phone
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the result page fits 390 px');
  await shot(page, 'invoice-result-390');

  // the member centre's order list
  await open(page, site + '/demo/user');
  const order = page.locator(`[data-testid="member-order"][data-order="${orderNo}"]`);
  await order.waitFor();
  assert.equal(await order.getByTestId('invoice-number').innerText(), dbNumber);
  assert.equal(await order.getByTestId('invoice-random').innerText(), dbRandom);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the member centre fits 390 px');
  await shot(page, 'invoice-member-centre-390');

  // the next checkout offers the same barcode (remembered by member, not e-mail)
  await open(page, site + `/demo/${type}/${id}/checkout`);
  assert.ok(await form.getByRole('radio', { name: '手機條碼載具' }).isChecked());
  assert.equal(await form.getByRole('textbox', { name: '手機條碼' }).inputValue(), '/ABC+123');
  assert.deepEqual(page.errors, []);
});

test("in the app, the app's mobile barcode prefills the invoice of a member who has not chosen another", async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  // the Android app, answering at once (README "App bridge")
  await page.addInitScript(() => {
    window.StorefrontApp = {
      getNativeValues: () => JSON.stringify({ mobileBarcode: '/XYZ-789' }),
      openLinePay() {},
      openExternal() {},
    };
  });
  await open(page, site + '/demo?from=app');
  await logInAs(page, 'member3@example.com', { path: site + '/demo?from=app' });
  const [type, id] = sql(`select type || ' ' || id from items where brand_id = 'demo' and name = '季卡通行卡'`).split(' ');
  await open(page, site + `/demo/${type}/${id}/checkout?from=app`);
  const form = page.getByTestId('invoice-form');
  await page.waitForFunction(() => document.querySelector('[data-testid="invoice-form"] input[name="invoiceCode"]')?.value === '/XYZ-789');
  assert.ok(await form.getByRole('radio', { name: '手機條碼載具' }).isChecked());
  assert.deepEqual(page.errors, []);
});
