import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maxContractField, missingField, signProblems } from './rules';
import { anyProblem } from '../../lib/typed-text';

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
