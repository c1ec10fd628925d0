// A counting passcard (or the timing card): its state, minutes left of all, and when it is valid.
import type { CountingPasscardRecord } from '../../../contract/props';
import { thousands } from '../../../lib/format';
import { day } from '../../../ui/date';
import { badge, badgeMuted, card } from '../../../ui/card';
import { member as t } from '../../../strings/zh-hant-members';
import { countingState } from '../rules';

export function CountingCard({ r }: { r: CountingPasscardRecord }) {
  const [label, usable] = countingState(r);
  return (
    <article className={card} data-testid="counting-passcard">
      <span className={usable ? badge : `${badge} ${badgeMuted}`}>{label}</span>
      <h3>{r.name}</h3>
      <p>
        {t.counting.remain}{' '}
        <strong style={{ fontSize: 20, color: 'var(--brand)' }}>{thousands(r.countingPasscardRemainAmt)}</strong> / {t.counting.minutes(thousands(r.totalMinutes))}
      </p>
      {r.activatedOn || r.endsOn ? (
        <p>
          {day(r.activatedOn)} – {day(r.endsOn)}
        </p>
      ) : null}
    </article>
  );
}
