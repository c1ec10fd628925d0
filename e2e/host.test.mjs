// Brand home server-rendered and hydrated in Chromium, the app
// banner on phones.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, hydrated, shot, iPhoneUA, base } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('brand home renders on the server and hydrates without errors', async () => {
  const page = await newPage(browser);
  // the server's HTML already holds the brand and its items
  const html = await (await fetch(base + '/demo')).text();
  assert.match(html, /森活運動館/);
  assert.match(html, /單月暢遊通行卡/);

  await open(page, '/demo');
  assert.equal(await page.title(), '森活運動館｜線上購買方案與課程');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hant');
  const tab = page.getByTestId('project-tab').filter({ hasText: '定期通行卡' });
  assert.ok(await tab.isVisible());
  assert.equal(await tab.getAttribute('aria-current'), 'page');
  assert.equal(await page.getByTestId('item-card').count(), 4); // the first tab's items
  assert.match(await page.getByTestId('item-card').first().innerText(), /NT\$ 2,688/);
  // the footer: year, brand, LINE Pay since a store has it
  assert.match(await page.locator('footer').innerText(), /© \d{4} 森活運動館/);
  assert.ok(await page.getByTestId('linepay-logo').isVisible());
  // desktop: no app banner
  assert.equal(await page.getByTestId('app-banner').count(), 0);
  await shot(page, 'brand-home-1280');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the app banner shows on a phone at 375 px and stays hidden after close', async () => {
  const page = await newPage(browser, { viewport: { width: 375, height: 800 }, userAgent: iPhoneUA, isMobile: true, hasTouch: true });
  await open(page, '/demo');
  const banner = page.getByTestId('app-banner');
  assert.ok(await banner.isVisible());
  assert.equal((await banner.boundingBox()).height, 55);
  assert.match(await banner.innerText(), /森活運動館/);
  assert.equal(await banner.getByRole('link', { name: '下載' }).getAttribute('href'), 'https://apps.apple.com/tw/app/id1000000001');
  await shot(page, 'brand-home-375');

  await banner.getByRole('button', { name: '關閉 App 下載提示' }).click();
  assert.equal(await banner.count(), 0);
  const cookies = await page.context().cookies();
  assert.ok(cookies.some((c) => c.name === 'closeBownloadAppBanner'));

  await open(page, '/demo'); // the server remembers too
  assert.equal(await page.getByTestId('app-banner').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a brand without both app links shows no banner on a phone', async () => {
  const page = await newPage(browser, { viewport: { width: 375, height: 800 }, userAgent: iPhoneUA, isMobile: true });
  await open(page, '/yoga');
  assert.equal(await page.getByTestId('app-banner').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the error page is rendered by the app in the brand theme', async () => {
  const page = await newPage(browser);
  const res = await page.goto(base + '/noshop');
  assert.equal(res.status(), 404);
  await hydrated(page);
  assert.equal(await page.title(), 'Not Found');
  assert.match(await page.getByTestId('error-page').innerText(), /找不到頁面/);
  assert.equal(await page.getAttribute('meta[name=theme-color]', 'content'), '#4A6FA5');
  // a 404 resource is expected here; nothing else
  assert.deepEqual(page.errors.filter((e) => !e.includes('404')), []);
  await page.context().close();
});
