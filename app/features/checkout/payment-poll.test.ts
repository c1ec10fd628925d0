import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pollDelay } from './payment-poll';

test('payment-status poll: growing waits, capped at 10 s', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 20].map(pollDelay), [1000, 1500, 2250, 3375, 5063, 7594, 10000, 10000]);
  assert.equal(pollDelay(-1), 1000);
});
