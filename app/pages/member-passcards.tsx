// My passcards (/{brandId}/user/passcard).
import { usePage, brandPath } from '../lib/page-context';
import { HomeLink, Link } from '../lib/navigation';
import { day } from '../ui/date';
import { MemberLayout } from '../features/members/components/member-layout';
import { badge, badgeMuted, card, cardList } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { account } from '../strings/zh-hant';
import { member as t } from '../strings/zh-hant-members';
import type { MemberPasscardsData } from '../contract/props';
import { css } from '@emotion/css';
import { colour } from '../ui/theme';

/** Added to badge: a period of a monthly card payment was declined. */
const badgeDanger = css`
  background: color-mix(in srgb, ${colour.danger} 8%, white);
  color: ${colour.danger};
`;

export default function MemberPasscards({ data }: { data: MemberPasscardsData }) {
  const page = usePage();
  return (
    <MemberLayout title={account.nav.passcard}>
      {data.passcards.length === 0 ? (
        <EmptyState title={t.passcard.empty} hint={t.passcard.emptyHint} action={<HomeLink>{t.shop}</HomeLink>} />
      ) : (
        <div className={cardList}>
          {data.passcards.map((p) => (
            <article key={p.id} className={card} data-testid="passcard">
              <span className={p.status === 'active' ? badge : `${badge} ${badgeMuted}`}>{t.passcard.status[p.status]}</span>
              {p.paymentFailed ? (
                <span className={`${badge} ${badgeDanger}`} data-testid="payment-failed">
                  {t.passcard.paymentFailed}
                </span>
              ) : null}
              <h3>{p.name}</h3>
              <p>{p.startsOn && p.endsOn ? t.passcard.period(day(p.startsOn), day(p.endsOn)) : t.passcard.pendingStart}</p>
              {p.paymentFailed ? <p>{t.passcard.paymentFailedHint}</p> : null}
              {p.recurringOrderNo ? (
                <p>
                  <Link href={brandPath(page, `/${p.paymentFailed ? 'changeFailCard' : 'changeCard'}/${p.recurringOrderNo}`)} data-testid="change-card-link">
                    {p.paymentFailed ? t.passcard.changeFailCard : t.passcard.changeCard}
                  </Link>
                </p>
              ) : null}
            </article>
          ))}
        </div>
      )}
    </MemberLayout>
  );
}
