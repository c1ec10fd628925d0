import { test } from 'node:test';
import assert from 'node:assert/strict';
import { price, priceRange, thousands, validity } from './format';

test('thousands', () => {
  const cases: [number, string][] = [
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [2688, '2,688'],
    [1234567, '1,234,567'],
    [-45000, '-45,000'],
    [1999.6, '2,000'],
  ];
  for (const [n, want] of cases) assert.equal(thousands(n), want, String(n));
});

test('price and priceRange', () => {
  assert.equal(price(2688), 'NT$ 2,688');
  assert.equal(priceRange(450, 600), 'NT$ 450 – 600');
  assert.equal(priceRange(1200, 1200), 'NT$ 1,200');
  assert.equal(priceRange(900, 12000), 'NT$ 900 – 12,000');
});

test('validity by unit (spec section 3)', () => {
  assert.equal(validity(1, 'M'), '1 個月');
  assert.equal(validity(2, 'W'), '2 週');
  assert.equal(validity(30, 'D'), '30 天');
  assert.equal(validity(1, 'Y'), '1 年');
  assert.equal(validity(0, 'M'), '');
  assert.equal(validity(3, undefined), '');
  assert.equal(validity(3, 'X'), '3 ');
});
