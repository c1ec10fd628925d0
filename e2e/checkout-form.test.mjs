// The one checkout form, on a phone (390x844, touch): a member pays from
// the form itself (no dialog repeating the order), comes back from a
// declined card with the terms still ticked, is told of the contract on
// the item page and at the start of checkout (and keeps the ticked terms
// across the contract page), enrols in a term class and pays a counting
// passcard's debt in the same form as any purchase, and reads the order
// number on one line.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, shot, sql, base, logInAs, payByCard, orderResult, expected } from './lib.mjs';

// the payment sandboxes live on the public origin (dev: localhost)
const site = base.replace('//127.0.0.1', '//localhost');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const phone = () => newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const itemId = (name) => sql(`select id from items where brand_id = 'demo' and name = :'name'`, { name });

async function loggedIn(email = 'member@example.com') {
  const page = await phone();
  await open(page, site + '/demo');
  await logInAs(page, email);
  await page.getByTestId('member-name').waitFor();
  return page;
}

/** Whether the element's text sits on one line without overflowing it. */
const oneLine = (locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return lines.size === 1 && el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth;
  });

/** The look of the form's radio choices: what the UI kit draws around each. */
const radioLook = (page) =>
  page.locator('fieldset label:has(input[type=radio])').first().evaluate((el) => {
    const s = getComputedStyle(el);
    return { border: s.borderTopStyle, radius: s.borderTopLeftRadius, padding: s.paddingLeft, display: s.display };
  });

test('a member pays for a pass from the form itself: 前往付款 goes to the payment page, no dialog repeats the order', async () => {
  const page = await loggedIn();
  await open(page, site + `/demo/point/${itemId('儲值票券 1,000 點')}/checkout`);
  const form = page.getByTestId('checkout');
  assert.match(await form.innerText(), /應付金額/);
  assert.equal(await page.getByTestId('checkout-total').innerText(), 'NT$ 1,000');
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await shot(page, 'checkout-form-pass');
  await page.getByRole('button', { name: '前往付款' }).click();
  await page.waitForURL(/\/dev\/newebpay\//);
  assert.equal(await page.getByRole('dialog').count(), 0);
  await payByCard(page, '4000-2211-1111-1111');
  await orderResult(page, 'paid');

  // the order number (26 characters) on one line at 390 px
  const no = page.getByTestId('order-no');
  assert.equal((await no.innerText()).length, 26);
  assert.ok(await oneLine(no), 'the order number wraps or overflows');
  await shot(page, 'checkout-form-order-number');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('a member whose card is declined retries with the same cart and the terms still ticked', async () => {
  const page = await loggedIn();
  const id = itemId('季卡通行卡');
  await open(page, site + `/demo/passcard/${id}/checkout`);
  await page.getByRole('radio', { name: /信義館/ }).check();
  await page.getByRole('radio', { name: '信用卡付款' }).check();
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  await payByCard(page, '4000-2211-1111-1112');
  await orderResult(page, 'failed');
  await page.getByRole('link', { name: '重新付款' }).click();
  await page.waitForURL((u) => u.pathname === `/demo/passcard/${id}/checkout`);
  await page.getByTestId('checkout').waitFor();
  assert.equal(await page.getByRole('checkbox', { name: /服務條款/ }).isChecked(), true);
  assert.equal(await page.getByRole('radio', { name: /信義館/ }).isChecked(), true);
  assert.equal(await page.getByRole('radio', { name: '信用卡付款' }).isChecked(), true);
  await shot(page, 'checkout-form-after-declined');
  // straight on to pay again: nothing to tick a second time
  await page.getByRole('button', { name: '前往付款' }).click();
  await payByCard(page, '4000-2211-1111-1111');
  await orderResult(page, 'paid');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('a member learns on the item page and at the start of checkout that a contract comes first, and keeps the ticked terms across it', async () => {
  const page = await loggedIn();
  const id = itemId('週末體驗通行卡');
  await open(page, site + `/demo/passcard/${id}`);
  assert.match(await page.getByTestId('contract-needed').innerText(), /電子合約/);
  await shot(page, 'checkout-form-item-contract');
  // an item without a contract says nothing of one
  await open(page, site + `/demo/point/${itemId('儲值票券 1,000 點')}`);
  assert.equal(await page.getByTestId('contract-needed').count(), 0);

  await open(page, site + `/demo/passcard/${id}/checkout`);
  const notice = page.getByTestId('contract-notice');
  await notice.waitFor();
  // told first: above what is bought and the button
  const [n, button] = [await notice.boundingBox(), await page.getByRole('button', { name: '前往付款' }).boundingBox()];
  assert.ok(n.y < button.y && n.y < 844, 'the notice is at the start of the form');
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await shot(page, 'checkout-form-contract-notice');
  await notice.getByRole('link', { name: '前往簽署合約' }).click();
  await page.getByTestId('e-contract').waitFor();
  const back = new URL(page.url()).searchParams.get('back');
  assert.match(back, /terms=1/);
  // back to checkout (as the signed contract's link does): the terms still ticked
  await open(page, site + back);
  assert.equal(await page.getByRole('checkbox', { name: /服務條款/ }).isChecked(), true);
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('a member enrols in a term class in the same form as any purchase: the UI kit radios, the store as a choice, 應付金額', async () => {
  const page = await loggedIn();
  await open(page, site + `/demo/point/${itemId('儲值票券 1,000 點')}/checkout`);
  const look = await radioLook(page);

  const [termId, classId] = sql(`select term_schedule_id || ' ' || id from term_classes where name = '週末皮拉提斯養成班｜週日上午'`).split(' ');
  await open(page, site + `/demo/termSchedule/checkout?termScheduleId=${termId}&scheduleId=${classId}`);
  const form = page.getByTestId('term-checkout');
  await form.waitFor();
  assert.deepEqual(await radioLook(page), look);
  assert.notEqual(look.border, 'none');
  const store = form.getByRole('group', { name: '上課門市' });
  assert.equal(await store.getByRole('radio', { checked: true }).count(), 1);
  assert.match(await form.innerText(), /應付金額/);
  assert.equal(await page.getByTestId('checkout-total').innerText(), 'NT$ 3,200');
  await shot(page, 'checkout-form-term');
  // the form's own check before anything is sent
  await page.getByRole('button', { name: '前往付款' }).click();
  assert.equal(await page.getByTestId('form-error').innerText(), '請先閱讀並同意服務條款與退款政策');
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  await page.waitForURL(/\/dev\/newebpay\//);
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('a member pays a counting passcard\'s debt in the same form as any purchase', async () => {
  const page = await loggedIn();
  await open(page, site + `/demo/point/${itemId('儲值票券 1,000 點')}/checkout`);
  const look = await radioLook(page);
  await open(page, site + '/demo/counting-passcard-overdue-purchase');
  await page.getByTestId('overdue-card').getByRole('link', { name: '補繳' }).click();
  const form = page.getByTestId('overdue-checkout');
  await form.waitFor();
  assert.deepEqual(await radioLook(page), look);
  assert.equal(await page.getByTestId('checkout-total').innerText(), await page.getByTestId('overdue-amount').innerText());
  assert.ok(await page.getByTestId('payment-hint').isVisible());
  await shot(page, 'checkout-form-overdue');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});
