import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorMessage, errorTitle } from './error-text';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, call, errorText } from './api';

test('error page texts (spec sections 2 and 8)', () => {
  const cases: [string, { status: number; message: string; routing: boolean }, string, string][] = [
    ['404 with a message', { status: 404, message: '找不到頁面', routing: false }, 'Not Found', '找不到頁面'],
    ['404 without one: the shop hint', { status: 404, message: '', routing: false }, 'Not Found', '您造訪的頁面已失效，請確認品牌的商店頁面網址是否正確。'],
    ['routing 404', { status: 404, message: '', routing: true }, 'Not Found', '找不到這個頁面，請確認網址是否正確。'],
    ['other 4xx', { status: 400, message: '', routing: false }, 'An error occurred', '發生錯誤，請稍後再試'],
    ['5xx', { status: 503, message: 'x', routing: false }, 'An error occurred', '伺服器發生錯誤，請稍後再試'],
  ];
  for (const [name, e, title, text] of cases) {
    assert.equal(errorTitle(e.status), title, name);
    assert.equal(errorMessage(e), text, name);
  }
});

test('an API failure keeps the server message; an empty one shows its status class text', () => {
  assert.equal(new ApiError(-10004, '帳號或密碼錯誤', 401).message, '帳號或密碼錯誤');
  assert.equal(errorText(new ApiError(-10004, '帳號或密碼錯誤', 401)), '帳號或密碼錯誤');
  const unknown = new ApiError(-123456, '', 400);
  assert.equal(unknown.message, '');
  assert.equal(errorText(unknown), '發生錯誤，請稍後再試');
  assert.equal(errorText(new ApiError(0, '', 502)), '伺服器發生錯誤，請稍後再試');
  assert.equal(errorText(new Error('boom')), '發生錯誤，請稍後再試');
});

test('call: an unknown code reaches the caller with an empty message (spec section 8)', async () => {
  // a real HTTP server on the loopback answering as the host does
  const server = createServer((_req, res) => {
    res.writeHead(400, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ errorCode: -123456, message: '', data: null }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const { port } = server.address() as AddressInfo;
    await assert.rejects(call(`http://127.0.0.1:${port}/api/x`), (e: unknown) => e instanceof ApiError && e.code === -123456 && e.message === '' && e.status === 400);
  } finally {
    server.close();
  }
});
