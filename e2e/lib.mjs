// Helpers of the browser tests: Debian's Chromium through playwright-core,
// console-error collection and screenshots.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';

export const base = process.env.STOREFRONT_URL ?? 'http://127.0.0.1:8080';
export const shotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shotDir, { recursive: true });

/**
 * The ceiling of every wait, in ms (each page's default timeout): the tests
 * wait on states, and on a loaded machine a state may be long in coming; a
 * test is not a latency budget.
 */
export const patience = 180_000;

export const iPhoneUA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A phone: 390 x 844, touch, zh-TW (newPage's options). */
export const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: iPhoneUA, locale: 'zh-TW' };

/** A console error other than a refused call's (a 4xx answer, which the browser logs as an error). */
export const expected = (e) => !/status of 4\d\d/.test(e);

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

/** A new browser context whose waits and requests have the ceiling patience. */
export async function newContext(browser, opts = {}) {
  const context = await browser.newContext(opts);
  context.setDefaultTimeout(patience);
  return context;
}

/** A new page that records console errors and page errors in page.errors. */
export async function newPage(browser, opts = {}) {
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 }, locale: 'zh-TW', ...opts });
  const page = await context.newPage();
  page.errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') page.errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => page.errors.push(`pageerror: ${e.message}`));
  return page;
}

/** Opens path (or an absolute URL) and waits for hydration to finish. */
export async function open(page, p) {
  const res = await page.goto(p.startsWith('http') ? p : base + p, { waitUntil: 'load' });
  await hydrated(page);
  return res;
}

/** Waits for the page in the tab to finish hydrating. */
export async function hydrated(page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1', null, { timeout: patience });
}

/** Waits until the page has drawn two more frames: what it scheduled for the next frame is done. */
export async function nextFrames(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

export async function shot(page, name) {
  await page.screenshot({ path: path.join(shotDir, name + '.png'), fullPage: true });
}

/** The mails to address in the development mailbox (dev env), newest first. */
export async function mailbox(address) {
  return (await (await fetch(base + '/dev/mailbox.json?to=' + encodeURIComponent(address))).json()).data;
}

/** The id of the newest mail to address (0: none yet): what mailTo's after takes. */
export async function lastMailId(address) {
  return Math.max(0, ...(await mailbox(address)).map((m) => m.id));
}

/** The mails to address whose subject matches re, newest first, waiting for at least one. */
export async function mailsWith(address, re, { timeout = patience } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const found = (await mailbox(address)).filter((m) => re.test(m.subject));
    if (found.length) return found;
    if (Date.now() > end) throw new Error(`no mail ${re} to ${address}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The newest mail to address in the development mailbox (dev env), waiting for it. */
export async function mailTo(address, { after = 0, timeout = patience } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const m = (await mailbox(address)).find((x) => x.id > after);
    if (m) return m;
    if (Date.now() > end) throw new Error('no mail to ' + address);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Runs SQL on the storefront's database (DATABASE_URL, set by e2e_test.go)
 * and returns psql's unaligned output. Values go in as psql variables
 * (vars {name: value}, written :'name' in the text), never spliced in.
 */
export function sql(text, vars = {}) {
  const args = [process.env.DATABASE_URL, '-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1'];
  for (const [k, v] of Object.entries(vars)) args.push('-v', `${k}=${v}`);
  return execFileSync('psql', args, { input: text, encoding: 'utf8' }).trim();
}

/**
 * Whether session scheduleId overlaps a live booking of the member with
 * e-mail email: the demo's members hold bookings whose days follow the
 * day the demo was loaded, so a test that books for them skips those
 * (refused -33 otherwise, on some weekdays only).
 */
export function clashes(email, scheduleId) {
  return sql(`select count(*) from bookings b join users u on u.id = b.user_id
      join course_schedules s on s.id = :'sid'
     where u.email = :'email' and b.status <> 'cancelled' and b.schedule_id <> s.id
       and b.starts_at < (s.date + s.end_time) at time zone 'Asia/Taipei'
       and b.ends_at > (s.date + s.start_time) at time zone 'Asia/Taipei'`, { sid: scheduleId, email }) !== '0';
}

/**
 * On the NewebPay sandbox's card form: pays with card (the test card by
 * default; the sandbox declines ...1112 and leaves ...1113 unanswered).
 * Typing the card is not a member's tap.
 */
export async function payByCard(page, card = '4000-2211-1111-1111') {
  await fillCard(page, card);
  await page.getByRole('button', { name: '確認付款' }).click();
}

/** On the NewebPay sandbox's mandate form: agrees to the recurring (定期定額) mandate with card. */
export async function agreeMandate(page, card = '4000-2211-1111-1111') {
  await fillCard(page, card);
  await page.getByRole('button', { name: '同意定期定額委託' }).click();
}

async function fillCard(page, card) {
  await page.waitForURL(/\/dev\/newebpay\//);
  await page.getByLabel('信用卡卡號').fill(card);
  await page.getByLabel('有效期限（MM/YY）').fill('12/30');
  await page.getByLabel('背面末三碼').fill('123');
}

/**
 * Buys the plan brand's monthly plan (月費方案) by a recurring card mandate
 * at site (the public origin, where the sandboxes live) as the member
 * logged in on page; returns the order number once the order shows paid.
 */
export async function buyMonthlyPlan(page, site, card = '4000-2211-1111-1111') {
  const id = sql(`select id from items where brand_id = 'plan' and name = '月費方案'`);
  await open(page, site + `/plan/passcard/${id}/checkout`);
  await page.getByTestId('checkout').waitFor();
  await page.getByRole('radio', { name: /信用卡定期定額/ }).check();
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  await agreeMandate(page, card);
  await page.waitForURL(/\/plan\/(webUser\/)?orderResult\//);
  await page.locator('[data-testid="order-result"][data-state="paid"]').waitFor();
  return page.url().split('/').pop().split('?')[0];
}

/** On the checkout form: accepts the terms, goes to pay and pays by card in the NewebPay sandbox. */
export async function payAtCheckout(page) {
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  await payByCard(page);
}

/** Waits for brand demo's order result page to show the order in state. */
export async function orderResult(page, state) {
  await page.waitForURL(/\/demo\/(webUser\/)?orderResult\//);
  await page.locator(`[data-testid="order-result"][data-state="${state}"]`).waitFor();
}

/**
 * Logs the page's browser in as email through the login API, the way the
 * login dialog does (the password leaves as its MD5, spec section 5), then
 * opens path (default: the page's current address) again, logged in. The
 * dialog's own journey is tested in members, keyboard and app-bridge; the
 * other journeys start from a logged-in page without paying for the dialog
 * and its snackbar. The brand is the first segment of the page's path unless brandId is given.
 */
export async function logInAs(page, email, { password = 'demo1234', path, brandId } = {}) {
  if (!page.url().startsWith('http')) await open(page, path ?? '/demo');
  const answer = await page.evaluate(async ({ email, password, brandId }) => {
    brandId ??= location.pathname.split('/')[1];
    const res = await fetch('/api/session/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ brandId, email, password }),
    });
    return res.json();
  }, { email, password: createHash('md5').update(password).digest('hex'), brandId });
  if (answer.errorCode !== 0) throw new Error(`log in as ${email}: ${answer.errorCode} ${answer.message}`);
  await open(page, path ?? page.url());
}

/** A verified member of the demo brand holding nothing (every required field filled, password demo1234). */
export function newMember(email) {
  sql(`insert into users (brand_id, email, name, phone, password_hash, custom_values, email_verified_at)
       select 'demo', :'email', '林新客', '0955123456', password_hash, custom_values, now()
         from users where brand_id = 'demo' and email = 'member@example.com'`, { email });
  return email;
}

/** The course page of the demo course named name at store (a store's short name), with its ids. */
export async function coursePath(name, store = '信義館') {
  const res = await fetch(base + '/api/search/searchEventList?brandId=demo&pageSize=50&keyword=' + encodeURIComponent(name));
  const a = (await res.json()).data.list.find((x) => x.courseName === name && x.storeShortName === store);
  assert.ok(a, `the demo course ${name} at ${store}`);
  return { courseId: a.courseId, storeId: a.storeId, path: `/demo/activity/${a.storeId}/${a.courseId}` };
}

/** The live sessions of a demo course (GET /api/schedule). */
export async function seatsOf(courseId) {
  const res = await fetch(base + `/api/schedule?brandId=demo&courseId=${courseId}`);
  return (await res.json()).data;
}

/** A session of the course one can book and still cancel online (its deadline an hour away), the nth such. */
export async function bookable(courseId, nth = 0) {
  const list = (await seatsOf(courseId)).filter((x) => x.bookableNow && Date.parse(x.cancelDeadline) > Date.now() + 3600_000 && x.seatsLeft > 1);
  assert.ok(list[nth], 'a session to book');
  return list[nth];
}

/** The label of a booking panel's date chip: '2026-12-03' -> '12/3（' */
export const chip = (d) => `${+d.slice(5, 7)}/${+d.slice(8, 10)}（`;

/** The course page's booking panel, once it shows the live seats. */
export async function livePanel(page) {
  await page.locator('[data-testid="booking-panel"][data-state="live"]').waitFor();
  return page.getByTestId('booking-panel');
}

/**
 * Whether each of texts, wherever it shows in the page's main, lies on one
 * line (no break inside it): {text: 'one line' | 'broken' | 'missing'}.
 */
export async function onOneLine(page, texts) {
  return page.evaluate((texts) => {
    const out = {};
    const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement.closest('script, style, template') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    const nodes = [];
    for (let n; (n = walker.nextNode()); ) nodes.push(n);
    // the text may span sibling nodes (a span per unit): search the main's text
    const all = nodes.map((n) => n.textContent).join('');
    for (const text of texts) {
      out[text] = 'missing';
      for (let at = all.indexOf(text); at >= 0; at = all.indexOf(text, at + 1)) {
        const range = document.createRange();
        let pos = 0;
        for (const n of nodes) {
          const end = pos + n.textContent.length;
          if (at >= pos && at < end) range.setStart(n, at - pos);
          if (at + text.length > pos && at + text.length <= end) range.setEnd(n, at + text.length - pos);
          pos = end;
        }
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) out[text] = 'broken';
        else if (tops.size === 1 && out[text] === 'missing') out[text] = 'one line';
      }
    }
    return out;
  }, texts);
}
