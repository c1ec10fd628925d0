// Signing an e-contract in Chromium on a phone-sized page. The
// member starts checkout of an item that needs a contract, precheck
// answers "please sign", the please-sign dialog takes them to the
// contract (with the cart in the back link), they read it to the end,
// fill its fields, sign with the pointer on the signature box and agree;
// the contract is then read-only, the mail with the PDF arrives, and they
// go back to checkout with the same cart and pay. The PDF, both the
// member centre's download and the mail's attachment, has the text the
// page showed (poppler's pdftotext extracts it).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch, newPage, open, shot, sql, mailTo, lastMailId, base, expected } from './lib.mjs';

const site = base.replace('//127.0.0.1', '//localhost');
const item = '週末體驗通行卡';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const phone = () => newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const itemId = () => sql(`select id from items where brand_id = 'demo' and name = :'name'`, { name: item });
const contractId = () => sql(`select id from contract_templates where brand_id = 'demo' and name = '會員入會契約'`);

async function logIn(page, email, password = 'demo1234') {
  await open(page, site + '/demo');
  await page.getByRole('button', { name: '登入', exact: true }).first().click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.waitFor();
  await dialog.getByLabel('電子信箱').fill(email);
  await dialog.getByLabel('密碼').fill(password);
  await dialog.getByRole('button', { name: '登入', exact: true }).click();
  await page.getByTestId('member-name').waitFor();
}

/** The text of a PDF (poppler's pdftotext, Debian's poppler-utils). */
function pdfText(bytes) {
  const dir = mkdtempSync(path.join(tmpdir(), 'contract-'));
  try {
    const file = path.join(dir, 'contract.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Text without any white space (lines wrap differently on paper). */
const squeeze = (s) => s.replace(/\s+/g, '');

/**
 * Every block of the contract as the page showed it (headings, paragraphs,
 * list items) is in the PDF's text, in order, as are the filled fields and
 * the signer.
 */
function assertSameText(pdf, blocks, also, label) {
  const text = squeeze(pdf);
  let at = 0;
  for (const b of blocks) {
    const want = squeeze(b);
    const i = text.indexOf(want, at);
    assert.ok(i >= 0, `${label}: the PDF lacks (or misorders) 「${b}」\n--- its text:\n${pdf}`);
    at = i + want.length;
  }
  for (const x of also) assert.ok(text.includes(squeeze(x)), `${label}: the PDF lacks 「${x}」`);
}

/** Scrolls the contract text to its end, as a reader does. */
async function readToEnd(page) {
  const text = page.getByTestId('contract-text');
  await text.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByTestId('contract-read-state').filter({ hasText: '已閱讀完整合約' }).waitFor();
}

/** Draws a signature stroke with the pointer (mouse events become pointer events). */
async function sign(page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  assert.ok(box.width <= 390 && box.width >= 300, `the box fits a phone: ${box.width}`);
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 20, box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

test('the e-contract page: read to the end, fields, signature and agreement are required', async () => {
  const page = await phone();
  await logIn(page, 'member2@example.com');
  await open(page, site + `/demo/e-contract/0/${contractId()}`);
  await page.getByTestId('e-contract').waitFor();
  assert.match(await page.getByRole('heading', { level: 1 }).innerText(), /會員入會契約/);
  // not read yet: the button waits
  assert.equal(await page.getByRole('button', { name: '同意並簽署' }).isDisabled(), true);
  await readToEnd(page);
  const submit = page.getByRole('button', { name: '同意並簽署' });
  const signings = [];
  page.on('request', (r) => { if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/contract') signings.push(r.url()); });
  // a signer's name with a right-to-left override (it would show 某某人 reversed): refused at the field
  const signer = page.getByLabel('簽署人姓名');
  await signer.fill('\u202e人某某');
  await submit.click();
  const signerError = page.getByTestId('field-error');
  assert.equal(await signerError.innerText(), '簽署人姓名不可包含換行、控制字元或文字方向控制字元');
  assert.equal(await signer.getAttribute('aria-invalid'), 'true');
  assert.equal(await page.getByTestId('form-error').count(), 0);
  await signer.fill('某某人');
  await submit.click();
  assert.equal(await page.getByTestId('form-error').innerText(), '請填寫「緊急聯絡人」');
  assert.equal(await signerError.count(), 0);
  await page.getByLabel('緊急聯絡人', { exact: true }).fill('王大明');
  await page.getByLabel('緊急聯絡人電話').fill('0922333444');
  await submit.click();
  assert.equal(await page.getByTestId('form-error').innerText(), '請在簽名框內簽名');
  await sign(page);
  await submit.click();
  assert.equal(await page.getByTestId('form-error').innerText(), '請勾選同意本合約');
  // clearing the signature asks for it again
  await page.getByRole('button', { name: '清除重簽' }).click();
  await page.getByRole('checkbox', { name: /同意本合約/ }).check();
  await submit.click();
  assert.equal(await page.getByTestId('form-error').innerText(), '請在簽名框內簽名');
  assert.deepEqual(signings, [], 'nothing was sent');
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});

test('please sign at checkout, sign on a phone, get the mail, come back with the cart and pay', async () => {
  const page = await phone();
  const email = 'member@example.com';
  await logIn(page, email);
  await open(page, site + `/demo/passcard/${itemId()}/checkout`);
  await page.getByTestId('checkout').waitFor();
  // the contract is told at the start of checkout, before 前往付款
  await page.getByTestId('contract-notice').waitFor();
  // a cart worth keeping: two of them, paid by card
  await page.getByRole('button', { name: '增加數量' }).click();
  const total = await page.getByTestId('checkout-total').innerText();
  await page.getByRole('radio', { name: '信用卡付款' }).check();
  await page.getByRole('checkbox', { name: /服務條款/ }).check();
  await page.getByRole('button', { name: '前往付款' }).click();
  const pleaseSign = page.getByTestId('please-sign-dialog');
  await pleaseSign.waitFor();
  await pleaseSign.getByRole('link', { name: '前往簽署合約' }).click();
  await page.getByTestId('e-contract').waitFor();
  const url = new URL(page.url());
  assert.match(url.pathname, new RegExp(`/demo/e-contract/\\d+/${contractId()}$`));
  assert.match(url.searchParams.get('back'), /\/checkout\?.*qty=2.*pay=2/);

  await readToEnd(page);
  await page.getByLabel('緊急聯絡人', { exact: true }).fill('王大明');
  await page.getByLabel('緊急聯絡人電話').fill('0922333444');
  await sign(page);
  await page.getByRole('checkbox', { name: /同意本合約/ }).check();
  const mailsBefore = await lastMailId(email);
  await page.getByRole('button', { name: '同意並簽署' }).click();
  const signed = page.getByTestId('contract-signed');
  await signed.waitFor();
  assert.match(await signed.innerText(), /王大明/);
  // the record names the member's account beside the typed signer, as the PDF does
  const account = await page.getByTestId('contract-account').innerText();
  assert.match(account, /^林小安，member@example\.com，會員編號 \d+$/);
  const pdfUrl = await page.getByTestId('contract-pdf').getAttribute('href');
  assert.match(pdfUrl, /\/api\/user\/contracts\/\d+\.pdf/);
  // the PDF, downloaded with the member's session: the contract's text in CJK, the signer and the fields
  const res = await page.request.get(site + pdfUrl);
  assert.equal(res.status(), 200);
  assert.match(res.headers()['content-type'], /application\/pdf/);
  const body = await res.body();
  assert.ok(body.toString('latin1').startsWith('%PDF-') && body.toString('latin1').includes('/FontFile2'), 'a PDF embedding its TrueType font');
  // its text is the text the page showed, with the fields and the signer
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  const blocks = [title, ...await page.getByTestId('contract-text').locator('h1, h2, h3, h4, p, li').evaluateAll((els) => els.map((e) => e.textContent).filter((t) => t.trim() !== ''))];
  assert.ok(blocks.length >= 3, `the contract's blocks: ${blocks.length}`);
  const also = ['王大明', '0922333444', account];
  assertSameText(pdfText(body), blocks, also, 'the download');
  await shot(page, 'e-contract-signed');

  // the mail of the signed contract, with the same PDF attached
  const mail = await mailTo(email, { after: mailsBefore });
  assert.match(mail.subject + mail.text, /合約/);
  const n = mail.attachments.findIndex((a) => a.type === 'application/pdf');
  assert.ok(n >= 0, `a PDF attached: ${JSON.stringify(mail.attachments)}`);
  assert.match(mail.attachments[n].name, /\.pdf$/);
  const mailed = Buffer.from(await (await fetch(base + `/dev/mailbox/${mail.id}/attachments/${n}`)).arrayBuffer());
  assertSameText(pdfText(mailed), blocks, also, 'the mailed PDF');

  // read-only on the next visit
  await page.reload();
  await page.getByTestId('contract-signed').waitFor();
  assert.equal(await page.getByRole('button', { name: '同意並簽署' }).count(), 0);

  // back to checkout with the same cart, and on to pay
  await page.getByTestId('contract-back').click();
  await page.getByTestId('checkout').waitFor();
  assert.equal(await page.getByTestId('checkout-total').innerText(), total);
  assert.equal(await page.getByRole('radio', { name: '信用卡付款' }).isChecked(), true);
  // the terms ticked before signing stay ticked; the contract is no longer asked for
  assert.equal(await page.getByRole('checkbox', { name: /服務條款/ }).isChecked(), true);
  assert.equal(await page.getByTestId('contract-notice').count(), 0);
  await page.getByRole('button', { name: '前往付款' }).click();
  await page.waitForURL(/\/dev\/newebpay\//);
  assert.deepEqual(page.errors.filter(expected), []);
  await page.context().close();
});
