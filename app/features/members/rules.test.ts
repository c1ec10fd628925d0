import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CountingPasscardRecord } from '../../contract/props';
import { countingState } from './rules';
import { member as t } from '../../strings/zh-hant-members';

test('a counting passcard: expired, then paused, then not yet active, else usable', () => {
  const r = (expiredStatus: boolean, availableStatus: boolean, activeStatus: boolean) => ({ expiredStatus, availableStatus, activeStatus }) as CountingPasscardRecord;
  const cases: [string, CountingPasscardRecord, [string, boolean]][] = [
    ['expired, whatever else', r(true, true, true), [t.counting.expired, false]],
    ['paused', r(false, false, true), [t.counting.unavailable, false]],
    ['not yet active', r(false, true, false), [t.counting.notActive, false]],
    ['in use', r(false, true, true), [t.counting.active, true]],
  ];
  for (const [name, rec, want] of cases) assert.deepEqual(countingState(rec), want, name);
});
