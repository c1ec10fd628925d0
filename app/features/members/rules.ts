// Pure rules of the member pages: a counting passcard's state.
import type { CountingPasscardRecord } from '../../contract/props';
import { member as t } from '../../strings/zh-hant-members';

/** A record's state label and whether it counts as usable: a card below zero owes minutes, whatever else. */
export function countingState(r: CountingPasscardRecord): [string, boolean] {
  if (r.countingPasscardRemainAmt < 0) return [t.counting.owed, false];
  if (r.expiredStatus) return [t.counting.expired, false];
  if (!r.availableStatus) return [t.counting.unavailable, false];
  if (!r.activeStatus) return [t.counting.notActive, false];
  return [t.counting.active, true];
}
