// A member freezes their membership on a phone (390 px): the 暫停會籍
// form puts a refusal at its field, a valid request is listed 審核中, the
// studio approves it with the operators' command (`storefront freeze
// approve`, run here as the operator would), and the member sees it 已核准
// and their passcard's end moved by the frozen days.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, newPage, open, shot, sql, logInAs, phone, patience } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The Taipei day n days from today, YYYY-MM-DD. */
const taipeiDay = (n) => new Date(Date.now() + 8 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);
const plusDays = (ymd, n) => new Date(Date.parse(ymd + 'T00:00:00Z') + n * 86400_000).toISOString().slice(0, 10);

test('on a phone, a member asks for a freeze; approved, their passcard ends later by the frozen days', async () => {
  const page = await newPage(browser, phone);
  await logInAs(page, 'member@example.com', { path: '/demo/user' });
  const start = taipeiDay(3);
  const end = taipeiDay(12); // ten days frozen
  const userId = sql(`select id from users where brand_id = 'demo' and email = 'member@example.com'`);
  // the passcards valid over the freeze, and their ends before it
  const before = sql(`select id || ' ' || to_char(ends_on, 'YYYY-MM-DD') from member_passcards where user_id = :'u'
    and ends_on >= :'s'::date and (starts_on is null or starts_on <= :'e'::date) order by id`, { u: userId, s: start, e: end })
    .split('\n').filter(Boolean).map((l) => l.split(' '));
  assert.ok(before.length > 0, 'the demo member holds a passcard valid over the freeze');

  const section = page.getByTestId('freeze-section');
  await section.getByText('尚無暫停會籍申請').waitFor();
  await section.getByLabel('原因').selectOption('abroad');
  await section.getByLabel('開始日').fill(start);
  await section.getByLabel('結束日').fill(end);
  await section.getByLabel('說明與證明').fill('腳踝扭傷，附診斷證明');
  await section.getByRole('button', { name: '送出申請' }).click();
  // abroad for ten days: refused at the end date, under it
  const endField = section.getByLabel('結束日');
  await page.waitForFunction(() => document.querySelector('[data-testid="freeze-section"] input[name="end"]')?.getAttribute('aria-invalid') === 'true');
  assert.equal(await page.locator(`[id="${await endField.getAttribute('aria-describedby')}"]`).innerText(), '因出國暫停會籍，須出國逾一個月');
  assert.equal(await section.getByTestId('field-error').count(), 1);
  await shot(page, 'freeze-error-at-field-390');

  await section.getByLabel('原因').selectOption('injury');
  await section.getByRole('button', { name: '送出申請' }).click();
  const item = section.getByTestId('freeze-list').locator('li');
  await item.filter({ hasText: '審核中' }).waitFor();
  assert.match(await item.innerText(), new RegExp(`受傷或疾病[\\s\\S]*${start} 至 ${end}[\\s\\S]*店家將於 \\d{4}-\\d{2}-\\d{2} 前審核`));
  assert.equal(await section.getByTestId('field-error').count(), 0);
  await shot(page, 'freeze-requested-390');

  // the studio approves it, with the operators' command
  const id = sql(`select id from freezes where user_id = :'u' and state = 'requested'`, { u: userId });
  const out = execFileSync('go', ['run', './cmd/storefront', 'freeze', 'approve', id, '--note', '早日康復'], {
    cwd: repo, env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL }, encoding: 'utf8', timeout: patience,
  });
  assert.match(out, new RegExp(`freeze ${id}: approved \\(${start} to ${end}, member@example.com\\)`));

  await open(page, '/demo/user');
  await section.getByTestId('freeze-list').locator('li[data-state="approved"]').waitFor();
  assert.match(await item.innerText(), /已核准[\s\S]*店家說明：早日康復/);
  await shot(page, 'freeze-approved-390');

  for (const [pid, was] of before) {
    assert.equal(sql(`select to_char(ends_on, 'YYYY-MM-DD') from member_passcards where id = :'p'`, { p: pid }), plusDays(was, 10), `passcard ${pid}`);
  }
  await open(page, '/demo/user/passcard');
  const moved = plusDays(before[0][1], 10).replaceAll('-', '/');
  await page.getByText(moved, { exact: false }).first().waitFor();
  await shot(page, 'freeze-passcard-end-moved-390');
  await page.context().close();
});
