import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aaNonText, aaText, backgrounds, brandPalette, contrast, fallbackBrand, parseHex } from './contrast';

test('contrast ratios match WCAG reference values', () => {
  assert.equal(contrast('#000', '#fff').toFixed(1), '21.0');
  assert.equal(contrast('#1B8A7A', '#ffffff').toFixed(2), '4.23');
  assert.equal(contrast('#777777', '#ffffff').toFixed(2), '4.48');
  assert.equal(parseHex('zzz'), null);
});

// every pair the kit draws meets AA for brands light and dark
const brands: [string, string][] = [
  ['very light yellow', '#FFFBCC'],
  ['mid teal (the audit brand, 4.23:1 as is)', '#1B8A7A'],
  ['near black', '#111111'],
  ['pure red', '#FF0000'],
  ['pure white', '#FFFFFF'],
  ['light green (the fallback)', fallbackBrand],
  ['short hex blue', '#00f'],
  ['not a colour', 'Bad Hex'],
];

for (const [name, colour] of brands) {
  test(`brand palette: ${name} ${colour}`, () => {
    const { ink, tint } = brandPalette(colour);
    for (const bg of backgrounds) {
      assert.ok(contrast(ink, bg) >= aaText, `brand text on ${bg}: ${contrast(ink, bg).toFixed(2)}`);
      assert.ok(contrast(bg, ink) >= aaNonText, `focus ring and control border on ${bg}`);
    }
    assert.ok(contrast('#ffffff', ink) >= aaText, `white on a filled button: ${contrast('#ffffff', ink).toFixed(2)}`);
    assert.ok(contrast(ink, tint) >= aaText, `brand text on its tint: ${contrast(ink, tint).toFixed(2)}`);
  });
}

test('a brand colour that already passes is kept as it is', () => {
  assert.equal(brandPalette('#111111').ink, '#111111');
});

test('a darkened brand keeps its hue', () => {
  const [r, g, b] = parseHex(brandPalette('#FF0000').ink)!;
  assert.ok(r > 150 && g === 0 && b === 0);
});
