// What's on tonight, on a phone (390 x 844, touch, zh-TW): a visitor opens
// the timetable from brand home, picks tomorrow, narrows it to a store (no
// 搜尋: it applies as it changes, and the address keeps it), sees a full
// session marked, taps a session and lands on its course page with that
// session chosen in the booking panel, and books it once logged in. The
// search results' filters apply as they change too, and a card's 更多時段
// lists sessions with their seats, each a tap from its booking panel.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, hydrated, shot, sql, logInAs, phone, expected } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A verified member of the demo brand holding a count card of ten visits (password demo1234). */
function newMember(email) {
  sql(`with u as (
         insert into users (brand_id, email, name, phone, password_hash, custom_values, email_verified_at)
         select 'demo', :'email', '林新客', '0955123456', password_hash, custom_values, now()
           from users where brand_id = 'demo' and email = 'member@example.com' returning id)
       insert into member_tickets (brand_id, user_id, name, ticket_type, total, remain, starts_on, ends_on)
       select 'demo', id, '團課 10 堂計次卡', 'count', 10, 10, current_date - 1, current_date + 180 from u`, { email });
  return email;
}

/** The page shows no horizontal scroll at its width (nothing wider than the phone). */
async function fitsWidth(page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `the page is ${scroll} px wide on a ${width} px screen`);
}

/** The timetable's list once its answer is in, for date. */
async function listFor(page, date) {
  const list = page.locator(`[data-testid="timetable"][data-state="ready"][data-date="${date}"]`);
  await list.waitFor({ state: 'attached' });
  return list;
}

test('a visitor picks tomorrow, filters by store and books a session from the timetable', async () => {
  const email = newMember(`timetable-${Date.now()}@example.com`);
  const zhubei = sql(`select id from stores where brand_id = 'demo' and short_name = '竹北館'`);
  const page = await newPage(browser, phone);
  await open(page, '/demo');
  // the header has it, and brand home's 近期課程 too
  assert.equal(await page.getByRole('navigation', { name: '選單' }).getByRole('link', { name: '課表' }).getAttribute('href'), '/demo/timetable');
  await page.getByTestId('home-timetable').tap();
  await page.waitForURL(/\/demo\/timetable$/);
  const days = page.getByTestId('timetable-day');
  assert.equal(await days.count(), 7);
  assert.deepEqual([await days.nth(0).innerText(), await days.nth(1).innerText()], ['今天', '明天']);
  assert.match(await days.nth(2).innerText(), /^週[日一二三四五六] \d+\/\d+$/);
  const today = await page.getByTestId('timetable').getAttribute('data-date');
  await shot(page, 'timetable-today-390');

  // tomorrow
  await days.nth(1).tap();
  assert.equal(await days.nth(1).getAttribute('aria-pressed'), 'true');
  const tomorrow = (await page.evaluate(() => new URL(location.href).searchParams.get('date'))) ?? '';
  assert.ok(tomorrow > today, `tomorrow's date in the address: ${tomorrow}`);
  let list = await listFor(page, tomorrow);
  const all = await list.getByTestId('timetable-session').count();
  assert.ok(all > 0, 'sessions tomorrow');

  // one of 竹北館's sessions tomorrow fills up before the filter is chosen: it says so
  const full = sql(`select s.id from course_schedules s join courses c on c.id = s.course_id
                     where s.brand_id = 'demo' and c.store_id = :'store' and s.date = :'day'::date
                     order by s.start_time desc, s.id desc limit 1`, { store: zhubei, day: tomorrow });
  sql(`update course_schedules set booked = capacity where id = :'id'`, { id: full });

  // 竹北館: applied as it changes, no 搜尋
  await page.getByLabel('門市').selectOption({ label: '竹北館' });
  await page.waitForURL(new RegExp(`/demo/timetable\\?date=${tomorrow}&storeId=${zhubei}$`));
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll('[data-testid="timetable"][data-state="ready"] [data-testid="timetable-session"]')];
    return rows.length > 0 && rows.every((r) => r.textContent.includes('竹北館'));
  });
  list = await listFor(page, tomorrow);
  const rows = list.getByTestId('timetable-session');
  const n = await rows.count();
  assert.ok(n > 0 && n < all, `${n} of ${all} sessions at 竹北館`);
  for (const text of await rows.allInnerTexts()) assert.match(text, /竹北館/);
  // in time order
  const times = await list.locator('time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')));
  assert.deepEqual(times, [...times].sort());
  assert.match(await list.locator(`[data-schedule-id="${full}"]`).innerText(), /額滿・可候補/);
  assert.match(await page.getByTestId('timetable-count').innerText(), new RegExp(`共 ${n} 個時段`));
  await fitsWidth(page);
  await shot(page, 'timetable-tomorrow-zhubei-390');

  // the address keeps the view: a reload (or a shared link) opens it as it was
  await page.reload();
  await hydrated(page);
  assert.equal(await page.getByTestId('timetable-day').nth(1).getAttribute('aria-pressed'), 'true');
  assert.equal(await page.getByLabel('門市').inputValue(), zhubei);

  // a session with seats: tap it
  const row = (await listFor(page, tomorrow)).locator('[data-testid="timetable-session"]:not([data-full])').first();
  const sid = await row.getAttribute('data-schedule-id');
  const course = (await row.locator('b').innerText()).trim();
  await row.tap();
  await page.waitForURL(new RegExp(`/demo/activity/${zhubei}/\\d+\\?session=${sid}#booking$`));
  const panel = page.locator('[data-testid="booking-panel"][data-state="live"]');
  await panel.waitFor();
  assert.equal(await page.getByRole('heading', { level: 2, name: course, exact: true }).count(), 1);
  assert.equal(await panel.locator(`[data-schedule-id="${sid}"]`).getAttribute('aria-pressed'), 'true');
  // the panel is in view, below the sticky header
  const [top, header] = await panel.evaluate((el) => [el.getBoundingClientRect().top, document.querySelector('header').getBoundingClientRect().bottom]);
  assert.ok(top >= header - 1 && top < 844, `the booking panel at ${top} px, the header's bottom at ${header} px`);
  await shot(page, 'timetable-session-chosen-390');

  // logged in, the same session, and it books (the address again without
  // its #booking, which a browser would take for a jump within the page)
  const url = new URL(page.url());
  await logInAs(page, email, { path: url.pathname + url.search });
  const live = page.locator('[data-testid="booking-panel"][data-state="live"]');
  await live.getByTestId('payment-options').waitFor();
  assert.equal(await live.locator(`[data-schedule-id="${sid}"]`).getAttribute('aria-pressed'), 'true');
  await live.getByTestId('confirm-booking').tap();
  await live.getByTestId('booking-done').waitFor();
  assert.equal(sql(`select count(*) from bookings b join users u on u.id = b.user_id
                     where u.email = :'email' and b.schedule_id = :'sid' and b.status <> 'cancelled'`, { email, sid }), '1');
  await shot(page, 'timetable-booked-390');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('a visitor narrows the search results by store without 搜尋, and taps a session of 更多時段', async () => {
  const page = await newPage(browser, phone);
  const zhubei = sql(`select id from stores where brand_id = 'demo' and short_name = '竹北館'`);
  await open(page, '/demo/search/result');
  await page.getByTestId('filter-toggle').tap();
  await page.getByLabel('門市').selectOption({ label: '竹北館' });
  await page.waitForURL(new RegExp(`/demo/search/result\\?storeId=${zhubei}$`));
  const cards = page.getByTestId('activity-card');
  await page.waitForFunction(() => {
    const cards = [...document.querySelectorAll('[data-testid="activity-card"]')];
    return cards.length > 0 && cards.every((c) => c.textContent.includes('竹北館'));
  });
  assert.ok((await cards.count()) > 0, 'courses at 竹北館');
  // the filter stays as chosen, and the bar stays open
  assert.equal(await page.getByLabel('門市').inputValue(), zhubei);
  assert.equal(await page.getByTestId('filter-toggle').getAttribute('aria-expanded'), 'true');
  await fitsWidth(page);
  await shot(page, 'search-store-filter-390');

  // a card's 更多時段 on the activity list: sessions with seats, each a tap from its booking panel
  await open(page, '/demo/activitys');
  await page.getByRole('button', { name: /的更多時段$/ }).first().tap();
  const more = page.getByTestId('more-date').first();
  await more.waitFor();
  assert.match(await more.innerText(), /\d+\/\d+（週.）\d\d:\d\d\s*(剩 \d+ 位|額滿)/);
  await fitsWidth(page);
  await shot(page, 'activities-more-dates-390');
  const sid = await more.getAttribute('data-schedule-id');
  await more.tap();
  await page.waitForURL(new RegExp(`/demo/activity/\\d+/\\d+\\?session=${sid}#booking$`));
  const panel = page.locator('[data-testid="booking-panel"][data-state="live"]');
  await panel.waitFor();
  // the panel shows that session's day (chosen when its booking is open already)
  await panel.locator(`[data-schedule-id="${sid}"]`).waitFor();
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});
