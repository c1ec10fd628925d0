import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fittedFontSize, typedSize } from './typed-fit';

test('fittedFontSize: a short name at 60% of the height, a long one shrunk to fit the width', () => {
  const inner = typedSize.width - 2 * typedSize.padding;
  const cases: [string, number, number][] = [
    ['nothing measured', 0, 108],
    ['three characters (300 px at 100 px)', 300, 108],
    ['exactly the width at 100 px: 100 px', inner, 100],
    ['twice the width: half the size', 2 * inner, 50],
    ['very long: never below 12 px', 100 * inner, 12],
  ];
  for (const [name, measured, want] of cases) {
    const size = fittedFontSize(measured);
    assert.equal(size, want, name);
    if (measured > 0 && size > 12) assert.ok((measured * size) / 100 <= inner, name + ': fits the width');
  }
});
