// My counting passcards (/{brandId}/user/countingPasscard): minutes left
// on each card and its state.
import type { MemberCountingPasscardsData } from '../contract/props';
import { usePage } from '../lib/page-context';
import { Link, navHref } from '../lib/navigation';
import { MemberLayout } from '../features/members/components/member-layout';
import { cardList } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { account } from '../strings/zh-hant';
import { member as t } from '../strings/zh-hant-members';
import { CountingCard } from '../features/members/components/counting-card';

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
