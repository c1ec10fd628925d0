// Issue 30: no redirect of ours leaves the site, and no link, redirect or
// button of ours leads a visitor to a dead end. A login= that the URL
// parser turns into another site (a tab or newline in '/\t/evil.example')
// stays on ours after the login, on a brand's custom domain.
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
      await dialog.getByRole('button', { name: '登入' }).click();
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
