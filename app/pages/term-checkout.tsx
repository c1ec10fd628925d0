// Term checkout (/{brandId}/termSchedule/checkout?termScheduleId=&scheduleId=(&trial=1)):
// the class (or its trial session) at its price now, in the checkout form
// of every purchase. Its order runs the account check (trial, or purchase)
// for the member's own account, then the term's sale/payment, whose
// refusal comes back whole.
import type { TermCheckoutData } from '../contract/props';
import { usePage } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { buyTerm, checkClass, checkTrial } from '../features/term/api';
import { CheckoutForm } from '../features/checkout/components/checkout-form';
import { goToPayment, type Order } from '../features/checkout/components/use-checkout';
import { invoiceSent, termOffer } from '../features/checkout/rules';
import { card, factList } from '../ui/card';
import { heading } from '../ui/section-title';
import { term as t } from '../strings/zh-hant-term';

export default function TermCheckout({ data }: { data: TermCheckoutData }) {
  const page = usePage();
  const brand = page.brand!;
  const o = data.offer;

  const order: Order = async (choice) => {
    const account = page.user?.email ?? '';
    // the trial check is the term's (spec section 7); a whole class's, the class's purchase check
    if (data.trial) await checkTrial(brand.brandId, o.termScheduleId, account);
    else await checkClass(brand.brandId, o.scheduleId, 'purchase', account);
    const r = await buyTerm(brand.brandId, o.termScheduleId, o.scheduleId, {
      storeId: choice.storeId,
      price: data.price,
      payWay: choice.payWay as TermCheckoutData['stores'][number]['payWays'][number]['payWay'],
      acceptTerms: true,
      trial: data.trial || undefined,
      from: page.webview ? 'app' : undefined,
      invoice: invoiceSent(data.invoice, choice),
    });
    if (!r.ok) return r.message;
    goToPayment(page, r.answer.paymentUrl, choice.payWay);
  };

  return (
    <>
      <PageHead title={t.title(o.name, brand.settings.brandName)} description={t.heading} noindex />
      <h2 className={heading}>{t.heading}</h2>
      <CheckoutForm testId="term-checkout" offer={termOffer(data)} order={order} storeLabel={t.store} summary={
        <section className={card}>
          <h3 data-testid="term-name">
            {o.name}
            {data.trial ? `｜${t.trial}` : ''}
          </h3>
          <dl className={factList}>
            <dt>{o.termName}</dt>
            <dd>{t.sessions(o.remainingSessions, o.totalSessions)}</dd>
          </dl>
          {data.note ? <p data-testid="term-note">{data.note}</p> : null}
          <p>{t.seatsLeft(data.trial ? o.trialSeatsLeft : o.seatsLeft)}</p>
        </section>
      } />
    </>
  );
}
