// LINE Login on a phone (390 px) against the LINE Login sandbox (/dev/line,
// LINE's protocol: its consent page, the code exchange, an HS256 ID token):
// a new member registers by LINE and logs in by LINE again; an existing
// member links LINE from the member centre (password confirmed), logs in
// by it, and unlinks it; a replayed callback, a forged state, an expired
// and a wrongly signed ID token are each refused with a clear page that
// leads back to the shop, no one logged in.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { base, launch, newPage, open, shot, sql, logInAs, phone } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// the sandbox and the callback live on the public origin (dev: localhost)
const site = base.replace('//127.0.0.1', '//localhost');

/** A LINE user id of the sandbox's kind, new each time. */
const lineUser = () => 'U' + randomBytes(16).toString('hex');

/**
 * On the sandbox's consent page: picks the LINE user and agrees (a screenshot of the page when named);
 * idToken picks the sandbox's test switch for the ID token it will give ('expired', 'badsign'; '': a proper one).
 */
async function consent(page, { sub, name = 'LINE 測試會員', email = '', idToken = '' }, shotName = '') {
  await page.waitForURL(/\/dev\/line\/oauth2\/v2\.1\/authorize/, { waitUntil: 'load' });
  await page.getByLabel('LINE 使用者 ID').waitFor();
  if (shotName) await shot(page, shotName);
  await page.getByLabel('LINE 使用者 ID').fill(sub);
  await page.getByLabel('顯示名稱').fill(name);
  await page.getByLabel('電子郵件', { exact: true }).fill(email);
  if (!email) await page.getByLabel('允許取得電子郵件').uncheck();
  if (idToken) await page.getByLabel('測試開關：ID token').selectOption(idToken);
  await page.getByRole('button', { name: '同意' }).click();
}

/** The brand's answer to whether this page's browser is logged in. */
const authStatus = (page) => page.evaluate(async () => (await (await fetch('/api/session/auth/status?brandId=demo')).json()).data);

/** Opens the login dialog from the page's header and leaves for LINE (a screenshot of the dialog when named). */
async function loginWithLine(page, shotName = '') {
  await page.getByRole('button', { name: '登入', exact: true }).first().click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByTestId('line-login').waitFor();
  if (shotName) await shot(page, shotName);
  await dialog.getByTestId('line-login').click();
}

test('on a phone, a new member registers by LINE with the e-mail LINE shared, then logs in by LINE', async () => {
  const page = await newPage(browser, phone);
  await open(page, site + '/demo');
  await loginWithLine(page, 'line-login-dialog-390');
  const sub = lineUser();
  const email = `line-${sub.slice(1, 9)}@example.com`;
  await consent(page, { sub, name: '林小美', email }, 'line-consent-390');
  // back on the page, not logged in: the registration form, LINE's data in it
  await page.waitForURL((u) => u.pathname === '/demo/' || u.pathname === '/demo');
  const reg = page.getByTestId('register-dialog');
  await reg.getByText('以 LINE 註冊會員').waitFor();
  // LINE's data arrives after the form opens (the pending login is asked for)
  await page.waitForFunction((el) => el.value !== '', await reg.getByLabel('電子信箱').elementHandle());
  assert.equal(await reg.getByLabel('電子信箱').inputValue(), email);
  assert.equal(await reg.getByLabel('姓名').inputValue(), '林小美');
  assert.equal(await reg.getByLabel('密碼', { exact: true }).count(), 0, 'no password: LINE is the way in');
  assert.equal(new URL(page.url()).searchParams.get('line'), null, 'the marker left the address');
  assert.equal((await authStatus(page)).loggedIn, false);
  await reg.getByLabel('手機號碼').fill('0912-' + String(Date.now()).slice(-6, -3) + '-' + String(Date.now()).slice(-3));
  await reg.getByRole('checkbox').check();
  await shot(page, 'line-register-390');
  await reg.getByRole('button', { name: '註冊' }).click();
  await page.getByTestId('register-success-dialog').filter({ hasText: email }).waitFor(); // the success dialog names the e-mail
  const status = await authStatus(page);
  assert.equal(status.loggedIn, true);
  assert.equal(sql(`select u.email from line_links l join users u on u.id = l.user_id where l.line_sub = :'s'`, { s: sub }), email);
  await page.context().close();

  // another day, another browser: LINE logs the same member in
  const again = await newPage(browser, phone);
  await open(again, site + '/demo');
  await loginWithLine(again);
  await consent(again, { sub, name: '林小美', email });
  await again.waitForURL((u) => u.pathname.startsWith('/demo'));
  const back = await authStatus(again);
  assert.equal(back.loggedIn, true);
  assert.equal(back.userId, status.userId);
  assert.deepEqual(again.errors.filter((e) => !/status of 4\d\d/.test(e)), []);
  await again.context().close();
});

test('on a phone, a member links LINE from the member centre with the password, logs in by it, and unlinks it', async () => {
  const page = await newPage(browser, phone);
  await open(page, site + '/demo');
  await logInAs(page, 'member@example.com', { path: site + '/demo/user' });
  const section = page.getByTestId('line-section');
  await section.getByRole('button', { name: '連結 LINE' }).waitFor();
  await section.getByLabel('密碼').fill('wrong-password');
  await section.getByRole('button', { name: '連結 LINE' }).click();
  await section.getByText('帳號或密碼錯誤').waitFor();
  await section.getByLabel('密碼').fill('demo1234');
  await section.getByRole('button', { name: '連結 LINE' }).click();
  const sub = lineUser();
  await consent(page, { sub, name: '會員本人' });
  await page.waitForURL((u) => u.pathname === '/demo/user');
  await page.getByText('已連結 LINE，之後可以 LINE 登入').waitFor();
  await section.getByText('已連結 LINE：可以 LINE 登入本店。').waitFor();
  await shot(page, 'line-linked-member-centre-390');

  const other = await newPage(browser, phone);
  await open(other, site + '/demo');
  await loginWithLine(other);
  await consent(other, { sub, name: '會員本人' });
  await other.waitForURL((u) => u.pathname.startsWith('/demo'));
  const member = sql(`select id from users where brand_id = 'demo' and email = 'member@example.com'`);
  assert.equal(String((await authStatus(other)).userId), member);
  await other.context().close();

  await section.getByRole('button', { name: '取消連結 LINE' }).click();
  await section.getByRole('button', { name: '連結 LINE' }).waitFor();
  assert.equal(sql(`select count(*) from line_links where line_sub = :'s'`, { s: sub }), '0');
  await page.context().close();
});

test('a replayed LINE callback is refused with a page that says so, and logs no one in', async () => {
  const page = await newPage(browser, phone);
  let callback = '';
  page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/line/callback/')) callback = r.url(); });
  await open(page, site + '/demo');
  await loginWithLine(page);
  await consent(page, { sub: lineUser(), email: '' });
  await page.getByTestId('register-dialog').waitFor();
  assert.ok(callback, 'LINE sent the browser to the callback');
  // LINE did not share an e-mail: the form asks for one
  await page.getByText('LINE 未提供電子信箱，請填寫您的電子信箱。').waitFor();

  const res = await page.goto(callback);
  assert.equal(res.status(), 403);
  await page.getByRole('heading', { name: 'LINE 登入失敗' }).waitFor();
  await page.getByText('LINE 登入連結已失效或已使用過，請重新以 LINE 登入').waitFor();
  await shot(page, 'line-replayed-callback-390');
  await page.getByRole('link', { name: '回到商店首頁' }).click();
  await page.waitForURL((u) => u.pathname === '/demo/');
  assert.equal((await authStatus(page)).loggedIn, false);
  await page.context().close();
});

/** On the refusal page: it says why, its link leads back to the shop's home, and no one is logged in there. */
async function refusedAndBack(page, message, shotName) {
  await page.getByRole('heading', { name: 'LINE 登入失敗' }).waitFor();
  await page.getByRole('alert').filter({ hasText: message }).waitFor();
  await shot(page, shotName);
  await page.getByRole('link', { name: '回到商店首頁' }).click();
  await page.waitForURL((u) => u.pathname === '/demo/');
  await page.getByRole('button', { name: '登入', exact: true }).first().waitFor();
  assert.equal((await authStatus(page)).loggedIn, false);
  assert.equal(await page.getByTestId('register-dialog').count(), 0, 'no registration waits for this browser');
}

test('a callback with a state the browser never got is refused with a page that says so, and logs no one in', async () => {
  const page = await newPage(browser, phone);
  await open(page, site + '/demo');
  await loginWithLine(page);
  await page.waitForURL(/\/dev\/line\/oauth2\/v2\.1\/authorize/);
  // the browser is on its way through LINE; a forged callback arrives instead of LINE's
  const redirect = new URL(new URL(page.url()).searchParams.get('redirect_uri'));
  assert.equal(redirect.pathname, '/api/line/callback/demo');
  redirect.search = new URLSearchParams({ code: 'forged-code', state: 'forged-' + randomBytes(8).toString('hex') }).toString();
  const res = await page.goto(redirect.href);
  assert.equal(res.status(), 403);
  await refusedAndBack(page, 'LINE 登入連結已失效或已使用過，請重新以 LINE 登入', 'line-forged-state-390');
  await page.context().close();
});

for (const [idToken, what] of [['expired', 'an expired'], ['badsign', 'a wrongly signed']]) {
  test(`${what} ID token from LINE is refused with a page that says so, links no one, and logs no one in`, async () => {
    const page = await newPage(browser, phone);
    const answers = [];
    page.on('response', (r) => { if (new URL(r.url()).pathname.startsWith('/api/line/callback/')) answers.push(r.status()); });
    await open(page, site + '/demo');
    await loginWithLine(page);
    const sub = lineUser();
    await consent(page, { sub, email: `line-${sub.slice(1, 9)}@example.com`, idToken });
    await page.waitForURL((u) => u.pathname.startsWith('/api/line/callback/'));
    await refusedAndBack(page, 'LINE 登入未能完成驗證，請重新以 LINE 登入', `line-${idToken}-id-token-390`);
    assert.deepEqual(answers, [403]);
    assert.equal(sql(`select count(*) from line_links where line_sub = :'s'`, { s: sub }), '0');
    await page.context().close();
  });
}
