// A counting passcard: its state, minutes left of all, and when it is
// valid; a card below zero says what it owes, in the warning colour, and
// where to pay it.
import { css } from '@emotion/css';
import type { CountingPasscardRecord } from '../../../contract/props';
import { thousands } from '../../../lib/format';
import { brandPath, usePage } from '../../../lib/page-context';
import { Link } from '../../../lib/navigation';
import { day } from '../../../ui/date';
import { badge, badgeMuted, card } from '../../../ui/card';
import { colour } from '../../../ui/theme';
import { member as t } from '../../../strings/zh-hant-members';
import { countingState } from '../rules';

const left = css`font-size: 20px; color: var(--brand);`;
const owedBadge = css`&& { background: color-mix(in srgb, ${colour.warning} 8%, white); color: ${colour.warning}; }`;
const owed = css`
  strong { font-size: 20px; color: ${colour.warning}; }
  a { color: ${colour.warning}; font-weight: 600; }
`;

export function CountingCard({ r }: { r: CountingPasscardRecord }) {
  const page = usePage();
  const [label, usable] = countingState(r);
  const debt = r.countingPasscardRemainAmt < 0 ? thousands(-r.countingPasscardRemainAmt) : '';
  return (
    <article className={card} data-testid="counting-passcard">
      <span className={debt ? `${badge} ${owedBadge}` : usable ? badge : `${badge} ${badgeMuted}`}>{label}</span>
      <h3>{r.name}</h3>
      {debt ? (
        <div className={owed} data-testid="counting-owed">
          <p>
            <strong>{t.counting.owedMinutes(debt)}</strong> / {t.counting.minutes(thousands(r.totalMinutes))}
          </p>
          <p>{t.counting.owedBody(debt)}</p>
          <p>
            <Link href={brandPath(page, '/counting-passcard-overdue-purchase')}>{t.counting.payOwed}</Link>
          </p>
        </div>
      ) : (
        <p>
          {t.counting.remain} <strong className={left}>{thousands(r.countingPasscardRemainAmt)}</strong> / {t.counting.minutes(thousands(r.totalMinutes))}
        </p>
      )}
      {r.activatedOn || r.endsOn ? (
        <p>
          {day(r.activatedOn)} – {day(r.endsOn)}
        </p>
      ) : null}
    </article>
  );
}
