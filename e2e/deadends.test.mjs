// No redirect of ours leaves the site, and no link, redirect or
// button of ours leads a visitor to a dead end. A login= that the URL
// parser turns into another site (a tab or newline in '/\t/evil.example')
// stays on ours after the login, on a brand's custom domain. The term-only
// brand's 404 leads to its term list, its visitors are told to sign in in
// the app and see no login they cannot use; the plan-only brand's visitor
// who buys is asked to log in and then reaches the checkout.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { base, launch, newPage, open, sql } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const port = new URL(base).port;
// demo's custom domain in staging (its own is production's): *.localhost
// is this machine to Chromium, and a secure context, so the domain's
// Secure cookies stick over http
const customHost = 'shop-e2e.localhost';
const customSite = `http://${customHost}:${port}`;

/** Adds the custom domain and waits until the host has read it (a database notice). */
async function customDomain(page) {
  sql(`insert into brand_domains (host, brand_id, env) values (:'host', 'demo', 'staging') on conflict do nothing`, { host: customHost });
  for (let i = 0; ; i++) {
    const res = await page.goto(customSite + '/', { waitUntil: 'load' });
    if (res.status() === 200) return;
    if (i > 500) throw new Error(`${customSite} does not serve the demo brand`);
  }
}

test('a login= that the URL parser reads as another site: logged in, the visitor stays on the custom domain', async () => {
  const setup = await newPage(browser);
  await customDomain(setup);
  await setup.context().close();
  try {
    for (const login of ['%2F%09%2Fevil.example%2Fphish', '%2F%0A%2Fevil.example%2Fphish', '%2F%09%2F%09evil.example']) {
      const page = await newPage(browser);
      const away = [];
      const elsewhere = (r) => new URL(r.url()).hostname !== customHost;
      page.on('request', (r) => elsewhere(r) && away.push(r.url()));
      await page.route((u) => u.hostname !== customHost, (r) => r.abort());
      await open(page, `${customSite}/?login=${login}`);
      await page.waitForURL(customSite + '/'); // the app took login= off the address
      await page.waitForLoadState('networkidle'); // a dialog the target opened has loaded
      const dialog = page.getByTestId('login-dialog');
      if (!(await dialog.isVisible())) await page.getByRole('button', { name: '登入', exact: true }).first().click();
      await dialog.getByLabel('電子信箱').fill('member@example.com');
      await dialog.getByLabel('密碼').fill('demo1234');
      await dialog.getByRole('button', { name: '登入', exact: true }).click();
      await Promise.race([page.getByTestId('member-name').waitFor(), page.waitForRequest(elsewhere)]);
      assert.deepEqual(away, [], login);
      assert.equal(new URL(page.url()).origin, customSite, login);
      assert.ok(await page.getByTestId('member-name').isVisible(), login);
      assert.deepEqual(page.errors, [], login);
      await page.context().close();
    }
  } finally {
    sql(`delete from brand_domains where host = :'host'`, { host: customHost });
  }
});

test('term-only brand: its 404 leads to the term list, enrolling says to sign in in the app, no login button that cannot work', async () => {
  const page = await newPage(browser);
  const res = await open(page, '/term');
  assert.equal(res.status(), 404);
  page.errors.length = 0; // the console's line for that 404
  // neither the way back nor the brand's name leads to this 404 again
  assert.equal(await page.locator('header a[href="/term"], main a[href="/term"]').count(), 0);
  await page.getByRole('link', { name: '回到商店首頁' }).click();
  await page.waitForURL(base + '/term/termSchedule?from=app');
  await page.getByTestId('term-class').first().click();
  await page.getByRole('link', { name: '報名整期' }).waitFor();
  // no login or register on the page: the brand's members sign in in its app
  assert.equal(await page.getByRole('button', { name: /^(登入|註冊)$/ }).count(), 0);
  assert.equal(await page.getByTestId('sign-in-in-app').innerText(), '會員請在品牌 App 內登入');
  await page.getByRole('link', { name: '報名整期' }).click();
  // sent to the term list, never to the 404 brand home, and told where to sign in
  const notice = page.getByTestId('app-sign-in-dialog');
  await notice.waitFor();
  assert.match(await notice.innerText(), /App 內/);
  assert.equal(new URL(page.url()).pathname, '/term/termSchedule');
  assert.equal(await page.getByTestId('error-page').count(), 0);
  await notice.getByRole('button', { name: '我知道了' }).click();
  await notice.waitFor({ state: 'detached' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a brand without a web shop: its 404 offers no way back to itself', async () => {
  const page = await newPage(browser);
  const res = await open(page, '/noshop');
  assert.equal(res.status(), 404);
  await page.getByTestId('error-page').waitFor();
  assert.equal(await page.locator('a[href="/noshop"]').count(), 0);
  assert.equal(await page.getByRole('link', { name: '回到商店首頁' }).count(), 0);
  await page.context().close();
});

test('plan-only brand: 立即購買 on 月費方案 asks a visitor to log in, then goes on to the checkout', async () => {
  const page = await newPage(browser);
  await open(page, '/plan');
  await page.getByRole('link', { name: /月費方案/ }).first().click();
  await page.getByRole('link', { name: '立即購買' }).click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.waitFor();
  assert.equal(new URL(page.url()).pathname, '/plan');
  await dialog.getByLabel('電子信箱').fill('member@example.com');
  await dialog.getByLabel('密碼').fill('demo1234');
  await dialog.getByRole('button', { name: '登入', exact: true }).click();
  await page.waitForURL(/\/plan\/passcard\/\d+\/checkout$/);
  await page.getByTestId('member-name').waitFor();
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
