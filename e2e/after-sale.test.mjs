// After the sale, on a phone (390 x 844): a member deletes their account
// from the member centre. The dialog says what is erased and what the
// studio keeps and for how long; a wrong password is refused at its field;
// the right one deletes the account, ends the session and leads home; the
// member can no longer log in, and the account keeps no personal data.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { launch, newPage, open, shot, sql, phone, expected } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const md5 = (s) => createHash('md5').update(s).digest('hex');

/** Calls the storefront's API from the page (its cookies), answering the envelope. */
function api(page, path, body) {
  return page.evaluate(async ({ path, body }) => {
    const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return res.json();
  }, { path, body });
}

test('a member deletes their account with their password and cannot log in again', async () => {
  const page = await newPage(browser, phone);
  const stamp = Date.now().toString().slice(-8);
  const email = `leaving.${stamp}@example.com`;
  const mobile = `09${stamp}`;
  await open(page, '/demo');
  const reg = await api(page, '/api/session/register', {
    brandId: 'demo', email, password: md5('leaving-pass1'), name: '林要走', acceptTerms: true,
    customFields: { phone: mobile, birthday: '1991-03-04' },
  });
  assert.equal(reg.errorCode, 0, reg.message);
  await open(page, '/demo/user');
  await page.getByRole('heading', { name: '林要走，您好' }).waitFor();

  await page.getByRole('button', { name: '刪除帳號' }).click();
  const dialog = page.getByTestId('delete-account-dialog');
  await dialog.getByText('商業會計法第 38 條').waitFor();
  await shot(page, 'after-sale-delete-account-390');

  const password = dialog.getByLabel('請輸入密碼以確認');
  await password.fill('not-my-pass1');
  await dialog.getByRole('button', { name: '永久刪除帳號' }).click();
  await dialog.getByTestId('field-error').waitFor();
  assert.equal(await password.getAttribute('aria-invalid'), 'true');
  assert.match(await dialog.getByTestId('field-error').innerText(), /密碼/);

  await password.fill('leaving-pass1');
  await dialog.getByRole('button', { name: '永久刪除帳號' }).click();
  await dialog.getByRole('status').getByText('您的帳號已刪除').waitFor();
  await shot(page, 'after-sale-account-deleted-390');
  await dialog.getByRole('button', { name: '回到首頁' }).click();
  await page.waitForURL(/\/demo\/?$/);
  await page.getByRole('button', { name: '登入', exact: true }).first().waitFor();

  const login = await api(page, '/api/session/login', { brandId: 'demo', email, password: md5('leaving-pass1') });
  assert.notEqual(login.errorCode, 0, 'the deleted account logged in');
  // the row stays for the records it names, with nothing of the member
  const row = sql(`select email, name, phone, custom_values::text, phone_hash is not null from users
    where id = :'id' and deleted_at is not null`, { id: reg.data.userId });
  assert.equal(row, `deleted-${reg.data.userId}@deleted.invalid|-||{}|t`);
  assert.equal(sql(`select count(*) from users where email = :'email' or phone = :'phone'`, { email, phone: mobile }), '0');
  assert.deepEqual(page.errors.filter(expected), []);
});
