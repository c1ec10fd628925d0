// A member buys a term class's trial session (the
// trial check runs first) and pays on the NewebPay sandbox; a second trial
// is refused with its message. The demo member pays the counting passcard
// that went 25 minutes below zero (NT$150, computed by the server) and the
// card owes nothing after.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, open, sql, base, logInAs, payByCard, orderResult } from './lib.mjs';

const site = base.replace('//127.0.0.1', '//localhost');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function logIn(page) {
  await open(page, site + '/demo');
  await logInAs(page, 'member@example.com');
  await page.getByTestId('member-name').waitFor();
}

test('a member buys a term trial after its check, pays by card; a second trial is refused', async () => {
  const page = await newPage(browser);
  await logIn(page);
  const [termId, classId] = sql(`select term_schedule_id || ' ' || id from term_classes where name = '週末皮拉提斯養成班｜週日上午'`).split(' ');
  const checkout = `${site}/demo/termSchedule/checkout?termScheduleId=${termId}&scheduleId=${classId}&trial=1`;
  await open(page, checkout);
  assert.equal(await page.getByTestId('checkout-total').innerText(), 'NT$ 500');
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  await payByCard(page)
    .then(() => orderResult(page, 'paid'))
    .catch(async (e) => {
      throw new Error(`${e.message}\n${page.url()}\n${await page.locator('body').innerText()}`.slice(0, 1500));
    });
  const booked = sql(`select count(*) from bookings b join users u on u.id = b.user_id
    where u.email = 'member@example.com' and u.brand_id = 'demo' and b.pay_kind = 'order' and b.status = 'booked'`);
  assert.ok(Number(booked) >= 1);
  // enrolled, not "not active yet"; my bookings name the session by the term's class
  assert.equal(await page.getByTestId('activation').innerText(), '已報名，課程已預約');
  await open(page, site + '/demo/user/booking');
  await page.getByTestId('bookings-upcoming').getByRole('heading', { name: '週末皮拉提斯養成班｜週日上午' }).first().waitFor();

  await open(page, checkout);
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  await page.getByText('您已體驗過此學期課程，體驗課每位會員限一次').waitFor();
  await page.close();
});

/** Whether each of texts, wherever it shows in the page's main, lies on one line (no break inside it). */
async function onOneLine(page, texts) {
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

test('at 390 px the name of a class and its units stay whole: 週日上午, 共 8 堂, 每週日 09:00–09:50', async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await open(page, site + '/demo/termSchedule');
  await page.getByTestId('term-class').first().waitFor();
  const texts = ['週日上午', '共 8 堂', '每週日 09:00–09:50'];
  assert.deepEqual(await onOneLine(page, texts), Object.fromEntries(texts.map((x) => [x, 'one line'])));
  // the activity list's dates: each date and weekday whole
  await open(page, site + '/demo/activitys');
  const date = (await page.locator('main p').filter({ hasText: /（週.）/ }).first().innerText()).split('・')[0];
  assert.deepEqual(await onOneLine(page, [date]), { [date]: 'one line' });
  await page.close();
});

test('the demo member pays an overdue counting passcard in the sandbox, once', async () => {
  const page = await newPage(browser);
  await logIn(page);
  await open(page, site + '/demo/counting-passcard-overdue-purchase');
  const card = page.getByTestId('overdue-card');
  await card.getByText('NT$ 150').waitFor();
  await card.getByRole('link', { name: '補繳' }).click();
  await page.getByTestId('overdue-amount').waitFor();
  assert.equal(await page.getByTestId('overdue-amount').innerText(), 'NT$ 150');
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  await payByCard(page);
  await orderResult(page, 'paid');
  const remain = sql(`select min(remain_minutes) from member_counting_passcards m join users u on u.id = m.user_id
    where u.email = 'member@example.com' and u.brand_id = 'demo'`);
  assert.ok(Number(remain) >= 0, `a card still owes: ${remain}`);
  await open(page, site + '/demo/counting-passcard-overdue-purchase');
  await page.getByTestId('overdue-none').waitFor();
  await page.close();
});
