// Paying a counting passcard's debt (/{brandId}/counting-passcard-overdue-purchase/checkout?id=):
// the amount the server computed, in the checkout form of every purchase;
// its order runs the debt's precheck, then the checkout's sale/payment
// (kind overdue) and the provider's page.
import type { CheckoutRequest, OverdueData } from '../contract/props';
import { usePage } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { startPayment } from '../features/checkout/api';
import { verifyOverdue } from '../features/term/api';
import { CheckoutForm } from '../features/checkout/components/checkout-form';
import { goToPayment, type Order } from '../features/checkout/components/use-checkout';
import { invoiceSent, overdueOffer } from '../features/checkout/rules';
import { card, factList } from '../ui/card';
import { heading } from '../ui/section-title';
import { price } from '../lib/format';
import { overdue as t } from '../strings/zh-hant-term';

export default function CountingPasscardOverdueCheckout({ data }: { data: OverdueData }) {
  const page = usePage();
  const brand = page.brand!;
  const c = data.card!;

  const order: Order = async (choice) => {
    const body: CheckoutRequest = {
      kind: 'overdue',
      countingPasscardId: c.id,
      storeId: choice.storeId,
      quantity: 1,
      price: c.amount,
      payWay: choice.payWay as CheckoutRequest['payWay'],
      acceptTerms: true,
      from: page.webview ? 'app' : undefined,
      invoice: invoiceSent(data.invoice, choice),
    };
    await verifyOverdue({ ...body, brandId: brand.brandId });
    const a = await startPayment(brand.brandId, body);
    goToPayment(page, a.paymentUrl, choice.payWay);
  };

  return (
    <>
      <PageHead title={t.title(brand.settings.brandName)} description={t.checkoutHeading} noindex />
      <h2 className={heading}>{t.checkoutHeading}</h2>
      <CheckoutForm testId="overdue-checkout" offer={overdueOffer(data)} order={order} summary={
        <section className={card}>
          <h3>{c.name}</h3>
          <dl className={factList}>
            <dt>{t.owed(c.owedMinutes)}</dt>
            <dd />
            <dt>{t.amount}</dt>
            <dd data-testid="overdue-amount">{price(c.amount)}</dd>
          </dl>
          {data.setting ? <p>{t.rule(data.setting.unitMinutes, price(data.setting.unitPrice))}</p> : null}
        </section>
      } />
    </>
  );
}
