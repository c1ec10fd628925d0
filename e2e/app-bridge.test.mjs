// The app bridge in Chromium. A page script plays the native app
// (README "App bridge"): an iOS WKWebView message handler that answers
// late through window.storefrontBridge.deliver, an Android JavaScript
// interface that never has the values, and one that answers at once. The
// page prefills the register dialog from the values, gives up after 10
// asks, and shows the mobile barcode in the member centre. Checking out
// with LINE Pay in the app hands LINE Pay's app URL to the app.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, nextFrames, base, logInAs, sql } from './lib.mjs';

const site = base.replace('//127.0.0.1', '//localhost');
const values = { phone: '0912345678', email: 'app-user@example.com', name: '林小美', mobileBarcode: '/ABC+123', userId: '42', sessionId: 'not-a-session' };

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A phone-sized page with the native side installed before any page script. */
async function appPage(native, arg) {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.addInitScript(native, arg);
  return page;
}

/** iOS: counts the asks and answers through deliver after the answerOn-th
 * ask (a little later, as an app busy starting up would). The page's
 * bridge while it asks is kept in window.__asking (see doneAsking). */
function iosLate({ values, answerOn }) {
  window.__asks = 0;
  window.webkit = {
    messageHandlers: {
      storefront: {
        postMessage(m) {
          if (m.action !== 'getNativeValues') return;
          window.__asks++;
          window.__asking ??= window.storefrontBridge;
          if (window.__asks === answerOn) setTimeout(() => window.storefrontBridge.deliver(values), 100);
        },
      },
    },
  };
}

/** Android: getNativeValues returns '' (not ready) forever, or the JSON at once. */
function android({ values }) {
  window.__asks = 0;
  window.StorefrontApp = {
    getNativeValues() {
      window.__asks++;
      window.__asking ??= window.storefrontBridge;
      return values ? JSON.stringify(values) : '';
    },
    openLinePay() {},
    openExternal() {},
  };
}

/** Waits until the page has stopped asking for the app's values: it puts
 * the deliver it asked with away (lib/app-bridge readNativeValues). */
async function doneAsking(page) {
  await page.waitForFunction(() => window.__asking !== undefined && window.storefrontBridge !== window.__asking);
}

test('iOS answering late: the register dialog is prefilled from the app', async () => {
  const page = await appPage(iosLate, { values, answerOn: 3 });
  await open(page, site + '/demo?from=app');
  // the app's webview: no header, the page's own login and register entry points
  assert.equal(await page.locator('header').count(), 0);
  await page.getByTestId('app-account-bar').getByRole('button', { name: '註冊' }).click();
  const dialog = page.getByTestId('register-dialog');
  await dialog.waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="register-dialog"] input[name="email"]')?.value !== '');
  assert.equal(await dialog.getByLabel('電子信箱').inputValue(), values.email);
  assert.equal(await dialog.getByLabel('姓名').inputValue(), values.name);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="register-dialog"] input[type="tel"]')].some((i) => i.value !== ''));
  assert.equal(await dialog.locator('input[type="tel"]').first().inputValue(), values.phone);
  // asked three times, then no more
  await doneAsking(page);
  assert.equal(await page.evaluate(() => window.__asks), 3);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Android never answering: ten asks, then the page goes on without the values', async () => {
  const page = await appPage(android, { values: null });
  await open(page, site + '/demo?from=app');
  await page.getByTestId('app-account-bar').getByRole('button', { name: '註冊' }).click();
  const dialog = page.getByTestId('register-dialog');
  await dialog.waitFor();
  // 10 asks at 500–800 ms, then no more
  await doneAsking(page);
  assert.equal(await page.evaluate(() => window.__asks), 10);
  assert.equal(await dialog.getByLabel('電子信箱').inputValue(), '');
  assert.equal(await dialog.getByLabel('姓名').inputValue(), '');
  // the form still works as usual
  await dialog.getByLabel('電子信箱').fill('typed@example.com');
  assert.equal(await dialog.getByLabel('電子信箱').inputValue(), 'typed@example.com');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('outside the app nothing is asked, even with a native side present', async () => {
  const page = await appPage(android, { values });
  const bridge = [];
  page.on('request', (r) => /\/chunks\/app-bridge-/.test(r.url()) && bridge.push(r.url()));
  await open(page, site + '/demo');
  await page.getByRole('button', { name: '註冊', exact: true }).first().click();
  await page.getByTestId('register-dialog').waitFor();
  // asking needs the bridge's code, which a browser visit never fetches
  await page.waitForLoadState('networkidle');
  assert.deepEqual(bridge, []);
  assert.equal(await page.evaluate(() => window.__asks), 0);
  assert.equal(await page.getByTestId('register-dialog').getByLabel('電子信箱').inputValue(), '');
  await page.context().close();
});

/** A live session of the demo member, as the app holds it (login with from=app answers its id). */
async function appSession(email) {
  const res = await fetch(base + '/api/session/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'none' },
    body: JSON.stringify({ brandId: 'demo', email, password: '6e9bece1914809fb8493146417e722f6', from: 'app' }),
  });
  const env = await res.json();
  assert.equal(env.errorCode, 0, env.message);
  assert.ok(env.data.sessionId, 'the app gets its session id');
  return env.data.sessionId;
}

test('the app\'s session id logs the webview in (late answer), and a dead one does not loop', async () => {
  const sessionId = await appSession('member2@example.com');
  const page = await appPage(iosLate, { values: { ...values, sessionId }, answerOn: 2 });
  let loads = 0;
  page.on('load', () => loads++);
  await open(page, site + '/demo?from=app');
  // logged in by the app's session: the page reloads as the member
  await page.waitForFunction(() => /(^|; )userId=\d/.test(document.cookie));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1' && !document.querySelector('[data-testid="app-account-bar"]'));
  assert.equal(loads, 2, 'one reload');
  // the member centre, without the query, stays in app mode and logged in
  await open(page, site + '/demo/user');
  assert.match(await page.locator('main').innerText(), /member2@example\.com/);
  assert.equal(await page.locator('header').count(), 0);
  assert.equal(await page.getByTestId('app-account-bar').count(), 0);
  await page.context().close();

  const dead = await appPage(iosLate, { values: { ...values, sessionId: 'no-such-session' }, answerOn: 1 });
  let deadLoads = 0;
  dead.on('load', () => deadLoads++);
  const tried = dead.waitForResponse(async (r) => (await r.request().allHeaders()).authorization === 'no-such-session');
  await open(dead, site + '/demo?from=app');
  // the page tried the dead session and took its answer (a reload would
  // have begun in the frames after)
  await tried;
  await nextFrames(dead);
  assert.equal(deadLoads, 1, 'no reload for a dead session');
  await dead.getByTestId('app-account-bar').waitFor();
  await dead.context().close();
});

test('the member centre shows the app\'s mobile barcode', async () => {
  const page = await appPage(android, { values });
  await open(page, site + '/demo?from=app');
  await page.getByTestId('app-account-bar').getByRole('button', { name: '登入' }).click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.waitFor();
  await dialog.getByLabel('電子信箱').fill('member@example.com');
  await dialog.getByLabel('密碼').fill('demo1234');
  await dialog.getByRole('button', { name: '登入', exact: true }).click();
  await page.getByTestId('app-account-bar').waitFor({ state: 'detached' });
  await open(page, site + '/demo/user?from=app');
  const box = page.getByTestId('mobile-barcode');
  await box.waitFor();
  assert.equal(await box.locator('svg').getAttribute('data-code'), values.mobileBarcode);
  // the barcode library is fetched after the app answered: wait for the
  // bars (a Code 39 of eight characters draws well over twenty)
  await box.locator('svg rect').nth(20).waitFor({ state: 'attached' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Android with a LINE Pay hand-over: the values without a session, and
 * every openLinePay recorded in window.__linePay. */
function androidPay({ values }) {
  window.__linePay = [];
  window.StorefrontApp = {
    getNativeValues: () => JSON.stringify(values),
    openLinePay(url) {
      window.__linePay.push(url);
    },
    openExternal() {},
  };
}

/** Checks out 季卡通行卡 at 信義館 (which has LINE Pay) with LINE Pay, up to 前往付款. */
async function payWithLinePay(page, query) {
  const itemId = sql(`select id from items where brand_id = 'demo' and name = '季卡通行卡'`);
  await open(page, site + `/demo/passcard/${itemId}/checkout${query}`);
  await page.getByRole('radio', { name: /信義館/ }).check();
  await page.getByRole('radio', { name: 'LINE Pay' }).check();
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
}

test('LINE Pay in the app: the page hands paymentUrl.app to the app; on the web it goes to paymentUrl.web', async () => {
  const { sessionId, ...noSession } = values;
  const page = await appPage(androidPay, { values: noSession });
  await open(page, site + '/demo?from=app');
  await logInAs(page, 'member2@example.com', { path: site + '/demo?from=app' });
  await payWithLinePay(page, '?from=app');
  await page.waitForFunction(() => window.__linePay.length > 0);
  const [told] = await page.evaluate(() => window.__linePay);
  // the sandbox's paymentUrl.app: its approval page with channel=app
  assert.match(told, /\/dev\/linepay\/payments\/\d+\?channel=app$/);
  assert.match(new URL(page.url()).pathname, /\/checkout$/, 'the webview stays; the app opens LINE Pay');
  await nextFrames(page);
  assert.equal((await page.evaluate(() => window.__linePay)).length, 1, 'told once');
  assert.deepEqual(page.errors.filter((e) => !/status of 4\d\d/.test(e)), []);
  await page.context().close();

  // the web: the same purchase goes to paymentUrl.web, the app told nothing
  const web = await appPage(androidPay, { values: noSession });
  await open(web, site + '/demo');
  await logInAs(web, 'member2@example.com');
  await payWithLinePay(web, '');
  await web.waitForURL(/\/dev\/linepay\/payments\/\d+$/);
  assert.equal(new URL(web.url()).searchParams.get('channel'), null);
  assert.deepEqual(await web.evaluate(() => window.__linePay), []);
  await web.context().close();
});
