// Term checkout (/{brandId}/termSchedule/checkout?termScheduleId=&scheduleId=(&trial=1)):
// the class (or its trial session) at its price now, the payment way and the
// terms. Paying runs the account check (trial, or purchase) for the member's
// own account, then the term's sale/payment, whose refusal comes back whole.
import { TermsCheckbox } from '../lib/terms-checkbox';
import type { TermCheckoutData } from '../contract/props';
import { usePage } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { price } from '../lib/format';
import { buyTerm, checkClass, checkTrial } from '../features/term/api';
import { PayForm, type PayWay } from '../features/term/components/pay-form';
import { card, factList } from '../ui/card';
import { heading } from '../ui/section-title';
import { term as t } from '../strings/zh-hant-term';

export default function TermCheckout({ data }: { data: TermCheckoutData }) {
  const page = usePage();
  const brand = page.brand!;
  const o = data.offer;
  const store = data.stores[0];

  const pay = async (payWay: PayWay) => {
    const account = page.user?.email ?? '';
    // the trial check is the term's (spec section 7); a whole class's, the class's purchase check
    if (data.trial) await checkTrial(brand.brandId, o.termScheduleId, account);
    else await checkClass(brand.brandId, o.scheduleId, 'purchase', account);
    const r = await buyTerm(brand.brandId, o.termScheduleId, o.scheduleId, {
      storeId: store?.storeId ?? 0,
      price: data.price,
      payWay,
      acceptTerms: true,
      trial: data.trial || undefined,
      from: page.webview ? 'app' : undefined,
    });
    if (!r.ok) return r.message;
    window.location.assign(new URL(r.answer.paymentUrl, window.location.href).href);
  };

  return (
    <>
      <PageHead title={t.title(o.name, brand.settings.brandName)} description={t.heading} noindex />
      <h2 className={heading}>{t.heading}</h2>
      <PayForm testId="term-checkout" payWays={store?.payWays ?? []} submit={t.submit} pay={pay} terms={(checked, onChange) => (
        <TermsCheckbox checked={checked} onChange={onChange} lead={t.termsLead} and={t.and} docs={[[t.termsLink, 'terms'], [t.refundLink, 'refund']]} />
      )}>
        <section className={card}>
          <h3 data-testid="term-name">
            {o.name}
            {data.trial ? `｜${t.trial}` : ''}
          </h3>
          <dl className={factList}>
            <dt>{t.store}</dt>
            <dd>{o.storeName}</dd>
            <dt>{o.termName}</dt>
            <dd>{t.sessions(o.remainingSessions, o.totalSessions)}</dd>
            <dt>{t.price}</dt>
            <dd data-testid="term-price">{price(data.price)}</dd>
          </dl>
          {data.note ? <p data-testid="term-note">{data.note}</p> : null}
          <p>{t.seatsLeft(data.trial ? o.trialSeatsLeft : o.seatsLeft)}</p>
        </section>
      </PayForm>
    </>
  );
}
