import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maxContractField, missingField, signProblems, fittedFontSize, typedSize, readToEnd, textSha256 } from './rules';
import { anyProblem } from '../../lib/typed-text';
import { createHash } from 'node:crypto';

const fields = [
  { key: 'phone', label: '電話', required: true },
  { key: 'note', label: '備註', required: false },
];

test('signing: the name is required, each field has its length limit', () => {
  assert.equal(anyProblem(signProblems('王小明', fields, { phone: '0912' })), false);
  const found = signProblems('', fields, { note: 'x'.repeat(maxContractField + 1) });
  assert.ok(found.signerName);
  assert.ok(found['field-note']);
  assert.equal(found['field-phone'], '', 'a blank required field is missingField, not a problem of its text');
});

test('signing: the first required field left blank', () => {
  assert.equal(missingField(fields, { phone: '  ' })?.key, 'phone');
  assert.equal(missingField(fields, { phone: '0912' }), undefined);
});

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

test('textSha256 is the hex SHA-256 of the UTF-8 text', () => {
  for (const s of ['', 'abc', '<h2>第一條　契約目的</h2>\n<p>本契約</p>']) {
    assert.equal(textSha256(s), createHash('sha256').update(s, 'utf8').digest('hex'), s);
  }
});

test('readToEnd', () => {
  const cases: [string, number, number, number, boolean][] = [
    ['top of a long text', 0, 600, 2000, false],
    ['at the end', 1400, 600, 2000, true],
    ['within the slack', 1393, 600, 2000, true],
    ['just short', 1390, 600, 2000, false],
    ['shorter than the box', 0, 600, 300, true],
  ];
  for (const [name, scrollTop, clientHeight, scrollHeight, want] of cases) assert.equal(readToEnd({ scrollTop, clientHeight, scrollHeight }), want, name);
});
