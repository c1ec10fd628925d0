import { test } from 'node:test';
import assert from 'node:assert/strict';
import { qrRefreshDelay } from './qr-refresh';

test('qrRefreshDelay: 15 s before the token expires, at least a second', () => {
  const t0 = Date.parse('2026-12-01T00:00:00Z');
  assert.equal(qrRefreshDelay('2026-12-01T00:01:00Z', t0), 45_000);
  assert.equal(qrRefreshDelay('2026-12-01T00:00:10Z', t0), 1000);
  assert.equal(qrRefreshDelay('2026-11-30T23:59:00Z', t0), 1000);
});
