// Timing card (/{brandId}/user/timingcard): remaining and not-active points
// as the host computes them (spec section 4), and the points' records (the
// minutes used and added back, newest first); the cards themselves are
// listed by 分鐘計費卡 (/user/countingPasscard).
import { css } from '@emotion/css';
import { usePage } from '../lib/page-context';
import { Link, navHref } from '../lib/navigation';
import { useUi } from '../lib/ui-state';
import { hasModule, Module } from '../lib/modules';
import { secondaryButton, smallButton } from '../ui/button';
import { thousands } from '../lib/format';
import { MemberLayout } from '../features/members/components/member-layout';
import { card, cardList } from '../ui/card';
import { sectionTitle } from '../ui/section-title';
import { EmptyState } from '../ui/empty-state';
import { taipeiDateTime } from '../ui/date';
import { account } from '../strings/zh-hant';
import { member as t } from '../strings/zh-hant-members';
import { colour, radius } from '../ui/theme';
import type { CountingUse, MemberTimingCardData } from '../contract/props';


const points = css`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
  margin-bottom: 12px;
  div {
    background: ${colour.surface};
    border: 1px solid ${colour.line};
    border-radius: ${radius};
    padding: 16px;
    font-size: 14px;
    color: ${colour.muted};
  }
  div:first-child { border-top: 4px solid var(--brand); }
  strong { display: block; font-size: 30px; color: ${colour.text}; line-height: 1.2; }
`;
const rule = css`
  font-size: 13px;
  color: ${colour.muted};
  margin: 0 0 20px;
`;
const buy = css`
  display: inline-block;
  margin-bottom: 24px;
  padding: 10px 22px;
  border-radius: 999px;
  background: var(--brand);
  color: var(--brand-on);
  text-decoration: none;
  font-weight: 700;
`;

const useRow = css`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 2px 12px;
  align-items: baseline;
  p { margin: 0; }
  strong { font-size: 18px; white-space: nowrap; }
`;

/** One record of the points: when, what, on which card, and the minutes it took (−) or gave back (+). */
function UseRow({ u }: { u: CountingUse }) {
  return (
    <article className={`${card} ${useRow}`} data-testid="counting-use">
      <h3>{u.note}</h3>
      <strong style={{ color: u.minutes < 0 ? colour.text : 'var(--brand)' }}>{t.counting.minutes((u.minutes > 0 ? '+' : u.minutes < 0 ? '−' : '') + thousands(Math.abs(u.minutes)))}</strong>
      <p>{u.card}</p>
      <p>{taipeiDateTime(u.at)}</p>
    </article>
  );
}

export default function MemberTimingCard({ data }: { data: MemberTimingCardData }) {
  const page = usePage();
  const plans = navHref(page.nav, 'timingcardPlans');
  const ui = useUi();
  const qr = hasModule(page.brand?.settings.additionalModules, Module.TIMING_CARD_QR);
  return (
    <MemberLayout title={account.nav.timingcard}>
      <div className={points}>
        <div data-testid="timing-remain">
          {t.timing.remain}
          <strong>{thousands(data.remain)}</strong>
          {t.timing.unit}
        </div>
        <div data-testid="timing-not-active">
          {t.timing.notActive}
          <strong>{thousands(data.notActive)}</strong>
          {t.timing.unit}
        </div>
      </div>
      <p className={rule}>{t.timing.rule}</p>
      {qr ? (
        <p>
          <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => ui.open('holdingQr', { kind: 'timingCard', holdingId: 0, name: account.nav.timingcard })}>
            {t.holdingQr.open}
          </button>
        </p>
      ) : null}
      {plans ? (
        <Link className={buy} href={plans}>
          {t.timing.buy}
        </Link>
      ) : null}
      <h3 className={sectionTitle}>{t.timing.records}</h3>
      {data.uses.length === 0 ? (
        <EmptyState title={t.timing.noRecords} hint={t.counting.emptyHint} />
      ) : (
        <div className={cardList}>
          {data.uses.map((u, i) => (
            <UseRow key={i} u={u} />
          ))}
        </div>
      )}
    </MemberLayout>
  );
}
