import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clampQuantity } from './quantity';

test('quantity stays a whole number within its bounds', () => {
  const cases: [number, number][] = [
    [0, 1],
    [1, 1],
    [3, 3],
    [2.7, 2],
    [11, 10],
    [NaN, 1],
    [-4, 1],
  ];
  for (const [n, want] of cases) assert.equal(clampQuantity(n, 1, 10), want, String(n));
});
