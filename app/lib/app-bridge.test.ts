import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isMobileBarcode, nativeRetryCap, nativeSide, parseNativeValues, prefillFields, readNativeValues, retryDelay, tellApp, type BridgeClock, type BridgeWindow } from './app-bridge';

/** A clock that records the waits and never waits; tick runs between asks. */
function fakeClock(tick: (waitNo: number) => void = () => {}) {
  const waits: number[] = [];
  const clock: BridgeClock = {
    sleep: async (ms) => {
      waits.push(ms);
      tick(waits.length);
    },
    random: () => (waits.length % 3) / 2, // 0, 0.5, 1, 0, ...
  };
  return { clock, waits };
}

const values = { phone: '0912345678', email: 'app@example.com', name: '王小明', mobileBarcode: '/ABC+123', userId: '42', sessionId: 's-1' };

test('parseNativeValues keeps the known non-empty keys', () => {
  const cases: [string, unknown, unknown][] = [
    ['object', values, values],
    ['JSON string', JSON.stringify(values), values],
    ['trimmed, numbers as strings, unknown keys dropped', { phone: ' 0912 ', userId: 7, extra: 'x' }, { phone: '0912', userId: '7' }],
    ['empty string (not ready)', '', null],
    ['bad JSON', '{nope', null],
    ['array', ['x'], null],
    ['null', null, null],
    ['only empty values', { phone: '', email: '  ' }, null],
    ['wrong types dropped', { phone: {}, email: ['a'], name: 'A' }, { name: 'A' }],
    ['too long dropped', { name: 'x'.repeat(255), phone: '1' }, { phone: '1' }],
  ];
  for (const [name, raw, want] of cases) assert.deepEqual(parseNativeValues(raw), want, name);
});

test('retryDelay stays within 500–800 ms', () => {
  assert.equal(retryDelay(() => 0), 500);
  assert.equal(retryDelay(() => 0.5), 650);
  assert.equal(retryDelay(() => 0.9999), 800);
});

test('nativeSide: iOS handler, Android interface or none', () => {
  assert.equal(nativeSide({ webkit: { messageHandlers: { storefront: { postMessage() {} } } } }), 'ios');
  assert.equal(nativeSide({ StorefrontApp: {} }), 'android');
  assert.equal(nativeSide({ webkit: { messageHandlers: {} } }), null);
  assert.equal(nativeSide({}), null);
});

test('outside the app nothing is asked', async () => {
  const { clock, waits } = fakeClock();
  assert.equal(await readNativeValues({}, clock), null);
  assert.equal(waits.length, 0);
});

test('iOS answering late through deliver: values after the third ask', async () => {
  const posted: unknown[] = [];
  const w: BridgeWindow = { webkit: { messageHandlers: { storefront: { postMessage: (m) => posted.push(m) } } } };
  const { clock } = fakeClock((n) => {
    if (n === 3) w.storefrontBridge!.deliver(values);
  });
  assert.deepEqual(await readNativeValues(w, clock), values);
  assert.equal(posted.length, 3);
  assert.deepEqual(posted[0], { action: 'getNativeValues' });
});

test('iOS never answering: asks exactly the cap, waits 500–800 ms each, then goes on', async () => {
  let asks = 0;
  const w: BridgeWindow = { webkit: { messageHandlers: { storefront: { postMessage: () => asks++ } } } };
  const { clock, waits } = fakeClock();
  assert.equal(await readNativeValues(w, clock), null);
  assert.equal(asks, nativeRetryCap);
  assert.equal(waits.length, nativeRetryCap);
  for (const ms of waits) assert.ok(ms >= 500 && ms <= 800, String(ms));
  // an answer after the cap is ignored and does not throw
  w.storefrontBridge!.deliver(values);
});

test('Android returning the JSON string once ready', async () => {
  let asks = 0;
  const w: BridgeWindow = { StorefrontApp: { getNativeValues: () => (++asks < 4 ? '' : JSON.stringify(values)) } };
  const { clock, waits } = fakeClock();
  assert.deepEqual(await readNativeValues(w, clock), values);
  assert.equal(asks, 4);
  assert.equal(waits.length, 3);
});

test('Android throwing every time: the cap, then null', async () => {
  let asks = 0;
  const w: BridgeWindow = {
    StorefrontApp: {
      getNativeValues: () => {
        asks++;
        throw new Error('not ready');
      },
    },
  };
  assert.equal(await readNativeValues(w, fakeClock().clock), null);
  assert.equal(asks, nativeRetryCap);
});

test('tellApp opens a URL through whichever side is present', () => {
  const posted: unknown[] = [];
  assert.equal(tellApp({ webkit: { messageHandlers: { storefront: { postMessage: (m) => posted.push(m) } } } }, 'openLinePay', 'line://pay/1'), true);
  assert.deepEqual(posted, [{ action: 'openLinePay', url: 'line://pay/1' }]);
  const opened: string[] = [];
  assert.equal(tellApp({ StorefrontApp: { openExternal: (u) => opened.push(u) } }, 'openExternal', 'https://example.com/'), true);
  assert.deepEqual(opened, ['https://example.com/']);
  assert.equal(tellApp({ StorefrontApp: {} }, 'openLinePay', 'line://pay/1'), false);
  assert.equal(tellApp({}, 'openExternal', 'https://example.com/'), false);
});

test('prefillFields fills empty phone and e-mail fields only', () => {
  const schema = [
    { key: 'mobile', type: 'phone' },
    { key: 'mail', type: 'email' },
    { key: 'nick', type: 'text' },
  ];
  assert.deepEqual(prefillFields(schema, {}, values), { mobile: values.phone, mail: values.email });
  assert.deepEqual(prefillFields(schema, { mobile: '0222222222' }, values), { mobile: '0222222222', mail: values.email });
  assert.deepEqual(prefillFields(schema, { nick: 'x' }, null), { nick: 'x' });
  assert.deepEqual(prefillFields(schema, {}, { name: 'A' }), {});
});

test('isMobileBarcode', () => {
  for (const ok of ['/ABC+123', '/1234567', '/A.B-C+D']) assert.ok(isMobileBarcode(ok), ok);
  for (const bad of ['ABC+1234', '/abc+123', '/ABC+12', '/ABC+1234', '', '/ABC 123']) assert.ok(!isMobileBarcode(bad), bad);
});
