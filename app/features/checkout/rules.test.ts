import { test } from 'node:test';
import assert from 'node:assert/strict';
import { customStartRange, maskCard, pollDelay } from './rules';

test('CUSTOM start: today through 30 Taipei days ahead (spec section 4)', () => {
  assert.deepEqual(customStartRange(Date.parse('2026-11-24T01:00:00+08:00')), { min: '2026-11-24', max: '2026-12-24' });
  // 23:30 in Taipei is still that Taipei day, 15:30 UTC
  assert.deepEqual(customStartRange(Date.parse('2026-12-15T15:30:00Z')), { min: '2026-12-15', max: '2027-01-14' });
  assert.deepEqual(customStartRange(Date.parse('2026-12-15T16:00:00Z')), { min: '2026-12-16', max: '2027-01-15' });
});

test('payment-status poll: growing waits, capped at 10 s', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 20].map(pollDelay), [1000, 1500, 2250, 3375, 5063, 7594, 10000, 10000]);
  assert.equal(pollDelay(-1), 1000);
});

test('card numbers show only their last 4 characters (spec section 3)', () => {
  assert.equal(maskCard('4000221111111111'), '**** 1111');
  assert.equal(maskCard('4000-2211-1111-1112'), '**** 1112');
  assert.equal(maskCard('1234'), '**** 1234');
  assert.equal(maskCard('400022******1113'), '**** 1113');
  assert.equal(maskCard(''), '');
  assert.equal(maskCard(null), '');
});
