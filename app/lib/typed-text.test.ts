import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CustomField } from '../contract/props';
import { customFieldProblems, nameProblem, textProblem } from './typed-text';

test('nameProblem: the server rule of every name field', () => {
  const misleading = '姓名不可包含換行、控制字元或文字方向控制字元';
  const cases: [string, string, string][] = [
    ['trimmed', '  王小明 ', ''],
    ['latin with a space', 'Amy Lee', ''],
    ['fifty characters', '名'.repeat(50), ''],
    ['empty', ' \u3000 ', '請填寫姓名'],
    ['too long', '名'.repeat(51), '姓名最多 50 個字'],
    ['line feed', '王小明\n林小安', misleading],
    ['carriage return', '王小明\r\n林小安', misleading],
    ['tab', '王\t小明', misleading],
    ['C1 control', '王\u0085小明', misleading],
    ['line separator', '王\u2028小明', misleading],
    ['right-to-left override', '\u202e明小王', misleading],
    ['left-to-right override', '王\u202d小明', misleading],
    ['isolate', '王\u2067小明\u2069', misleading],
    ['right-to-left mark', '王\u200f小明', misleading],
    ['Arabic letter mark', '王\u061c小明', misleading],
  ];
  for (const [name, value, want] of cases) assert.equal(nameProblem('姓名', value), want, name);
  assert.equal(nameProblem('戶名', '林'.repeat(41), 40), '戶名最多 40 個字');
});

test('textProblem: an optional text may be empty, not misleading', () => {
  assert.equal(textProblem('緊急聯絡人', '  ', 20, false), '');
  assert.equal(textProblem('緊急聯絡人', '  ', 20, true), '請填寫緊急聯絡人');
  assert.equal(textProblem('緊急聯絡人', '王\u202e明大', 20, false), '緊急聯絡人不可包含換行、控制字元或文字方向控制字元');
});

test('customFieldProblems: a required field of any type left empty, an optional one never', () => {
  const schema: CustomField[] = [
    { key: 'phone', label: '手機號碼', type: 'phone', required: true },
    { key: 'birthday', label: '生日', type: 'date', required: false },
    { key: 'gender', label: '性別', type: 'choice', required: true, options: ['男', '女'] },
  ];
  assert.deepEqual(customFieldProblems(schema, { phone: ' ', gender: '' }), { phone: '請填寫手機號碼', birthday: '', gender: '請填寫性別' });
  assert.deepEqual(customFieldProblems(schema, { phone: '0912345678', gender: '女' }), { phone: '', birthday: '', gender: '' });
});
