// The catalogue in Chromium. Browsing from brand home to a course,
// the share, QR and calendar dialogs (with the .ics download), searching a
// partial Chinese word, the projectType tabs and the scroll rule, and every
// page hydrating without a console error, with screenshots at 375 and
// 1280 px.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, open, hydrated, nextFrames, shot, base } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Waits for a client navigation to land on a path matching re. */
async function landed(page, re) {
  await page.waitForURL(re);
  await page.waitForLoadState('networkidle');
}

test('brand home to a course: client navigation, share, QR and calendar dialogs, .ics download', async () => {
  const page = await newPage(browser);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await open(page, '/demo');
  const card = page.getByTestId('activity-card').first();
  const name = (await card.locator('h3').innerText()).trim();
  await page.evaluate(() => { window.__sameDocument = true; }); // survives only a client navigation
  await card.click();
  await landed(page, /\/demo\/activity\/\d+\/\d+$/);
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the course opened by a full page load');
  assert.equal((await page.getByRole('heading', { level: 2 }).first().innerText()).trim(), name);
  assert.match(await page.title(), new RegExp(name + '（.+館）｜森活運動館'));
  assert.ok((await page.getByTestId('schedule-row').count()) > 0);

  // store info
  await page.getByTestId('store-button').first().click();
  const store = page.getByTestId('store-dialog');
  await store.waitFor();
  assert.match(await store.innerText(), /地址[\s\S]*台北市|地址[\s\S]*新竹縣/);
  await store.getByRole('button', { name: '關閉' }).click();
  await store.waitFor({ state: 'detached' });

  // share: copy link, LINE, Facebook, then the QR code
  await page.getByTestId('share-button').click();
  const share = page.getByTestId('share-dialog');
  await share.waitFor();
  // shared links carry the trusted public origin (STOREFRONT_PUBLIC_URL),
  // not the address this browser happens to use
  const origin = new URL(await page.locator('link[rel="canonical"]').getAttribute('href')).origin;
  const url = origin + new URL(page.url()).pathname + new URL(page.url()).search;
  assert.equal(await share.getByRole('link', { name: '分享到 LINE' }).getAttribute('href'), 'https://social-plugins.line.me/lineit/share?url=' + encodeURIComponent(url));
  assert.equal(await share.getByRole('link', { name: '分享到 Facebook' }).getAttribute('href'), 'https://www.facebook.com/sharer/sharer.php?u=' + encodeURIComponent(url));
  await share.getByTestId('copy-link').click();
  await share.getByText('已複製連結').first().waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url);
  await share.getByRole('button', { name: 'QR Code' }).click();
  const qr = page.getByTestId('qr-dialog');
  await qr.waitFor();
  assert.ok(await qr.locator('svg').isVisible());
  assert.match(await qr.innerText(), new RegExp(url.replace(/[.?]/g, '\\$&')));
  await shot(page, 'dialog-qr-1280');
  await page.keyboard.press('Escape');
  await qr.waitFor({ state: 'detached' });

  // add to calendar: the first schedule
  const row = page.getByTestId('schedule-row').first();
  const time = (await row.locator('time').getAttribute('datetime')); // 2026-12-03T19:30
  await row.getByTestId('calendar-button').click();
  const cal = page.getByTestId('calendar-dialog');
  await cal.waitFor();
  await shot(page, 'dialog-calendar-1280');
  const [download] = await Promise.all([page.waitForEvent('download'), cal.getByTestId('ics-link').click()]);
  assert.match(download.suggestedFilename(), /^schedule-\d+\.ics$/);
  const ics = readFileSync(await download.path(), 'utf8');
  const [d, hm] = time.split('T');
  const utc = new Date(Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10), +hm.slice(0, 2) - 8, +hm.slice(3, 5)));
  const stamp = utc.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  assert.match(ics, /^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
  assert.match(ics, new RegExp('DTSTART:' + stamp + '\r\n'));
  assert.match(ics.replace(/\r\n /g, ''), new RegExp('SUMMARY:' + name + '（森活運動館 '));
  assert.match(ics, /LOCATION:森活運動館 /);
  assert.match(ics, /END:VEVENT\r\nEND:VCALENDAR\r\n$/);
  for (const line of ics.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, 'an .ics line longer than 75 octets: ' + line);
  const google = await cal.getByTestId('google-calendar-link').getAttribute('href');
  assert.ok(google.startsWith('https://calendar.google.com/calendar/render?'));
  assert.equal(new URL(google).searchParams.get('dates').split('/')[0], stamp);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('search finds a partial Chinese word', async () => {
  const page = await newPage(browser);
  await open(page, '/demo/activitys');
  await page.getByRole('searchbox', { name: '關鍵字' }).fill('瑜珈');
  await page.getByRole('button', { name: '搜尋' }).click();
  await landed(page, /\/demo\/search\/result\?keyword=/);
  assert.equal(new URL(page.url()).searchParams.get('keyword'), '瑜珈');
  const names = await page.getByTestId('activity-card').locator('h3').allInnerTexts();
  assert.ok(names.includes('空中瑜珈入門'), names.join(','));
  assert.ok(names.every((n) => n.includes('瑜珈')), names.join(','));
  assert.match(await page.getByTestId('search-count').innerText(), /找到 \d+ 堂課程/);

  // filter by store: it applies as it changes (no 搜尋), and keeps the keyword
  await page.getByLabel('門市').selectOption({ label: '竹北館' });
  await landed(page, /storeId=/);
  const stores = await page.getByTestId('activity-card').locator('span', { hasText: /館$/ }).allInnerTexts();
  assert.ok(stores.length > 0 && stores.every((s) => s === '竹北館'), stores.join(','));
  assert.equal(await page.getByRole('searchbox', { name: '關鍵字' }).inputValue(), '瑜珈');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('projectType tabs keep the scroll position; other navigations go to the top', async () => {
  const page = await newPage(browser, { viewport: { width: 375, height: 700 } });
  await open(page, '/demo');
  const tabs = page.getByTestId('project-tab');
  assert.deepEqual(await tabs.allInnerTexts(), ['定期通行卡', '分鐘計費卡', '儲值票券', '計次卡']);
  // demo draws its text in the system's font: no web font lays it out again later
  await tabs.nth(2).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 40));
  const y = await page.evaluate(() => window.scrollY);
  assert.ok(y > 300, 'the tabs are below the fold');
  await tabs.nth(2).click();
  await landed(page, /projectType=2/);
  // the new tab's page is shown; the scroll rule runs in the frame after
  await tabs.nth(2).and(page.locator('[aria-current="page"]')).waitFor();
  await nextFrames(page);
  assert.match(await page.getByTestId('item-card').first().innerText(), /儲值票券/);
  assert.equal(await page.evaluate(() => window.scrollY), y);

  await page.getByTestId('item-card').first().click();
  await landed(page, /\/demo\/point\/\d+$/);
  // the new page goes to the top once it has rendered (a busy CI machine
  // may take more than a frame)
  await page.waitForFunction(() => window.scrollY === 0);
  assert.match(await page.title(), /儲值票券/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a brand that wants the web font gets it after the page a part at a time, only the class left on <html>', async () => {
  const page = await newPage(browser, { viewport: { width: 375, height: 700 } });
  // count the rules the parts are switched by (app/lib/fonts.ts)
  await page.addInitScript(() => {
    window.fontParts = 0;
    const insert = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (rule, i) {
      if (rule.includes('Noto Sans TC Variable') && rule.startsWith(':where(#root')) window.fontParts++;
      return insert.call(this, rule, i);
    };
  });
  // the list itself, not the error page a failed render would have been
  // (it hydrates too, with no card to measure)
  const fonts = [];
  page.on('requestfinished', (r) => r.resourceType() === 'font' && fonts.push(r.url()));
  // yoga wants the web font (brand.json webFont)
  const res = await open(page, '/yoga/activitys');
  assert.equal(res.status(), 200);
  const title = page.getByTestId('activity-card').first().locator('h3');
  await title.waitFor();
  await page.waitForFunction(() => document.documentElement.classList.contains('fonts'));
  const seen = await title.evaluate((h3) => ({
    parts: window.fontParts,
    sheets: document.adoptedStyleSheets.length,
    family: getComputedStyle(h3).fontFamily,
    loaded: document.fonts.check('16px "Noto Sans TC Variable"', h3.textContent),
    elements: document.getElementById('root').getElementsByTagName('*').length,
  }));
  assert.ok(seen.parts > 1 && seen.parts <= 2 * 24, `switched in ${seen.parts} parts (${seen.elements} elements)`);
  assert.equal(seen.sheets, 0, 'the rules of the parts are gone');
  assert.match(seen.family, /^"Noto Sans TC Variable"/);
  assert.ok(seen.loaded, 'the characters of the card titles are in the loaded font files');
  // only the files of the characters on the page, not the face's 100 or so
  assert.ok(fonts.length > 0 && fonts.length < 30, `${fonts.length} font files`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a brand that does not ask for the web font draws in the system font and loads no font file', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  const fonts = [];
  page.on('request', (r) => (r.resourceType() === 'font' || r.url().includes('noto-sans-tc')) && fonts.push(r.url()));
  await open(page, '/demo/activitys');
  await page.getByTestId('activity-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(fonts, []);
  assert.equal(await page.locator('script[data-fonts]').count(), 0);
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('fonts')), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an item taken off the shelf has its own page; an unknown item is the 404 page', async () => {
  const page = await newPage(browser);
  const sitemap = await (await fetch(base + '/demo/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/\/demo\/passcard\/(\d+)</g)].map((m) => +m[1]);
  const offShelf = (await (await fetch(base + '/api/v2/ec/brands/demo/commodity/list?itemType=passcard')).json()).data.list.length;
  assert.equal(offShelf, listed.length, 'the sitemap lists the on-shelf passcards');
  // the off-shelf demo item is the one passcard id the sitemap leaves out
  let id = 0;
  for (let i = 1; i < 30 && !id; i++) {
    if (listed.includes(i)) continue;
    const res = await fetch(base + '/api/v2/ec/brands/demo/commodity/passcard/' + i);
    if (res.status === 400 && (await res.text()) === '商品已下架') id = i;
  }
  assert.ok(id > 0, 'found the off-shelf item');
  const res = await open(page, '/demo/passcard/' + id);
  assert.equal(res.status(), 200);
  assert.match(await page.getByTestId('off-shelf').innerText(), /此商品已下架[\s\S]*夏季限定通行卡/);
  assert.equal(await page.getAttribute('meta[name=robots]', 'content'), 'noindex, nofollow');
  await shot(page, 'item-off-shelf-1280');
  assert.deepEqual(page.errors, []);

  const gone = await page.goto(base + '/demo/passcard/999999');
  assert.equal(gone.status(), 404);
  await hydrated(page);
  assert.equal(await page.title(), 'Not Found');
  await page.context().close();
});

test('every catalogue page hydrates without console errors, with screenshots at 375 and 1280 px', async () => {
  const sitemap = await (await fetch(base + '/demo/sitemap.xml')).text();
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname + new URL(m[1]).search);
  const pick = (re) => {
    const u = urls.find((x) => re.test(x));
    assert.ok(u, 'the sitemap lists a page like ' + re);
    return u;
  };
  const pages = {
    'brand-home': '/demo',
    'brand-home-tab': '/demo?projectType=3',
    'brand-home-plans': '/demo?type=plan',
    activities: pick(/\/activitys$/),
    timetable: '/demo/timetable',
    search: '/demo/search/result?keyword=%E7%91%9C%E7%8F%88',
    'search-empty': '/demo/search/result?keyword=%E6%B2%92%E6%9C%89%E9%80%99%E5%A0%82%E8%AA%B2',
    course: pick(/\/activity\/\d+\/\d+$/),
    'term-list': pick(/\/termSchedule$/),
    'term-class': pick(/\/termSchedule\/\d+\/\d+$/),
    'term-intro': pick(/\/termSchedule\/\d+\/intro$/),
    'class-intro': pick(/\/termSchedule\/\d+\/\d+\/intro$/),
    item: pick(/\/quantityPasscard\/\d+$/),
    'yoga-home': '/yoga',
    'term-app': '/term/termSchedule?from=app',
  };
  for (const width of [375, 1280]) {
    const page = await newPage(browser, { viewport: { width, height: 900 } });
    for (const [name, path] of Object.entries(pages)) {
      const res = await open(page, path);
      assert.equal(res.status(), 200, path);
      assert.equal(await page.locator('title').count(), 1, path);
      assert.equal(await page.locator('link[rel=canonical]').count(), 1, path);
      for (const ld of await page.locator('script[type="application/ld+json"]').allTextContents()) JSON.parse(ld);
      // nothing wider than the viewport
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} overflows at ${width} px`);
      await page.waitForLoadState('networkidle');
      await shot(page, `${name}-${width}`);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('images come as WebP in the widths a page asks for', async () => {
  const page = await newPage(browser, { viewport: { width: 375, height: 800 }, deviceScaleFactor: 2 });
  const types = new Set();
  page.on('response', (r) => { if (r.url().includes('/_img/')) types.add(r.headers()['content-type']); });
  await open(page, '/demo/activitys');
  const img = page.getByTestId('activity-card').first().locator('img');
  await img.evaluate((el) => el.decode());
  const src = await img.evaluate((el) => el.currentSrc);
  assert.match(src, /\/_img\/[0-9a-f]{12}\/(640|960)\/_static\/catalogue\/demo\/[0-9a-f]{16}\/.+\.jpg$/, 'a 2x phone picks a width near 2 x 343 px');
  assert.deepEqual([...types], ['image/webp']);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('on a phone the search filters fold behind a button', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await open(page, '/demo/search/result');
  const store = page.getByLabel('門市');
  assert.equal(await store.isVisible(), false);
  const toggle = page.getByTestId('filter-toggle');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.click();
  assert.equal(await store.isVisible(), true);
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an activity card loads its other dates on demand, by keyboard, announced', async () => {
  const page = await newPage(browser);
  await open(page, '/demo/activitys');
  const button = page.getByRole('button', { name: /的更多時段$/ }).first();
  const course = (await button.getAttribute('aria-label')).replace(/的更多時段$/, '');
  const list = page.getByRole('list', { name: `${course}的更多時段`, exact: true });
  assert.equal(await list.count(), 0, 'no other dates before asking');
  const asked = page.waitForResponse((r) => r.url().includes('/api/search/activitySchedules'));
  await button.focus();
  await page.keyboard.press('Enter');
  const res = await asked;
  assert.equal(res.status(), 200);
  const body = await res.json();
  assert.ok(body.data.total > 0, JSON.stringify(body));
  await list.waitFor();
  const dates = await list.locator('li').allInnerTexts();
  assert.equal(dates.length, body.data.list.length);
  // each with its seats, a link to that session on its course page
  assert.ok(dates.every((d) => /^\d{1,2}\/\d{1,2}（週.）\d\d:\d\d\s*(剩 \d+ 位|額滿)$/.test(d)), dates.join(','));
  assert.equal(await list.getByRole('link').count(), dates.length);
  assert.equal(await page.getByRole('status').filter({ hasText: /^已載入 \d+ 個時段$/ }).count(), 1);
  // focus stays with the control: the button for the next page, else the list
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  assert.equal(focused, `${course}的更多時段`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
