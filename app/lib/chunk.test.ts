import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reloadDue } from './chunk';
import { chunkReloadThrottle } from './constants';

const t0 = Date.UTC(2026, 10, 23, 4, 0, 0);

test('chunk reload: due when none happened in this tab (spec section 9: 60 s)', () => {
  assert.equal(chunkReloadThrottle, 60_000);
  assert.equal(reloadDue(0, t0), true);
});

test('chunk reload: not again within 60 s of the last one', () => {
  assert.equal(reloadDue(t0, t0), false);
  assert.equal(reloadDue(t0, t0 + 1), false);
  assert.equal(reloadDue(t0, t0 + 59_999), false);
});

test('chunk reload: due again 60 s after the last one', () => {
  assert.equal(reloadDue(t0, t0 + 60_000), true);
  assert.equal(reloadDue(t0, t0 + 3_600_000), true);
});

test('chunk reload: a last reload in the future (the clock was set back) counts as none', () => {
  assert.equal(reloadDue(t0 + 5_000, t0), true);
});
