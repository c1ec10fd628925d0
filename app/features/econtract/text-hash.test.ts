import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readToEnd, textSha256 } from './text-hash';

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
