// Card change of a monthly card payment: /{brandId}/changeCard/{orderNo}
// (step change), /{brandId}/changeFailCard/{orderNo} (step fail: a declined
// period, re-charged with the new card) and
// /{brandId}/changeFailCardResult/{orderNo}?changeOrderNo= (step result).
// The card is shown masked (last 4 digits); only the order's member sees
// these pages (the host checks). Giving the new card happens at NewebPay.
import { useState } from 'react';
import { css } from '@emotion/css';
import type { CardChangeData } from '../contract/props';
import { usePage, brandPath } from '../lib/page-context';
import { Link } from '../lib/navigation';
import { PageHead } from '../lib/page-head';
import { price } from '../lib/format';
import { errorText } from '../lib/api';
import { startCardChange } from '../features/recurring/api';
import { card, factList } from '../ui/card';
import { primaryButton, secondaryButton } from '../ui/button';
import { day } from '../ui/date';
import { recurring as t } from '../strings/zh-hant-recurring';
import { colour, radius } from '../ui/theme';

const banner = css`
  padding: 24px 20px;
  border-radius: ${radius};
  margin-bottom: 20px;
  h2 { font-size: 22px; margin-bottom: 6px; }
  p { color: ${colour.muted}; }
`;
const good = css`background: var(--brand-tint); h2 { color: var(--brand); }`;
const bad = css`background: color-mix(in srgb, ${colour.danger} 8%, white); h2 { color: ${colour.danger}; }`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: 20px;
  & > * { flex: 1 1 200px; }
`;
const errorLine = css`color: ${colour.danger}; margin-top: 12px;`;

export default function ChangeCard({ data }: { data: CardChangeData }) {
  const page = usePage();
  const v = data.card;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const failed = v.failedPeriod !== null;
  const change = data.step === 'result' ? v.change : null;

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const answer = await startCardChange(v.brandId, v.orderNo, failed);
      window.location.assign(new URL(answer.paymentUrl, window.location.href).href);
    } catch (e) {
      setBusy(false);
      setError(errorText(e));
    }
  };

  let title = failed ? t.failTitle : t.changeTitle;
  let body = failed ? t.failBody(v.failedPeriod ?? 0) : t.changeBody;
  let ok = !failed;
  if (change) {
    title = t.resultTitles[change.state] ?? t.changeTitle;
    body = change.state === 'active' ? t.resultActive : change.state === 'failed' ? change.failure || t.resultFailed : t.resultPending;
    ok = change.state === 'active';
  }
  return (
    <>
      <PageHead title={t.title(page.brand!.settings.brandName)} description={title} noindex />
      <section className={`${banner} ${ok ? good : bad}`} data-testid="card-change" data-step={data.step} data-state={change?.state ?? ''} role="status">
        <h2>{title}</h2>
        <p>{body}</p>
      </section>

      <dl className={`${card} ${factList}`}>
        <dt>{t.item}</dt>
        <dd>{v.name}</dd>
        <dt>{t.amount}</dt>
        <dd>{price(v.amount)}</dd>
        <dt>{t.periods}</dt>
        <dd>{t.paid(v.paidPeriods, v.periods)}</dd>
        <dt>{t.card}</dt>
        <dd data-testid="masked-card">{v.maskedCard || t.noCard}</dd>
        {v.endsOn ? (
          <>
            <dt>{t.endsOn}</dt>
            <dd data-testid="ends-on">{day(v.endsOn)}</dd>
          </>
        ) : null}
        {failed ? (
          <>
            <dt>{t.failedPeriod}</dt>
            <dd data-testid="failed-period">{t.nthPeriod(v.failedPeriod ?? 0)}</dd>
          </>
        ) : null}
      </dl>

      {error ? (
        <p className={errorLine} role="alert">
          {error}
        </p>
      ) : null}
      <div className={actions}>
        {change?.state !== 'active' && (v.paidPeriods < v.periods || failed) ? (
          <button type="button" className={primaryButton} onClick={start} disabled={busy} data-testid="start-change">
            {busy ? t.busy : change ? t.again : failed ? t.submitFailed : t.submit}
          </button>
        ) : null}
        <Link className={secondaryButton} href={brandPath(page, '/user/passcard')}>
          {t.member}
        </Link>
      </div>
    </>
  );
}
