// Dialogs and spec section 9's chunk reload, in Chromium: a
// dialog's chunk that fails reloads the page once and not again within
// 60 s (then the dialog says it could not load); the terms read inside
// the page over the register dialog; the download-app dialog from the
// footer and from /appDownloadRedirect on a computer; a mail's
// unsubscribe link unsubscribes once confirmed in the dialog, and one that
// no longer holds gets its error there.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { launch, newPage, open, hydrated, shot, base, sql } from './lib.mjs';

const site = base.replace('//127.0.0.1', '//localhost');
const expected = (e) => !/status of (4|5)\d\d/.test(e);

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a dialog chunk that fails reloads the page once, not twice within 60 s', async () => {
  const page = await newPage(browser);
  let failed = 0;
  await page.route(/\/chunks\/login-dialog-[^/]+\.js$/, (route) => {
    failed++;
    return route.fulfill({ status: 500, body: 'gone' });
  });
  let loads = 0;
  page.on('load', () => loads++);
  await open(page, site + '/demo');
  assert.equal(loads, 1);
  const login = page.getByRole('button', { name: '登入', exact: true }).first();
  // the first failure reloads the page
  const reloaded = page.waitForEvent('load');
  await login.click();
  await reloaded;
  await hydrated(page);
  assert.equal(loads, 2, 'one reload');
  const at = Number(await page.evaluate(() => sessionStorage.getItem('storefront:chunk-reload')));
  assert.ok(at > 0 && at <= Date.now());
  // the second, within 60 s: no reload; the page says the dialog could not load and offers the reload
  await page.getByRole('button', { name: '登入', exact: true }).first().click();
  const failedDialog = page.getByTestId('chunk-failed-dialog');
  await failedDialog.waitFor();
  assert.equal(await failedDialog.getByRole('heading').innerText(), '無法開啟');
  assert.ok(await failedDialog.getByRole('button', { name: '重新整理頁面' }).isVisible());
  // the dialog shows only where the page did not reload (lib/chunk)
  assert.equal(loads, 2, 'no second reload within 60 s');
  assert.ok(failed >= 2);
  // closing gives focus back to the opener
  await page.keyboard.press('Escape');
  await failedDialog.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), '登入');
  assert.deepEqual(page.errors.filter(expected).filter((e) => !/Failed to fetch dynamically imported module|login-dialog/.test(e)), []);
  await page.context().close();
});

test('the terms read inside the page, over the register dialog; accepting there ticks the box', async () => {
  const page = await newPage(browser);
  await open(page, site + '/demo');
  await page.getByRole('button', { name: '註冊', exact: true }).first().click();
  const reg = page.getByTestId('register-dialog');
  await reg.waitFor();
  const box = reg.getByRole('checkbox', { name: /服務條款/ });
  assert.equal(await box.isChecked(), false);
  // the document's name opens it (the box stays as it was)
  const opener = reg.getByRole('button', { name: '隱私權政策' });
  await opener.click();
  const terms = page.getByTestId('terms-dialog');
  await terms.waitFor();
  assert.equal(await page.getByRole('dialog', { name: '隱私權政策' }).count(), 1, 'the title names the dialog');
  assert.match(await terms.getByTestId('terms-text').innerText(), /個人資料保護法/);
  assert.equal(await box.isChecked(), false);
  await shot(page, 'terms-dialog');
  // Escape closes the terms only; focus back on its opener
  await page.keyboard.press('Escape');
  await terms.waitFor({ state: 'detached' });
  assert.ok(await reg.isVisible(), 'the register dialog stays');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), '隱私權政策');
  // by keyboard: open the terms of service, accept them
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await terms.waitFor();
  assert.equal(await terms.getByRole('heading', { level: 2 }).innerText(), '服務條款');
  await terms.getByRole('button', { name: '我已閱讀並同意' }).click();
  await terms.waitFor({ state: 'detached' });
  assert.equal(await box.isChecked(), true);
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('download app: from the footer, and a computer sent on by /appDownloadRedirect', async () => {
  const page = await newPage(browser);
  await open(page, site + '/demo');
  const opener = page.getByTestId('download-app-button');
  await opener.click();
  const d = page.getByTestId('download-app-dialog');
  await d.waitFor();
  assert.match(await d.getByRole('heading', { level: 2 }).innerText(), /^下載 .+ App$/);
  const stores = await d.getByRole('list', { name: 'App 商店' }).getByRole('link').evaluateAll((as) => as.map((a) => a.href));
  assert.ok(stores.length >= 1 && stores.every((h) => /^https:\/\//.test(h)), stores.join(' '));
  assert.ok(stores.some((h) => h.includes('apps.apple.com')));
  // a computer gets a QR code of the app-download address
  assert.equal(await d.getByRole('img', { name: /QR Code/ }).count(), 1);
  await d.getByRole('button', { name: '關閉' }).click();
  await d.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'download-app-button');

  await open(page, site + '/demo/appDownloadRedirect');
  await d.waitFor();
  assert.equal(new URL(page.url()).search, '', 'the query is taken off the address');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

/**
 * A notification mail's one-click unsubscribe token for member userId of
 * the demo brand, valid a day: signed as host/checkin_token.go's signToken does,
 * with the key e2e/fixtures.go gives the storefront.
 */
function unsubscribeToken(userId) {
  const payload = `u1.demo.${userId}.${Math.floor(Date.now() / 1000 + 86400).toString(36)}`;
  const mac = createHmac('sha256', process.env.CHECKIN_KEY).update(payload).digest().subarray(0, 18).toString('base64url');
  return `${payload}.${mac}`;
}

test('a mail\'s unsubscribe link: the dialog confirms, the answer says only that it worked', async () => {
  const id = sql(`select id from users where brand_id = 'demo' and email = 'member3@example.com'`);
  const page = await newPage(browser);
  await open(page, site + '/api/user/unSubscribe/oneClick?token=' + encodeURIComponent(unsubscribeToken(id)));
  const d = page.getByTestId('unsubscribe-dialog');
  await d.waitFor();
  const answer = page.waitForResponse((r) => r.url().includes('/api/user/unSubscribe/oneClick') && r.request().method() === 'POST');
  await d.getByRole('button', { name: '確定取消訂閱' }).click();
  assert.deepEqual((await (await answer).json()).data, { unsubscribed: true });
  await d.getByTestId('unsubscribe-done').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), '完成');
  assert.equal(sql(`select unsubscribed_at is not null from users where id = :'id'`, { id }), 't');
  sql(`update users set unsubscribed_at = null where id = :'id'`, { id }); // as the other tests found it
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('an unsubscribe link that no longer holds: the dialog asks, then gives its error', async () => {
  const page = await newPage(browser);
  // a link of the demo brand whose signature is wrong (as an expired one is refused)
  await open(page, site + '/api/user/unSubscribe/oneClick?token=u1.demo.1.zzzzzz.forgedsignature0000000');
  const d = page.getByTestId('unsubscribe-dialog');
  await d.waitFor();
  assert.equal(new URL(page.url()).pathname, '/demo/');
  assert.equal(new URL(page.url()).searchParams.get('unsubscribe'), null, 'the token is taken off the address');
  assert.equal(await page.getByRole('dialog', { name: '取消訂閱通知信' }).count(), 1);
  await d.getByRole('button', { name: '確定取消訂閱' }).click();
  assert.equal(await d.getByTestId('form-error').innerText(), '連結或條碼無效或已過期');
  // nothing to retry: only the way out, with focus on it
  assert.equal(await d.getByRole('button', { name: '確定取消訂閱' }).count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), '完成');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});
