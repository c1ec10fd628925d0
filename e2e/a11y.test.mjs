// Accessibility in Chromium. axe-core (the npm package) with the
// WCAG 2.0/2.1/2.2 A and AA rules over every page of the route table at
// 390 and 1280 px, logged out and logged in: zero violations. And a
// keyboard-only journey: the skip link, the login dialog opened, filled and
// sent from the keyboard, a dialog closed with Escape gives focus back to
// its opener, the item gallery reached with Tab. And the W3C Nu HTML Checker
// (npm vnu-jar, on Java) over the server-rendered HTML of every page: zero
// errors.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { base, launch, newPage, open, sql, logInAs } from './lib.mjs';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

// Exemptions, each with its reason: an axe rule and a piece of the failing
// node's markup.
const exempt = [];

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const id = (q, vars) => sql(q, vars).split('\n')[0];

/** Pages every visitor sees, one per route of the route table. */
function publicPages() {
  const course = sql(`select store_id || '/' || id from courses where brand_id = 'demo' order by id limit 1`).split('\n')[0];
  const pass = id(`select id from items where brand_id = 'demo' and type = 'passcard' order by id limit 1`);
  const qty = id(`select id from items where brand_id = 'demo' and type = 'quantityPasscard' order by id limit 1`);
  const term = sql(`select term_schedule_id || '/' || id from term_classes where brand_id = 'term' order by id limit 1`).split('\n')[0];
  const store = id(`select id from stores where brand_id = 'demo' order by sort, id limit 1`);
  const contract = id(`select id from contract_templates where brand_id = 'demo' and name = '會員入會契約'`);
  return {
    index: '/',
    'brand-home': '/demo',
    'brand-home-tab': '/demo?projectType=3',
    activities: '/demo/activitys',
    timetable: '/demo/timetable',
    search: '/demo/search/result?keyword=%E7%91%9C%E7%8F%88',
    course: `/demo/activity/${course}`,
    item: `/demo/passcard/${pass}`,
    'item-quantity': `/demo/quantityPasscard/${qty}`,
    'term-list': '/term/termSchedule',
    'term-class': `/term/termSchedule/${term}`,
    'term-intro': `/term/termSchedule/${term}/intro`,
    'verify-email': '/demo/verify/email?u=999999&t=x',
    'not-found': '/demo/nothing-here',
    'e-contract': `/demo/e-contract/${store}/${contract}`,
  };
}

/** Pages only a member sees (and the public ones again, logged in). */
function memberPages() {
  const pass = id(`select id from items where brand_id = 'demo' and type = 'passcard' order by id limit 1`);
  const user = id(`select id from users where brand_id = 'demo' and email = 'member@example.com'`);
  sql(`insert into orders (brand_id, user_id, number, kind, amount, state, pay_way, provider, failure, expires_at)
       values ('demo', :'user', 'a11yFailedOrder01', 'item', 100, 'failed', '2', 'test', '卡片授權失敗', now() + interval '1 hour')
       on conflict do nothing`, { user });
  return {
    'member-centre': '/demo/user',
    'member-bookings': '/demo/user/booking',
    'member-counting': '/demo/user/countingPasscard',
    'member-passcards': '/demo/user/passcard',
    'member-tickets': '/demo/user/ticket',
    'member-timingcard': '/demo/user/timingcard',
    'member-timingcard-plans': '/demo/user/timingcard/plans',
    'booking-records': '/demo/bookingRecord/bookingRecordList',
    checkout: `/demo/passcard/${pass}/checkout`,
    'order-result': '/demo/orderResult/a11yFailedOrder01',
  };
}

async function logIn(page) {
  await logInAs(page, 'member@example.com', { path: '/demo' });
  await page.getByTestId('member-name').waitFor();
}

/** axe's WCAG A/AA violations on the open page, exemptions removed, one line per node. */
async function violations(page) {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.flatMap((v) => v.nodes.map((n) => ({ rule: v.id, target: n.target.join(' '), summary: n.failureSummary, html: n.html })));
  }, wcag);
  return found
    .filter((f) => !exempt.some((e) => e.rule === f.rule && f.html.includes(e.html)))
    .map((f) => `${f.rule} ${f.target}\n    ${f.html.slice(0, 160)}\n    ${f.summary.replace(/\n/g, ' ')}`);
}

async function scan(pages, { member }) {
  const problems = [];
  for (const width of [390, 1280]) {
    const page = await newPage(browser, { viewport: { width, height: 844 }, bypassCSP: true });
    if (member) await logIn(page);
    for (const [name, path] of Object.entries(pages)) {
      await open(page, path);
      if (name === 'e-contract') await page.getByTestId('contract-text').waitFor(); // the contract itself, not an error page
      for (const v of await violations(page)) problems.push(`${name} ${path} at ${width} px: ${v}`);
    }
    await page.context().close();
  }
  assert.deepEqual(problems, [], problems.join('\n'));
}

test('axe finds no WCAG 2.2 A or AA violation on any page, logged out, at 390 and 1280 px', async () => {
  await scan(publicPages(), { member: false });
});

test('axe finds no WCAG 2.2 A or AA violation on any page, logged in, at 390 and 1280 px', async () => {
  await scan({ ...publicPages(), ...memberPages() }, { member: true });
});

const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return el ? (el.getAttribute('data-testid') || el.id || el.textContent || el.tagName).trim() : '';
});

test('keyboard only: skip link, log in, a closed dialog gives focus back, the gallery', async () => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await open(page, '/demo');

  // the first Tab reaches the skip link, which moves focus to the main content
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), '跳到主要內容');
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'main');

  // the login button, reached by Tab, opens the dialog, which names itself
  const loginButton = page.getByRole('button', { name: '登入', exact: true }).first();
  for (let i = 0; i < 40 && !(await loginButton.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  assert.ok(await loginButton.evaluate((el) => el === document.activeElement), 'Tab reaches the login button');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '登入' });
  await dialog.waitFor();

  // Escape closes it and focus is back on the login button
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.ok(await loginButton.evaluate((el) => el === document.activeElement), 'focus returns to the opener after Escape');

  // open it again from the keyboard and log in with typing alone
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await dialog.getByLabel('電子信箱').focus();
  await page.keyboard.type('member@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('demo1234');
  await page.keyboard.press('Enter');
  await page.getByTestId('member-name').waitFor();

  // the item page's gallery is reachable with Tab
  const pictured = sql(`select type || '/' || id from items where brand_id = 'demo' and image <> '' order by id limit 1`);
  assert.ok(pictured, 'the demo has an item with a picture');
  await open(page, `/demo/${pictured}`);
  const gallery = page.getByTestId('gallery');
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await gallery.evaluate((el) => el === document.activeElement);
  }
  assert.ok(reached, 'Tab reaches the gallery');
  assert.equal(await gallery.getAttribute('aria-label'), '商品圖片');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('keyboard only on a phone: a focused home banner is on screen', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await open(page, '/demo');
  const banners = page.getByTestId('home-banner');
  assert.ok((await banners.count()) >= 2, 'the demo brand has two banners');
  const second = banners.nth(1);
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await second.evaluate((el) => el === document.activeElement);
  }
  assert.ok(reached, 'Tab reaches the second banner');
  await page.waitForFunction((el) => {
    const r = el.getBoundingClientRect();
    return r.left >= 0 && r.right <= window.innerWidth;
  }, await second.elementHandle());
  await page.context().close();
});

test('the Nu HTML Checker finds no error in the server-rendered HTML of any page, logged out and in', async () => {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    assert.fail('the Nu HTML Checker needs Java: apt-get install -y default-jre-headless (.ci/run installs it)');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'vnu-'));
  try {
    const page = await newPage(browser);
    for (const [name, p] of Object.entries(publicPages())) {
      writeFileSync(path.join(dir, `out-${name}.html`), await (await page.context().request.get(base + p)).text());
    }
    await logIn(page);
    for (const [name, p] of Object.entries({ ...publicPages(), ...memberPages() })) {
      const res = await page.context().request.get(base + p);
      writeFileSync(path.join(dir, `in-${name}.html`), await res.text());
    }
    await page.context().close();
    for (const f of readdirSync(dir)) assert.match(readFileSync(path.join(dir, f), 'utf8'), /^<!doctype html>/i, f + ' is a page');
    const vnu = require.resolve('vnu-jar/build/dist/vnu.jar');
    // vnu writes its JSON report to stderr
    const run = spawnSync('java', ['-jar', vnu, '--errors-only', '--format', 'json', '--exit-zero-always', dir], { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.equal(run.status, 0, 'vnu did not run: ' + (run.error?.message ?? run.stderr.slice(0, 500)));
    const report = JSON.parse(run.stderr);
    const errors = report.messages.filter((m) => m.type === 'error').map((m) => `${path.basename(m.url ?? '')}:${m.lastLine}: ${m.message}\n    ${(m.extract ?? '').slice(0, 160)}`);
    assert.deepEqual(errors, [], errors.join('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
