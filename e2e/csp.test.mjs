// The pages hydrate under the Content-Security-Policy
// with no violation in Chromium: fresh and cached documents, client
// navigation and a lazily loaded dialog (styles emotion inserts at run
// time).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, hydrated, base } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A page that records every CSP violation (event and console). */
async function watchedPage() {
  const page = await newPage(browser);
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__csp.push(`${e.violatedDirective} ${e.blockedURI || 'inline'} ${e.sample || ''}`));
  });
  return page;
}

async function violations(page) {
  const events = await page.evaluate(() => window.__csp);
  const logged = page.errors.filter((e) => /Content Security Policy|Refused to/i.test(e));
  return [...events, ...logged];
}

for (const path of ['/', '/demo', '/yoga/activitys', '/term/termSchedule?from=app', '/demo/nothing-here']) {
  test(`no CSP violation on ${path}, fresh and from the page cache`, async () => {
    for (const visit of ['first', 'second']) {
      const page = await watchedPage();
      const res = await page.goto(base + path, { waitUntil: 'load' });
      const csp = res.headers()['content-security-policy'] ?? '';
      // a fresh render's inline parts carry its own nonce; a page from the
      // cache carries a constant policy that admits no nonce at all
      if (res.headers()['x-page-cache'] === 'hit') assert.doesNotMatch(csp, /'nonce-/, `${visit} visit (cached): CSP ${csp}`);
      else assert.match(csp, /'nonce-[A-Za-z0-9_-]+'/, `${visit} visit: CSP ${csp}`);
      assert.match(csp, /frame-ancestors 'none'/);
      await hydrated(page);
      assert.deepEqual(await violations(page), [], `${visit} visit of ${path}`);
      await page.context().close();
    }
  });
}

test('no CSP violation on client navigation and in a lazy dialog', async () => {
  const page = await watchedPage();
  await open(page, '/demo');
  await page.getByRole('button', { name: '登入' }).first().click();
  await page.getByTestId('login-dialog').getByLabel('電子信箱').waitFor();
  await page.keyboard.press('Escape');
  // a client navigation to an item page (its chunk and styles load now)
  await page.getByTestId('item-card').first().click();
  await page.waitForURL(/\/demo\/\w+\/\d+$/);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(await violations(page), []);
  // the styles did apply: the sheet emotion fills at run time has rules
  const rules = await page.evaluate(() => [...document.styleSheets].reduce((n, s) => n + (s.ownerNode?.dataset?.emotion ? s.cssRules.length : 0), 0));
  assert.ok(rules > 0, 'no emotion rules applied');
  await page.context().close();
});
