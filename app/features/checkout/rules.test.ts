import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CheckoutData, CheckoutStore, Item, OverdueData, TermCheckoutData } from '../../contract/props';
import { cartFromQuery, cartPairs, checkoutRequest, choiceProblem, firstChoice, itemOffer, overdueOffer, payWaysIn, storeChosen, termOffer, type Choice, achProblems, holderNameProblem, validTaiwanId, refusalOf, validTaxId, invoiceProblem, firstInvoice, normalInvoice, invoiceRefusalField } from './rules';
import { checkout as t } from '../../strings/zh-hant-checkout';
import { queryString } from '../../lib/query';

test('the cart survives the round trip through the URL', () => {
  const cart = { storeId: 3, quantity: 2, scheduleId: 0, salesmanId: 7, startDate: '2026-12-01', payWay: 'LINEPAY', accepted: true, bookScheduleId: 41 };
  const qs = queryString(cartPairs(cart, true));
  assert.equal(qs, '?store=3&qty=2&salesman=7&start=2026-12-01&pay=LINEPAY&terms=1&book=41&from=app');
  const q: Record<string, string> = {};
  for (const kv of qs.slice(1).split('&')) {
    const [k, v] = kv.split('=');
    q[k] = decodeURIComponent(v);
  }
  assert.deepEqual(cartFromQuery(q), { storeId: 3, quantity: 2, salesmanId: 7, startDate: '2026-12-01', payWay: 'LINEPAY', accepted: true, bookScheduleId: 41 });
  assert.equal(queryString(cartPairs({ ...cart, quantity: 1, payWay: '', accepted: false, bookScheduleId: 0 }, false)), '?store=3&salesman=7&start=2026-12-01');
});

test('cartFromQuery drops malformed values', () => {
  const cases: [string, Record<string, string>, object][] = [
    ['empty', {}, {}],
    ['negative and zero', { store: '-1', qty: '0', schedule: '00' }, {}],
    ['not numbers', { store: '3x', salesman: '1e3' }, {}],
    ['quantity over 99', { qty: '100' }, {}],
    ['bad date', { start: '2026/12/01' }, {}],
    ['unknown pay way', { pay: 'CASH' }, {}],
    ['no own key', { pay: 'toString' }, {}],
    ['terms not 1', { terms: 'yes' }, {}],
    ['ACH', { pay: 'ACH' }, { payWay: 'ACH' }],
    ['card', { pay: '2', schedule: '12' }, { payWay: '2', scheduleId: 12 }],
    ['a session to book', { book: '41' }, { bookScheduleId: 41 }],
    ['a session to book, malformed', { book: '4;1' }, {}],
  ];
  for (const [name, q, want] of cases) assert.deepEqual(cartFromQuery(q), want, name);
});

const store = (storeId: number, ...ways: CheckoutStore['payWays'][number]['payWay'][]) =>
  ({ storeId, storeName: `店${storeId}`, payWays: ways.map((payWay) => ({ payWay, name: '' })) }) as CheckoutStore;
const checkoutData = (over: Partial<CheckoutData> = {}): CheckoutData =>
  ({
    kind: 'item',
    item: { id: 9, type: 'passcard', name: '月卡', price: 1200, activationType: 'BUY' } as Item,
    course: null,
    offShelf: false,
    stores: [store(1, '2', 'LINEPAY'), store(2, 'LINEPAY')],
    salesmen: [{ salesmanId: 5, name: '王', code: 'W', storeId: 1 }],
    maxQuantity: 3,
    ...over,
  }) as CheckoutData;

test('the first choice: a saved cart where it fits, else the first store and payment way', () => {
  const data = itemOffer(checkoutData());
  const fresh = firstChoice(data, {});
  assert.deepEqual({ ...fresh, ach: undefined }, { storeId: 1, quantity: 1, scheduleId: 0, salesmanId: 0, startDate: '', payWay: '2', bookScheduleId: 0, accepted: false, ach: undefined, achAgreed: false, invoice: { kind: 'member' } });
  assert.equal(firstChoice(data, { bookScheduleId: 41 }).bookScheduleId, 41, 'an item bought to book a session');
  assert.equal(firstChoice(itemOffer(checkoutData({ item: null })), { bookScheduleId: 41 }).bookScheduleId, 0, 'a course seat books its own session');
  const back = firstChoice(data, { storeId: 2, quantity: 2, salesmanId: 5, payWay: 'LINEPAY' });
  assert.deepEqual([back.storeId, back.quantity, back.salesmanId, back.payWay], [2, 2, 5, 'LINEPAY']);
  const gone = firstChoice(data, { storeId: 7, salesmanId: 5, payWay: 'ACH' });
  assert.deepEqual([gone.storeId, gone.salesmanId, gone.payWay], [1, 0, '2'], 'a store no longer sold in: the defaults, no salesman');
});

test('choosing a store keeps a payment way it takes, else its first, and clears the salesman', () => {
  const data = itemOffer(checkoutData());
  const c: Choice = { ...firstChoice(data, {}), payWay: 'LINEPAY', salesmanId: 5 };
  assert.deepEqual(storeChosen(c, data.stores, 2), { storeId: 2, payWay: 'LINEPAY', salesmanId: 0 });
  assert.deepEqual(storeChosen({ ...c, payWay: '2' }, data.stores, 2), { storeId: 2, payWay: 'LINEPAY', salesmanId: 0 });
  assert.deepEqual(storeChosen(c, data.stores, 8), { storeId: 8, payWay: '', salesmanId: 0 });
});

test('monthly card payment is offered only for a recurring item where the store takes cards', () => {
  const data = itemOffer(checkoutData({ item: { ...checkoutData().item!, recurringPeriods: 12 } }));
  assert.deepEqual(payWaysIn(data, data.stores[0]).map((w) => w.payWay), ['2', 'LINEPAY', '1']);
  assert.deepEqual(payWaysIn(data, data.stores[1]).map((w) => w.payWay), ['LINEPAY']);
  assert.deepEqual(payWaysIn(itemOffer(checkoutData()), data.stores[0]).map((w) => w.payWay), ['2', 'LINEPAY']);
});

test('the form checks, in order, the store, the start date, the payment way and the terms', () => {
  const item = checkoutData();
  const data = itemOffer(item);
  const c: Choice = { ...firstChoice(data, {}), accepted: true };
  assert.equal(choiceProblem(data, c), '');
  assert.equal(choiceProblem(data, { ...c, storeId: 8 }), t.storeRequired);
  const custom = itemOffer(checkoutData({ item: { ...item.item!, activationType: 'CUSTOM' } }));
  assert.equal(choiceProblem(custom, c), t.startDateRequired);
  assert.equal(choiceProblem(custom, { ...c, startDate: '2026-12-01' }), '');
  assert.equal(choiceProblem(data, { ...c, storeId: 2 }), t.payWayRequired, "store 2 takes no card");
  assert.equal(choiceProblem(data, { ...c, accepted: false }), t.termsRequired);
});

test('the request names what is bought at the shown price; no start date but for a CUSTOM item', () => {
  const data = checkoutData();
  const c: Choice = { ...firstChoice(itemOffer(data), {}), quantity: 2, accepted: true, startDate: '2026-12-01' };
  assert.deepEqual(checkoutRequest(data, c, true), {
    kind: 'item', itemType: 'passcard', itemId: 9, courseId: undefined, scheduleId: undefined, storeId: 1, quantity: 2,
    price: 1200, salesmanId: undefined, startDate: undefined, payWay: '2', acceptTerms: true, from: 'app', bookScheduleId: undefined, invoice: undefined,
  });
  assert.equal(checkoutRequest(data, c, false).from, undefined);
  assert.equal(checkoutRequest(data, { ...c, bookScheduleId: 41 }, false).bookScheduleId, 41, 'bought to book a session');
});

test('the checked terms come back with the cart (after a failed payment or signing the contract)', () => {
  const data = itemOffer(checkoutData());
  assert.equal(firstChoice(data, cartFromQuery({ terms: '1' })).accepted, true);
  assert.equal(firstChoice(data, {}).accepted, false);
});

test('a term class and a debt are offered at their price, in their store, one at a time', () => {
  const term = termOffer({ stores: [store(4, '2', 'LINEPAY')], price: 3200, contract: 'unsigned' } as TermCheckoutData);
  assert.deepEqual([term.price, term.maxQuantity, term.stores.length, term.sessions.length, term.startDate, term.contract], [3200, 1, 1, 0, null, 'unsigned']);
  const debt = overdueOffer({ stores: [store(1), store(2, 'LINEPAY')], card: { amount: 150 } } as OverdueData);
  assert.deepEqual([debt.price, debt.stores.map((s) => s.storeId), debt.contract], [150, [2], 'notNeeded']);
  assert.deepEqual(overdueOffer({ stores: [], card: null } as unknown as OverdueData).stores, []);
});

test('national IDs and resident certificate numbers', () => {
  assert.equal(validTaiwanId('A123456789'), true);
  assert.equal(validTaiwanId('a123456789'), true);
  assert.equal(validTaiwanId('A123456788'), false, 'wrong check digit');
  assert.equal(validTaiwanId('A800000014'), true, '2021 resident certificate');
  assert.equal(validTaiwanId('AA00000009'), true, 'old resident certificate');
  assert.equal(validTaiwanId('A323456789'), false);
  assert.equal(validTaiwanId('A12345678'), false);
});

test('the form names its wrong fields', () => {
  const good = { bankCode: '812', branchCode: '0012', account: '12345678901234', holderName: '林小安', holderId: 'A123456789' };
  assert.deepEqual(achProblems(good), []);
  assert.deepEqual(achProblems({ ...good, bankCode: '81', account: '1234-5678' }), ['bankCode', 'account']);
  assert.deepEqual(achProblems({ ...good, holderName: ' ', holderId: 'A123456780' }), ['holderName', 'holderId']);
  assert.deepEqual(achProblems({ ...good, holderName: '林\u202e安小' }), ['holderName']);
  assert.equal(holderNameProblem('林小安\r\n王小明'), '戶名不可包含換行、控制字元或文字方向控制字元');
  assert.equal(holderNameProblem('林'.repeat(41)), '戶名最多 40 個字');
});

test('each precheck refusal opens its dialog', () => {
  const cases: [string, number, string | null][] = [
    ['changed price', -40, 'precheck'],
    ['payment way', -45, 'precheck'],
    ['off the shelf', -5, 'commodityNotFound'],
    ['not sold in the store', -49, 'commodityNotFound'],
    ['contact info', -42, 'contactInfo'],
    ['plan not enabled', -43, 'planNotEnabled'],
    ['unverified member', -34, 'unverified'],
    ['please sign', -48, 'pleaseSign'],
    ['account check (a trial bought before)', -41, 'checkError'],
    ['not allowed', -6, 'checkError'],
    ['logged out', -21, 'login'],
    ['session gone', -22, 'login'],
    ['bad start date: the form says it', -1, null],
    ['network', 0, null],
    ['our fault', -3, null],
  ];
  for (const [name, code, want] of cases) assert.equal(refusalOf(code), want, name);
});

test('the 統一編號 checksum: the rule of 5, the seventh digit 7 read either way', () => {
  for (const good of ['04595257', '10000004', '10458570', '10000073']) assert.ok(validTaxId(good), good);
  for (const bad of ['10000072', '04595258', '0459525', '0459525A', '']) assert.ok(!validTaxId(bad), bad);
});

test('each invoice choice is checked at its field, as the server does', () => {
  assert.equal(invoiceProblem({ kind: 'member' }), null);
  assert.equal(invoiceProblem({ kind: 'mobile', code: ' /abc+123 ' }), null, 'trimmed and upper-cased');
  assert.equal(invoiceProblem({ kind: 'mobile', code: 'ABC+1234' })?.field, 'code');
  assert.equal(invoiceProblem({ kind: 'mobile', code: '' })?.field, 'code');
  assert.equal(invoiceProblem({ kind: 'certificate', code: 'AB12345678901234' }), null);
  assert.equal(invoiceProblem({ kind: 'certificate', code: 'A123456789012345' })?.field, 'code');
  assert.equal(invoiceProblem({ kind: 'donation', code: '168' }), null);
  assert.equal(invoiceProblem({ kind: 'donation', code: '12345678' })?.field, 'code');
  assert.equal(invoiceProblem({ kind: 'company', code: '04595257', title: '好好健身' }), null);
  assert.equal(invoiceProblem({ kind: 'company', code: '04595258', title: '好好健身' })?.field, 'code');
  assert.equal(invoiceProblem({ kind: 'company', code: '04595257', title: ' ' })?.field, 'title');
  assert.deepEqual(normalInvoice({ kind: 'mobile', code: '/abc+123', title: 'x' }), { kind: 'mobile', code: '/ABC+123' });
  assert.deepEqual([invoiceRefusalField(-75), invoiceRefusalField(-76), invoiceRefusalField(-77), invoiceRefusalField(-48)], ['kind', 'code', 'title', null]);
});

test('the first invoice choice: the remembered one, the app barcode over the default carrier', () => {
  assert.equal(firstInvoice(null, '/ABC+123'), null, 'a brand asking none');
  assert.deepEqual(firstInvoice({ kind: 'member' }, '/ABC+123'), { kind: 'mobile', code: '/ABC+123' });
  assert.deepEqual(firstInvoice({ kind: 'member' }, 'junk'), { kind: 'member' });
  assert.deepEqual(firstInvoice({ kind: 'donation', code: '168' }, '/ABC+123'), { kind: 'donation', code: '168' }, 'a chosen donation stays');
  const data = checkoutData({ invoice: { kind: 'company', code: '04595257', title: '甲' } });
  const c = { ...firstChoice(itemOffer(data), {}), accepted: true };
  assert.deepEqual(c.invoice, { kind: 'company', code: '04595257', title: '甲' });
  assert.deepEqual(checkoutRequest(data, c, false).invoice, { kind: 'company', code: '04595257', title: '甲' });
  assert.equal(choiceProblem(itemOffer(data), { ...c, invoice: { kind: 'mobile', code: 'x' } }), invoiceProblem({ kind: 'mobile', code: 'x' })!.message);
});
