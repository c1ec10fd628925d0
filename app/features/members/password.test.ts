import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPasswordProblem, passwordDigest } from './password';
import { auth as t } from '../../strings/zh-hant-members';

test('passwords leave the browser as their MD5 in hex (spec section 5)', () => {
  // RFC 1321's test suite, and a password in Chinese (UTF-8 bytes)
  const cases: [string, string][] = [
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['demo1234', '6e9bece1914809fb8493146417e722f6'],
    ['森活密碼2026', 'b88bf57b15d9a6409085dd96bfc8a973'],
  ];
  for (const [pw, want] of cases) assert.equal(passwordDigest(pw), want, pw);
});

test('a new password: at least 8 characters, and its confirmation the same', () => {
  const cases: [string, string, string, string][] = [
    ['fine', 'demo1234', 'demo1234', ''],
    ['too short, even when confirmed', 'demo123', 'demo123', t.passwordTooShort],
    ['confirmation differs', 'demo1234', 'demo12345', t.passwordMismatch],
  ];
  for (const [name, pw, confirm, want] of cases) assert.equal(newPasswordProblem(pw, confirm), want, name);
});
