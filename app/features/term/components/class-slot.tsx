// A term class's weekly slot and its number of sessions, each kept on one
// line ('每週日 09:00–09:50・共 8 堂' breaks only at the ・).
import type { TermClass } from '../../../contract/props';
import { weekday, timeRange } from '../../../ui/date';
import { nowrap } from '../../../ui/theme';
import { term as t } from '../../../strings/zh-hant-catalogue';

export function ClassSlot({ c }: { c: TermClass }) {
  return (
    <>
      {c.weekday ? <span className={nowrap}>{t.weekly(weekday(c.weekday), timeRange(c.startTime, c.endTime))}・</span> : null}
      <span className={nowrap}>{t.sessions(c.sessionCount)}</span>
    </>
  );
}
