// Timing-card plans (/{brandId}/user/timingcard/plans): the counting
// passcards on sale.
import { ItemCard } from '../features/catalogue/components/item-card';
import { MemberLayout } from '../features/members/components/member-layout';
import { cardList } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { account } from '../strings/zh-hant';
import { member as t } from '../strings/zh-hant-members';
import type { MemberTimingPlansData } from '../contract/props';


export default function MemberTimingPlans({ data }: { data: MemberTimingPlansData }) {
  return (
    <MemberLayout title={account.nav.timingcardPlans}>
      <p style={{ marginBottom: 16 }}>{t.plans.intro}</p>
      {data.plans.length === 0 ? (
        <EmptyState title={t.plans.empty} hint={t.plans.intro} />
      ) : (
        <div className={cardList}>
          {data.plans.map((it) => (
            <ItemCard key={it.id} item={it} />
          ))}
        </div>
      )}
    </MemberLayout>
  );
}
