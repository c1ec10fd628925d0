import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CountingPasscardRecord } from '../../contract/props';
import { countingState } from './rules';
import { member as t } from '../../strings/zh-hant-members';

test('a counting passcard: owing, then expired, then paused, then not yet active, else usable', () => {
  const r = (expiredStatus: boolean, availableStatus: boolean, activeStatus: boolean, countingPasscardRemainAmt = 60) =>
    ({ expiredStatus, availableStatus, activeStatus, countingPasscardRemainAmt }) as CountingPasscardRecord;
  const cases: [string, CountingPasscardRecord, [string, boolean]][] = [
    ['below zero, whatever else', r(true, false, true, -25), [t.counting.owed, false]],
    ['used up, not owing', r(false, true, true, 0), [t.counting.active, true]],
    ['expired, whatever else', r(true, true, true), [t.counting.expired, false]],
    ['paused', r(false, false, true), [t.counting.unavailable, false]],
    ['not yet active', r(false, true, false), [t.counting.notActive, false]],
    ['in use', r(false, true, true), [t.counting.active, true]],
  ];
  for (const [name, rec, want] of cases) assert.deepEqual(countingState(rec), want, name);
});
