// Every journey a member makes, with the keyboard alone (Tab,
// Shift+Tab, Enter, Space, Escape, arrow keys and typing; no clicks, no
// focus() calls): book a session from the course page's booking panel,
// cancel it in the member centre and find it in the booking records; buy an
// item and pay on the NewebPay sandbox's page; sign an e-contract (read to
// the end, fill the fields, sign by typing the name). On the storefront's
// pages every stop Tab makes shows its focus ring and is on screen; each
// dialog on the way names itself (role dialog, aria-labelledby) and holds
// the focus; after an action the focus is on its result, and a live region
// announces booking and cancelling.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, sql, base, expected, coursePath, clashes } from './lib.mjs';

// the payment sandbox lives on the public origin (dev: localhost), as in checkout.test.mjs
const site = base.replace('//127.0.0.1', '//localhost');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const isFocused = (loc) => loc.evaluate((el) => el === document.activeElement).catch(() => false);

/** What is wrong with the focused element (no visible ring, off screen), '' when nothing or nothing focused. */
const focusProblem = (page) => page.evaluate(() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return '';
  const cs = getComputedStyle(el);
  const ring = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2) || cs.boxShadow !== 'none';
  const r = el.getBoundingClientRect();
  const onScreen = r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  const what = el.outerHTML.slice(0, 120);
  if (!ring) return `no visible focus ring (outline ${cs.outlineStyle} ${cs.outlineWidth}, --brand ${cs.getPropertyValue('--brand')}) on ` + what;
  if (!onScreen) return 'focused but off screen: ' + what;
  return '';
});

/**
 * Presses key (Tab, or Shift+Tab, an arrow) until loc has the focus; every
 * stop on the way must show its focus (ring checks only on our own pages).
 */
async function press(page, loc, { key = 'Tab', max = 80, what = String(loc), ring = true } = {}) {
  for (let i = 0; i <= max; i++) {
    if (await isFocused(loc)) return;
    await page.keyboard.press(key);
    if (ring) {
      const bad = await focusProblem(page);
      assert.equal(bad, '', `on the way to ${what}: ${bad}`);
    }
  }
  assert.fail(`${key} never reached ${what}`);
}

/** The open dialog testId: a dialog named by its title (aria-labelledby), focus inside it. */
async function namedDialog(page, testId) {
  const d = page.getByTestId(testId);
  await d.waitFor();
  assert.equal(await d.evaluate((el) => el.getAttribute('role') ?? el.localName), 'dialog');
  const name = await d.evaluate((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? '');
  assert.ok(name, `${testId} has a title that names it`);
  assert.equal(await page.getByRole('dialog', { name, exact: true }).getAttribute('data-testid'), testId, `${testId} announces ${name}`);
  await page.waitForFunction((el) => el.contains(document.activeElement), await d.elementHandle());
  return d;
}

/** Logs in from the header's login button, typing into the dialog. */
async function logIn(page, email) {
  await press(page, page.getByRole('button', { name: '登入', exact: true }).first(), { what: 'the login button' });
  await page.keyboard.press('Enter');
  const dialog = await namedDialog(page, 'login-dialog');
  await typeInto(page, dialog.getByLabel('電子信箱'), email);
  await typeInto(page, dialog.getByLabel('密碼'), 'demo1234');
  await page.keyboard.press('Enter');
  await page.getByTestId('member-name').waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** Tabs to the field and types text. */
async function typeInto(page, field, text) {
  await press(page, field, { what: await field.evaluate((el) => el.labels?.[0]?.textContent ?? el.name) });
  await page.keyboard.type(text);
}

/** The page's polite live region (the snackbar's) says text. */
async function announced(page, text) {
  await page.getByTestId('snackbar-status').getByText(text).waitFor();
  assert.equal(await page.getByTestId('snackbar-status').getAttribute('role'), 'status');
}

test('keyboard only: book a session, cancel it, find it in the booking records', async () => {
  const page = await newPage(browser);
  const course = await coursePath('有氧飛輪 45');
  await open(page, course.path);
  await page.locator('[data-testid="booking-panel"][data-state="live"]').waitFor();

  // the panel asks a visitor to log in first: its button opens the login dialog
  const panel = page.getByTestId('booking-panel');
  await press(page, panel.getByRole('button', { name: '登入後預約' }), { what: '登入後預約' });
  await page.keyboard.press('Enter');
  const login = await namedDialog(page, 'login-dialog');
  await typeInto(page, login.getByLabel('電子信箱'), 'member@example.com');
  await typeInto(page, login.getByLabel('密碼'), 'demo1234');
  await page.keyboard.press('Enter');
  await page.getByTestId('member-name').waitFor();
  await login.waitFor({ state: 'detached' });
  await page.locator('[data-testid="booking-panel"][data-state="live"]').waitFor();

  // a session the member can book and still cancel online
  const seats = (await (await page.request.get(`${base}/api/schedule?brandId=demo&courseId=${course.courseId}`)).json()).data;
  const pick = seats.find((x) => x.bookableNow && !x.myBookingId && Date.parse(x.cancelDeadline) > Date.now() + 3600_000
    && !clashes('member@example.com', x.scheduleId));
  assert.ok(pick, 'a session to book and cancel');
  const chip = `${+pick.scheduleDate.slice(5, 7)}/${+pick.scheduleDate.slice(8, 10)}（`;
  // its date chip, then its session, each pressed with Enter or Space
  const dateChip = panel.getByTestId('booking-date').filter({ hasText: chip });
  await press(page, dateChip, { what: 'the date ' + chip });
  await page.keyboard.press('Enter');
  assert.equal(await dateChip.getAttribute('aria-pressed'), 'true');
  const session = panel.locator(`[data-schedule-id="${pick.scheduleId}"]`);
  await press(page, session, { what: 'the session' });
  await page.keyboard.press('Space');
  assert.equal(await session.getAttribute('aria-pressed'), 'true');
  assert.match(await panel.getByTestId('seats-live').innerText(), /剩餘 \d+ 個名額/);

  // the entitlements are radios: Tab lands on the chosen one, arrows move the choice
  const options = panel.getByTestId('payment-options');
  await options.waitFor();
  const checked = options.locator('input:checked');
  await press(page, checked, { what: 'the chosen entitlement' });
  const radios = options.locator('input[type=radio]:not(:disabled)');
  if ((await radios.count()) > 1) {
    const first = await checked.evaluate((el) => el.closest('label').textContent);
    await page.keyboard.press('ArrowDown');
    const moved = await options.locator('input:checked').evaluate((el) => el === document.activeElement && el.closest('label').textContent);
    assert.ok(moved && moved !== first, 'an arrow key chooses another entitlement');
  }

  // confirm; a clash with another booking asks first, in its named dialog.
  // (once the log-in's snackbar is gone: setting one while another shows
  // just hides it, spec section 4)
  await page.getByTestId('snackbar').waitFor({ state: 'detached' });
  await press(page, panel.getByTestId('confirm-booking'), { what: 'the confirm button' });
  await page.keyboard.press('Enter');
  const done = panel.getByTestId('booking-done');
  const conflict = page.getByTestId('conflict-dialog');
  await Promise.race([conflict.waitFor(), done.waitFor()]);
  if (await conflict.isVisible()) {
    await namedDialog(page, 'conflict-dialog');
    await press(page, conflict.getByRole('button', { name: '仍要預約' }), { what: '仍要預約' });
    await page.keyboard.press('Enter');
  }
  await done.waitFor();
  // the result has the focus, the live region says so
  await page.waitForFunction((el) => el === document.activeElement, await done.elementHandle());
  assert.equal(await focusProblem(page), '');
  // (the result is a status region itself, its calendar chip uncovered by a snackbar)
  assert.equal(await done.getAttribute('role'), 'status');
  assert.match(await done.innerText(), /預約成功！/);
  const bookingId = await done.locator('[data-booking-id]').getAttribute('data-booking-id');

  // on from the result: 查看我的預約
  await press(page, done.getByRole('link', { name: '查看我的預約' }), { what: '查看我的預約' });
  await page.keyboard.press('Enter');
  await page.waitForURL(base + '/demo/user/booking');
  const card = page.locator(`[data-testid="booking"][data-booking-id="${bookingId}"]`);
  await card.and(page.locator('[data-status="booked"]')).waitFor();
  // the link went with its page: focus is on the new page's main content
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');

  // cancel it: its button opens the named dialog; Escape closes it, back on the button
  await page.getByTestId('snackbar').waitFor({ state: 'detached' });
  const cancel = card.getByTestId('cancel-booking');
  await press(page, cancel, { what: 'the booking\'s cancel button' });
  await page.keyboard.press('Enter');
  let dialog = await namedDialog(page, 'cancel-booking-dialog');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.ok(await isFocused(cancel), 'focus is back on the cancel button');
  await page.keyboard.press('Enter');
  dialog = await namedDialog(page, 'cancel-booking-dialog');
  const sure = dialog.getByRole('button', { name: '確定取消' });
  await page.waitForFunction((el) => !el.disabled, await sure.elementHandle());
  await press(page, sure, { what: '確定取消' });
  await page.getByTestId('snackbar').waitFor({ state: 'detached' }); // the booking's
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await announced(page, '已取消預約');
  // the booking, now cancelled, has the focus
  const cancelled = page.locator(`[data-testid="booking"][data-booking-id="${bookingId}"][data-status="cancelled"]`);
  await cancelled.waitFor();
  await page.waitForFunction((el) => el === document.activeElement, await cancelled.elementHandle());
  assert.equal(await focusProblem(page), '');

  // the booking records: reached by Tab, filtered with the keyboard
  await press(page, page.getByRole('link', { name: '查看全部預約紀錄' }), { what: '查看全部預約紀錄', key: 'Shift+Tab' });
  await page.keyboard.press('Enter');
  await page.waitForURL(base + '/demo/bookingRecord/bookingRecordList');
  const status = page.getByLabel('狀態');
  const filters = { ring: true };
  await press(page, status, { what: 'the status filter' });
  // a closed select changes its value with the arrow keys: on to 已取消
  for (let i = 0; i < 5 && (await status.inputValue()) !== 'cancelled'; i++) await page.keyboard.press('ArrowDown');
  assert.equal(await status.inputValue(), 'cancelled');
  await press(page, page.getByRole('button', { name: '套用' }), { ...filters, what: '套用' });
  await page.keyboard.press('Enter');
  await page.waitForURL(/status=cancelled/);
  await page.locator(`[data-testid="booking"][data-booking-id="${bookingId}"][data-status="cancelled"]`).waitFor();
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('keyboard only: buy an item, pay on the NewebPay sandbox, see the result', async () => {
  const page = await newPage(browser);
  const id = sql(`select id from items where brand_id = 'demo' and name = :'name'`, { name: '儲值票券 5,000 點（加贈 500 點）' });
  await open(page, site + `/demo/point/${id}`);
  await logIn(page, 'member@example.com');

  await press(page, page.getByRole('link', { name: '立即購買' }), { what: '立即購買' });
  await page.keyboard.press('Enter');
  await page.waitForURL(site + `/demo/point/${id}/checkout`);
  await page.getByTestId('checkout').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main', 'focus starts at the checkout page\'s main content');

  // the stepper's buttons, then the payment way (radios: arrow keys), the terms (Space)
  const more = page.getByRole('button', { name: '增加數量' });
  await press(page, more, { what: '增加數量' });
  await page.keyboard.press('Enter');
  assert.equal(await page.getByTestId('checkout-total').innerText(), 'NT$ 10,000');
  await press(page, page.getByRole('button', { name: '減少數量' }), { what: '減少數量', key: 'Shift+Tab' });
  await page.keyboard.press('Space');
  assert.equal(await page.getByTestId('checkout-total').innerText(), 'NT$ 5,000');
  const card = page.getByRole('radio', { name: '信用卡付款' });
  await press(page, page.locator('input[type=radio]:checked').first(), { what: 'the chosen payment way' });
  for (let i = 0; i < 4 && !(await card.isChecked()); i++) await page.keyboard.press('ArrowDown');
  assert.ok(await card.isChecked(), 'the arrow keys choose 信用卡付款');
  const terms = page.getByRole('checkbox', { name: /服務條款/ });
  await press(page, terms, { what: 'the terms' });
  await page.keyboard.press('Space');
  assert.ok(await terms.isChecked());
  assert.equal(await page.getByTestId('checkout-total').innerText(), 'NT$ 5,000');
  await press(page, page.getByRole('button', { name: '前往付款' }), { what: '前往付款' });
  await page.keyboard.press('Enter');

  // NewebPay's page (the sandbox stands in for the provider's own): typing and Tab
  await page.waitForURL(/\/dev\/newebpay\//);
  const sandbox = { ring: false };
  await press(page, page.getByLabel('信用卡卡號'), { ...sandbox, what: 'the card number' });
  await page.keyboard.type('4000-2211-1111-1111');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');

  // the order result; Tab from the top: the skip link, then the result's link
  await page.waitForURL(/\/demo\/(webUser\/)?orderResult\//);
  await page.locator('[data-testid="order-result"][data-state="paid"]').waitFor();
  assert.equal(await page.getByTestId('order-result').getAttribute('role'), 'status');
  await press(page, page.getByRole('link', { name: '跳到主要內容' }), { what: 'the skip link' });
  await page.keyboard.press('Enter');
  await press(page, page.getByRole('link', { name: '前往會員中心查看' }), { what: '前往會員中心查看' });
  await page.keyboard.press('Enter');
  // points are held as tickets
  await page.waitForURL(site + '/demo/user/ticket');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('keyboard only: sign an e-contract, the signature typed as the name', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  const contract = sql(`select id from contract_templates where brand_id = 'demo' and name = '會員入會契約'`);
  const email = 'member3@example.com';
  const signedBefore = () => Number(sql(`select count(*) from signed_contracts s join users u on u.id = s.user_id
                                         where u.brand_id = 'demo' and u.email = :'email'`, { email }));
  assert.equal(signedBefore(), 0, `${email} has not signed yet`);
  await open(page, site + `/demo/e-contract/0/${contract}`);
  // a visitor: the page's own login button, then back here
  await press(page, page.getByRole('main').getByRole('button', { name: '登入' }), { what: 'the page\'s login button' });
  await page.keyboard.press('Enter');
  const login = await namedDialog(page, 'login-dialog');
  await typeInto(page, login.getByLabel('電子信箱'), email);
  await typeInto(page, login.getByLabel('密碼'), 'demo1234');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '同意並簽署' }).waitFor();

  // the text takes focus; End scrolls it to its end
  const text = page.getByTestId('contract-text');
  await press(page, text, { what: 'the contract text' });
  // keyboard scrolling is animated, and a layout change after it (a system
  // font arriving for a glyph) can grow the text past where End took it: the
  // member presses End again, as they would
  const readDone = page.getByTestId('contract-read-state').filter({ hasText: '已閱讀完整合約' });
  for (let i = 1; ; i++) {
    await page.keyboard.press('End');
    if (await readDone.waitFor({ timeout: 10_000 }).then(() => true, () => false)) break;
    assert.ok(i < 6, 'End never brought the contract text to its end');
    assert.ok(await isFocused(text), 'the contract text keeps the focus');
  }

  // the fields
  const name = page.getByLabel('簽署人姓名');
  await press(page, name, { what: '簽署人姓名' });
  // (filled from the member once the page loads logged in; here they logged in on it)
  if (!(await name.inputValue())) await page.keyboard.type('王小美');
  await typeInto(page, page.getByLabel('緊急聯絡人', { exact: true }), '王大明');
  await typeInto(page, page.getByLabel('緊急聯絡人電話'), '0922333444');

  // the signature: the drawing box has a keyboard alternative, typing the name
  const draw = page.getByRole('radio', { name: '手寫簽名' });
  await press(page, draw, { what: 'the signature mode' });
  assert.ok(await draw.isChecked());
  await page.keyboard.press('ArrowRight');
  assert.ok(await page.getByRole('radio', { name: '輸入姓名簽名' }).isChecked());
  // the agreement and the submit button, without a signature: the error says so
  const agree = page.getByRole('checkbox', { name: /同意本合約/ });
  await press(page, agree, { what: 'the agreement' });
  await page.keyboard.press('Space');
  await press(page, page.getByRole('button', { name: '同意並簽署' }), { what: '同意並簽署' });
  await page.keyboard.press('Enter');
  assert.equal(await page.getByTestId('form-error').innerText(), '請輸入姓名作為簽名');
  // back to the typed signature with Shift+Tab
  await press(page, page.getByLabel('輸入您的姓名作為簽名'), { what: 'the typed signature', key: 'Shift+Tab' });
  await page.keyboard.type('王小美');
  assert.equal(await page.getByTestId('typed-signature').getAttribute('aria-label'), '簽名預覽：王小美');
  await press(page, page.getByRole('button', { name: '同意並簽署' }), { what: '同意並簽署' });
  await page.keyboard.press('Enter');

  // signed: the record has the focus
  const signed = page.getByTestId('contract-signed');
  await signed.waitFor();
  await page.waitForFunction((el) => el === document.activeElement, await signed.elementHandle());
  assert.match(await signed.innerText(), /王大明/);
  // the server holds the typed signature as a PNG of the box's size (600 px wide), well under its limit
  const [size, magic, width] = sql(`select length(signature_png), encode(substring(signature_png from 1 for 8), 'hex'),
                                         (get_byte(signature_png, 16) << 24) + (get_byte(signature_png, 17) << 16) + (get_byte(signature_png, 18) << 8) + get_byte(signature_png, 19)
                                    from signed_contracts s join users u on u.id = s.user_id
                                   where u.brand_id = 'demo' and u.email = :'email'`, { email }).split('|');
  assert.equal(magic, '89504e470d0a1a0a');
  assert.equal(Number(width), 600);
  assert.ok(Number(size) > 200 && Number(size) < 256 << 10, `a PNG of ${size} bytes`);
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});
