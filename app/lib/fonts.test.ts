import { test } from 'node:test';
import assert from 'node:assert/strict';
import { distinctChars } from './fonts';

test('distinctChars keeps each character once, in order, without spaces', () => {
  assert.equal(distinctChars('森活 運動館\n森活'), '森活運動館');
  assert.equal(distinctChars(''), '');
});
