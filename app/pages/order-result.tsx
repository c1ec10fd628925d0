// Order result (/{brandId}/orderResult/{orderNo} and
// /{brandId}/webUser/orderResult/{orderNo}): paid (what was bought and its
// activation, a link to the member centre, and for a pass or ticket 去預約:
// the course it was bought for, else the timetable), failed, cancelled or
// expired (why, and a retry that buys the same again), or awaiting the
// provider's answer (the payment-status dialog asks until it comes, then the page
// shows it). A purchase made to book a session shows its booking, or why
// not and what else (features/booking's order-booking). Only the order's
// member sees it (the host checks).
import { ach as ta } from '../strings/zh-hant-deferred';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazyDialog } from '../lib/chunk';
import { css } from '@emotion/css';
import type { Order, OrderLine, OrderResultData } from '../contract/props';
import { usePage } from '../lib/page-context';
import { HomeLink, Link } from '../lib/navigation';
import { PageHead } from '../lib/page-head';
import { price } from '../lib/format';
import { paymentResult } from '../features/checkout/api';
import { OrderBooking } from '../features/booking/components/order-booking';
import { OrderInvoices, useLiveInvoices } from '../features/checkout/components/order-invoices';
import { badge, badgeMuted, card, factList } from '../ui/card';
import { sectionTitle } from '../ui/section-title';
import { primaryButton, secondaryButton } from '../ui/button';
import { day, taipeiDateTime } from '../ui/date';
import { checkout as tc, invoice as ti, result as t } from '../strings/zh-hant-checkout';
import { colour, radius } from '../ui/theme';

const PaymentStatusDialog = lazyDialog(() => import('../features/checkout/dialogs/payment-status-dialog'));

const banner = css`
  padding: 24px 20px;
  border-radius: ${radius};
  margin-bottom: 20px;
  text-align: center;
  h2 { font-size: 22px; margin-bottom: 6px; }
  p { color: ${colour.muted}; }
`;
const tone = {
  paid: css`background: var(--brand-tint); h2 { color: var(--brand); }`,
  failed: css`background: color-mix(in srgb, ${colour.danger} 8%, white); h2 { color: ${colour.danger}; }`,
  awaiting: css`background: #fffbea;`,
};
const lineList = css`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 10px;
`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: 20px;
  & > * { flex: 1 1 200px; }
`;

// the order number (26 characters) on one line at 390 px
const orderNo = css`
  font: 14px/1.6 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  white-space: nowrap;
  letter-spacing: -0.02em;
`;

type Outcome = 'paid' | 'failed' | 'awaiting';

function outcomeOf(o: Order): Outcome {
  if (o.state === 'paid') return 'paid';
  if (o.state === 'failed' || o.state === 'cancelled' || o.state === 'expired') return 'failed';
  return 'awaiting';
}

const titles: Record<Order['state'], [string, string]> = {
  paid: [t.paidTitle, t.paidBody],
  failed: [t.failedTitle, t.failedBody],
  cancelled: [t.cancelledTitle, t.cancelledBody],
  expired: [t.expiredTitle, t.expiredBody],
  created: [t.awaitingTitle, t.awaitingBody],
  awaiting_payment: [t.awaitingTitle, t.awaitingBody],
};

function Line({ line, paid }: { line: OrderLine; paid: boolean }) {
  const active = line.status === 'active' || line.status === 'enrolled';
  return (
    <li className={card} data-testid="order-line">
      {paid && line.status !== 'pending' ? (
        <span className={active ? badge : `${badge} ${badgeMuted}`} data-testid="activation">
          {t.activationStates[line.status]}
        </span>
      ) : null}
      <h3>
        {line.name} {t.quantity(line.quantity)}
      </h3>
      <p>
        {price(line.unitPrice)}
        {line.storeName ? `・${line.storeName}` : ''}
      </p>
      {paid && line.startsOn ? <p>{[t.startsOn(day(line.startsOn)), line.endsOn ? t.until(day(line.endsOn)) : ''].filter(Boolean).join('，')}</p> : null}
      {!paid && line.startOn ? <p>{t.startsOn(day(line.startOn))}</p> : null}
    </li>
  );
}

export default function OrderResult({ data }: { data: OrderResultData }) {
  const page = usePage();
  const [result, setResult] = useState(data);
  useEffect(() => setResult(data), [data]);
  const o = result.order;
  const outcome = outcomeOf(o);
  // the status dialog opens in the browser while the provider has not answered
  const [asking, setAsking] = useState(false);
  // a pending ACH order waits days for the bank: no status dialog
  useEffect(() => setAsking(!data.final && !data.deferred?.ach), [data]);
  const check = useCallback(async () => {
    const r = await paymentResult(data.order.orderNo);
    if (r.final) setResult(r);
    return r.final;
  }, [data]);
  const settled = useCallback(() => setAsking(false), []);
  const ach = result.deferred?.ach ?? null;
  const invoices = useLiveInvoices(o.invoices, useCallback(async () => (await paymentResult(data.order.orderNo)).order.invoices, [data]));
  // the answer, once the status dialog has it, takes the focus the dialog had
  const resultRef = useRef<HTMLElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (wasAsking.current && !asking) resultRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  const [title, body] = ach && o.state === 'awaiting_payment' ? [ta.pendingTitle, ta.pendingBody] : titles[o.state];
  return (
    <>
      <PageHead title={t.title(page.brand!.settings.brandName)} description={title} noindex />
      <section ref={resultRef} className={`${banner} ${tone[outcome]}`} tabIndex={-1} data-testid="order-result" data-state={o.state} role="status">
        <h2>{title}</h2>
        <p>{body}</p>
        {outcome === 'failed' && o.failure ? (
          <p data-testid="failure">
            {t.reason}：{o.failure}
          </p>
        ) : null}
      </section>

      {outcome === 'paid' ? <OrderBooking result={result} onChange={setResult} /> : null}

      <dl className={`${card} ${factList}`}>
        <dt>{t.orderNo}</dt>
        <dd className={orderNo} data-testid="order-no">{o.orderNo}</dd>
        <dt>{t.amount}</dt>
        <dd data-testid="order-amount">{price(o.amount)}</dd>
        <dt>{t.payWay}</dt>
        <dd>{tc.payWays[o.payWay] ?? o.payWay}</dd>
        {o.maskedCard ? (
          <>
            <dt>{t.card}</dt>
            <dd data-testid="masked-card">{o.maskedCard}</dd>
          </>
        ) : null}
        {ach ? (
          <>
            <dt>{ta.mandate}</dt>
            <dd data-testid="ach-mandate">
              {`${ach.bankCode}-${ach.branchCode} ${ach.account} ${ach.holderName}（${ach.holderId}）`}・{ta.mandateStates[ach.state]}
            </dd>
          </>
        ) : null}
        {result.deferred?.instalments ? (
          <>
            <dt>{tc.payWays.CHAILEASE}</dt>
            <dd data-testid="instalments">{ta.instalments(result.deferred.instalments)}</dd>
          </>
        ) : null}
        {o.paidAt ? (
          <>
            <dt>{t.paidAt}</dt>
            <dd>{taipeiDateTime(o.paidAt)}</dd>
          </>
        ) : null}
      </dl>

      {invoices.length > 0 ? (
        <section className={card} aria-labelledby="invoices-title">
          <h3 id="invoices-title" className={sectionTitle}>{ti.heading}</h3>
          <OrderInvoices invoices={invoices} />
        </section>
      ) : null}

      <h3 className={sectionTitle}>{t.lines}</h3>
      <ul className={lineList}>
        {o.lines.map((l, i) => (
          <Line key={i} line={l} paid={outcome === 'paid'} />
        ))}
      </ul>

      <div className={actions}>
        {outcome === 'paid' && result.bookUrl ? (
          <Link className={primaryButton} href={result.bookUrl} data-testid="go-book">
            {t.goBook}
          </Link>
        ) : null}
        {outcome === 'paid' ? (
          <Link className={result.bookUrl ? secondaryButton : primaryButton} href={result.memberUrl}>
            {t.memberCentre}
          </Link>
        ) : null}
        {outcome === 'failed' && result.retryUrl ? (
          <Link className={primaryButton} href={result.retryUrl}>
            {t.retry}
          </Link>
        ) : null}
        {outcome === 'awaiting' ? (
          <button type="button" className={primaryButton} onClick={() => setAsking(true)}>
            {t.checkAgain}
          </button>
        ) : null}
        <HomeLink className={secondaryButton}>
          {t.backToShop}
        </HomeLink>
      </div>

      {asking && outcome === 'awaiting' ? (
        <Suspense fallback={null}>
          <PaymentStatusDialog check={check} onSettled={settled} onClose={settled} />
        </Suspense>
      ) : null}
    </>
  );
}
