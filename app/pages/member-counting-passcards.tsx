// My counting passcards (/{brandId}/user/countingPasscard): minutes left
// on each card and its state.
import type { CountingPasscardRecord, MemberCountingPasscardsData } from '../contract/props';
import { usePage } from '../lib/page-context';
import { Link, navHref } from '../lib/navigation';
import { thousands } from '../lib/format';
import { day } from '../ui/date';
import { MemberLayout } from '../features/members/components/member-layout';
import { badge, badgeMuted, card, cardList } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { account } from '../strings/zh-hant';
import { member as t } from '../strings/zh-hant-members';


/** A record's state label and whether it counts as usable. */
export function countingState(r: CountingPasscardRecord): [string, boolean] {
  if (r.expiredStatus) return [t.counting.expired, false];
  if (!r.availableStatus) return [t.counting.unavailable, false];
  if (!r.activeStatus) return [t.counting.notActive, false];
  return [t.counting.active, true];
}

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

export default function MemberCountingPasscards({ data }: { data: MemberCountingPasscardsData }) {
  const page = usePage();
  const plans = navHref(page.nav, 'timingcardPlans');
  return (
    <MemberLayout title={page.route === 'brandId-user-countingPasscard' ? account.nav.countingPasscard : account.nav.timingcard}>
      {data.records.length === 0 ? (
        <EmptyState title={t.counting.empty} hint={t.counting.emptyHint} action={plans ? <Link href={plans}>{t.timing.buy}</Link> : undefined} />
      ) : (
        <div className={cardList}>
          {data.records.map((r) => (
            <CountingCard key={r.id} r={r} />
          ))}
        </div>
      )}
    </MemberLayout>
  );
}
