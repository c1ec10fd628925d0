import { test } from 'node:test';
import assert from 'node:assert/strict';
import { achProblems, holderNameProblem, validTaiwanId } from './ach';

test('national IDs and resident certificate numbers', () => {
  assert.equal(validTaiwanId('A123456789'), true);
  assert.equal(validTaiwanId('a123456789'), true);
  assert.equal(validTaiwanId('A123456788'), false, 'wrong check digit');
  assert.equal(validTaiwanId('A800000014'), true, '2021 resident certificate');
  assert.equal(validTaiwanId('AA00000009'), true, 'old resident certificate');
  assert.equal(validTaiwanId('A323456789'), false);
  assert.equal(validTaiwanId('A12345678'), false);
});

test('the form names its wrong fields', () => {
  const good = { bankCode: '812', branchCode: '0012', account: '12345678901234', holderName: '林小安', holderId: 'A123456789' };
  assert.deepEqual(achProblems(good), []);
  assert.deepEqual(achProblems({ ...good, bankCode: '81', account: '1234-5678' }), ['bankCode', 'account']);
  assert.deepEqual(achProblems({ ...good, holderName: ' ', holderId: 'A123456780' }), ['holderName', 'holderId']);
  assert.deepEqual(achProblems({ ...good, holderName: '林\u202e安小' }), ['holderName']);
  assert.equal(holderNameProblem('林小安\r\n王小明'), '戶名不可包含換行、控制字元或文字方向控制字元');
  assert.equal(holderNameProblem('林'.repeat(41)), '戶名最多 40 個字');
});
