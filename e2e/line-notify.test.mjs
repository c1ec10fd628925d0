// Notifications through LINE, on a phone (390 px): a member linked to
// LINE chooses in the member centre how each notification arrives (LINE or
// e-mail; the class reminder may be off, the others stay on), each change
// saved at once; the LINE Messaging API sandbox shows its page.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { base, launch, newPage, open, shot, sql, logInAs, phone, expected } from './lib.mjs';

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
