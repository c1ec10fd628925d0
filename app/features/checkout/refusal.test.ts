import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refusalOf } from './refusal';

test('each precheck refusal opens its dialog (issue 12)', () => {
  const cases: [string, number, string | null][] = [
    ['changed price', -40, 'precheck'],
    ['payment way', -45, 'precheck'],
    ['off the shelf', -5, 'commodityNotFound'],
    ['not sold in the store', -49, 'commodityNotFound'],
    ['contact info', -42, 'contactInfo'],
    ['plan not enabled', -43, 'planNotEnabled'],
    ['unverified member', -34, 'unverified'],
    ['please sign', -48, 'pleaseSign'],
    ['account check (a trial bought before)', -41, 'checkError'],
    ['not allowed', -6, 'checkError'],
    ['logged out', -21, 'login'],
    ['session gone', -22, 'login'],
    ['bad start date: the form says it', -1, null],
    ['network', 0, null],
    ['our fault', -3, null],
  ];
  for (const [name, code, want] of cases) assert.equal(refusalOf(code), want, name);
});
