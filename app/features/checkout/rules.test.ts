import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cartFromQuery, cartPairs, pollDelay, sameSitePath } from './rules';
import { queryString } from '../../lib/query';

test('payment-status poll: growing waits, capped at 10 s', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 20].map(pollDelay), [1000, 1500, 2250, 3375, 5063, 7594, 10000, 10000]);
  assert.equal(pollDelay(-1), 1000);
});

test('the cart survives the round trip through the URL', () => {
  const cart = { storeId: 3, quantity: 2, scheduleId: 0, salesmanId: 7, startDate: '2026-12-01', payWay: 'LINEPAY' };
  const qs = queryString(cartPairs(cart, true));
  assert.equal(qs, '?store=3&qty=2&salesman=7&start=2026-12-01&pay=LINEPAY&from=app');
  const q: Record<string, string> = {};
  for (const kv of qs.slice(1).split('&')) {
    const [k, v] = kv.split('=');
    q[k] = decodeURIComponent(v);
  }
  assert.deepEqual(cartFromQuery(q), { storeId: 3, quantity: 2, salesmanId: 7, startDate: '2026-12-01', payWay: 'LINEPAY' });
  assert.equal(queryString(cartPairs({ ...cart, quantity: 1, payWay: '' }, false)), '?store=3&salesman=7&start=2026-12-01');
});

test('cartFromQuery drops malformed values', () => {
  const cases: [string, Record<string, string>, object][] = [
    ['empty', {}, {}],
    ['negative and zero', { store: '-1', qty: '0', schedule: '00' }, {}],
    ['not numbers', { store: '3x', salesman: '1e3' }, {}],
    ['quantity over 99', { qty: '100' }, {}],
    ['bad date', { start: '2026/12/01' }, {}],
    ['unknown pay way', { pay: 'CASH' }, {}],
    ['card', { pay: '2', schedule: '12' }, { payWay: '2', scheduleId: 12 }],
  ];
  for (const [name, q, want] of cases) assert.deepEqual(cartFromQuery(q), want, name);
});

test('sameSitePath refuses other sites', () => {
  const cases: [string | undefined, string][] = [
    ['/demo/passcard/1/checkout?store=3', '/demo/passcard/1/checkout?store=3'],
    ['//evil.example/x', ''],
    ['/\\evil.example', ''],
    ['https://evil.example/', ''],
    ['javascript:alert(1)', ''],
    ['', ''],
    [undefined, ''],
  ];
  for (const [back, want] of cases) assert.equal(sameSitePath(back), want, String(back));
});
