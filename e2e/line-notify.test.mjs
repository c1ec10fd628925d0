// Notifications through LINE, on a phone (390 px): a member linked to
// LINE chooses in the member centre how each notification arrives (LINE or
// e-mail; the class reminder may be off, the others stay on), each change
// saved at once; the LINE Messaging API sandbox shows its page. A member
// linked to LINE who is not a friend of the brand's LINE Official Account
// gets mail; the member centre says so with the add-friend link; once they
// add the account in the sandbox (its signed follow webhook), LINE.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { base, launch, newPage, open, shot, sql, logInAs, phone, expected, mailTo, patience, clashes } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const site = base.replace('//127.0.0.1', '//localhost');

test('on a phone, a member linked to LINE chooses LINE for booking confirmations and turns class reminders off', async () => {
  const email = 'member2@example.com';
  const member = sql(`select id from users where brand_id = 'demo' and email = :'e'`, { e: email });
  const sub = 'U' + randomBytes(16).toString('hex');
  sql(`delete from line_links where brand_id = 'demo' and user_id = :u`, { u: member });
  sql(`delete from notify_choices where brand_id = 'demo' and user_id = :u`, { u: member });
  sql(`insert into line_links (brand_id, user_id, channel_id, line_sub, created_at) values ('demo', :u, '1700000000', :'s', now())`, { u: member, s: sub });
  const page = await newPage(browser, phone);
  await open(page, site + '/demo');
  await logInAs(page, email, { path: site + '/demo/user' });
  const choices = page.getByTestId('notify-choices');
  await choices.waitFor();
  const booked = choices.getByLabel('預約成功');
  assert.equal(await booked.inputValue(), 'email', 'e-mail until the member chooses');
  assert.equal(await booked.locator('option[value="off"]').count(), 0, 'a booking confirmation cannot be turned off');
  await booked.selectOption('line');
  await page.getByText('已更新通知方式').waitFor();
  await choices.getByLabel('課程提醒').selectOption('off');
  await page.waitForFunction(() => document.querySelector('#notify-reminder')?.value === 'off' && !document.querySelector('#notify-reminder')?.disabled);
  await choices.scrollIntoViewIfNeeded();
  await shot(page, 'notify-choices-390');
  assert.equal(sql(`select string_agg(kind || '=' || channel, ',' order by kind) from notify_choices where user_id = :u`, { u: member }), 'booked=line,reminder=off');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'nothing wider than the phone');

  // unlinked: LINE is no longer offered
  sql(`delete from line_links where brand_id = 'demo' and user_id = :u`, { u: member });
  await page.reload();
  await page.getByTestId('line-section').getByRole('button', { name: '連結 LINE' }).waitFor();
  assert.equal(await page.getByTestId('notify-choices').count(), 0);
  assert.deepEqual(page.errors.filter(expected), []);
  sql(`delete from notify_choices where brand_id = 'demo' and user_id = :u`, { u: member });
  await page.context().close();
});

test('the LINE Messaging API sandbox shows what was pushed', async () => {
  const page = await newPage(browser, phone);
  await page.goto(site + '/dev/line-bot/');
  await page.getByRole('heading', { name: '已推播的 LINE 訊息' }).waitFor();
  const res = await page.goto(site + '/dev/line-bot/messages.json');
  assert.ok(Array.isArray(await res.json()));
  await page.context().close();
});

/** The LINE messages the sandbox took for sub that hold text, waiting for one when wait. */
async function pushedTo(sub, text, wait) {
  const end = Date.now() + patience;
  for (;;) {
    const list = (await (await fetch(base + '/dev/line-bot/messages.json?to=' + encodeURIComponent(sub))).json()).filter((m) => m.text.includes(text));
    if (list.length || !wait) return list;
    if (Date.now() > end) throw new Error('nothing pushed to ' + sub);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('a linked member who is not a friend of the LINE Official Account is mailed, then adds it in the sandbox and gets LINE', async () => {
  const email = 'member@example.com';
  const member = sql(`select id from users where brand_id = 'demo' and email = :'e'`, { e: email });
  const sub = 'U' + randomBytes(16).toString('hex');
  sql(`delete from line_links where brand_id = 'demo' and user_id = :u`, { u: member });
  sql(`insert into line_links (brand_id, user_id, channel_id, line_sub, created_at, friend, friend_changed_at)
       values ('demo', :u, '1700000000', :'s', now(), false, now() - interval '1 minute')`, { u: member, s: sub });
  sql(`insert into notify_choices (brand_id, user_id, kind, channel) values ('demo', :u, 'booked', 'line')
       on conflict (brand_id, user_id, kind) do update set channel = 'line'`, { u: member });
  const page = await newPage(browser, phone);
  await open(page, site + '/demo');
  await logInAs(page, email, { path: site + '/demo/user' });
  // two sessions of one course the member may book
  const res = await fetch(base + '/api/search/searchEventList?brandId=demo&pageSize=50&keyword=' + encodeURIComponent('有氧飛輪 45'));
  const course = (await res.json()).data.list.find((x) => x.courseName === '有氧飛輪 45');
  const seats = (await (await page.request.get(`${site}/api/schedule?brandId=demo&courseId=${course.courseId}`)).json()).data;
  const [first, second] = seats.filter((x) => x.bookableNow && !x.myBookingId && x.seatsLeft > 0 && !clashes(email, x.scheduleId));
  assert.ok(first && second, 'two sessions to book');
  const book = async (s) => {
    const a = await (await page.request.post(site + '/api/schedule/booking', { data: { brandId: 'demo', scheduleId: s.scheduleId } })).json();
    assert.equal(a.errorCode, 0, a.message);
  };

  // not a friend: the confirmation is mailed, nothing pushed
  const before = JSON.parse(sql(`select coalesce(max(id), 0) from jobs`));
  await book(first);
  const mail = await mailTo(email);
  assert.match(mail.subject, /預約成功/);
  assert.equal(sql(`select count(*) from jobs where kind = 'line' and id > :n`, { n: before }), '0', 'no LINE push queued');
  assert.deepEqual(await pushedTo(sub, '', false), []);

  // the member centre says why, with the add-friend link
  const hint = page.getByTestId('notify-not-friend');
  await hint.waitFor();
  assert.match(await hint.innerText(), /尚未將本店的 LINE 官方帳號加為好友/);
  await hint.scrollIntoViewIfNeeded();
  await shot(page, 'notify-not-friend-390');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'nothing wider than the phone');
  const link = await hint.getByRole('link', { name: '加入好友' }).getAttribute('href');
  assert.match(link, /\/dev\/line-bot\/ti\/p\/@1800000000$/);

  // the sandbox's add-friend page: the member adds the account; LINE's signed follow reaches the brand's webhook
  const friend = await newPage(browser, phone);
  await friend.goto(link);
  await friend.getByLabel('LINE 使用者 ID').fill(sub);
  await friend.getByRole('button', { name: '加入好友' }).click();
  await friend.getByText(/已將 @1800000000 加入好友，已通知 [1-9]\d* 個 Webhook。/).waitFor();
  assert.equal(sql(`select friend from line_links where brand_id = 'demo' and user_id = :u`, { u: member }), 't');
  await friend.context().close();
  await page.reload();
  await page.getByTestId('notify-choices').waitFor();
  assert.equal(await page.getByTestId('notify-not-friend').count(), 0, 'a friend is not told to add the account');

  // a friend: the next confirmation goes by LINE
  await book(second);
  const [pushed] = await pushedTo(sub, '預約成功', true);
  assert.ok(pushed);
  assert.deepEqual(page.errors.filter(expected), []);
  sql(`delete from line_links where brand_id = 'demo' and user_id = :u`, { u: member });
  sql(`delete from notify_choices where brand_id = 'demo' and user_id = :u`, { u: member });
  await page.context().close();
});
