// Paying a counting passcard's debt (/{brandId}/counting-passcard-overdue-purchase/checkout?id=):
// the amount the server computed, the payment way; precheck, then the
// checkout's sale/payment (kind overdue) and the provider's page.
import { TermsCheckbox } from '../lib/terms-checkbox';
import type { CheckoutRequest, OverdueData } from '../contract/props';
import { usePage } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { price } from '../lib/format';
import { startPayment } from '../features/checkout/api';
import { verifyOverdue } from '../features/term/api';
import { PayForm, type PayWay } from '../features/term/components/pay-form';
import { card, factList } from '../ui/card';
import { heading } from '../ui/section-title';
import { overdue as t, term as tt } from '../strings/zh-hant-term';

export default function CountingPasscardOverdueCheckout({ data }: { data: OverdueData }) {
  const page = usePage();
  const brand = page.brand!;
  const c = data.card!;
  const store = data.stores.find((s) => s.payWays.length > 0) ?? data.stores[0];

  const pay = async (payWay: PayWay) => {
    const body: CheckoutRequest = {
      kind: 'overdue',
      countingPasscardId: c.id,
      storeId: store?.storeId ?? 0,
      quantity: 1,
      price: c.amount,
      payWay,
      acceptTerms: true,
      from: page.webview ? 'app' : undefined,
    };
    await verifyOverdue({ ...body, brandId: brand.brandId });
    const a = await startPayment(brand.brandId, body);
    window.location.assign(new URL(a.paymentUrl, window.location.href).href);
  };

  return (
    <>
      <PageHead title={t.title(brand.settings.brandName)} description={t.checkoutHeading} noindex />
      <h2 className={heading}>{t.checkoutHeading}</h2>
      <PayForm testId="overdue-checkout" payWays={store?.payWays ?? []} submit={t.submit} pay={pay} terms={(checked, onChange) => (
        <TermsCheckbox checked={checked} onChange={onChange} lead={tt.termsLead} and={tt.and} docs={[[tt.termsLink, 'terms'], [tt.refundLink, 'refund']]} />
      )}>
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
      </PayForm>
    </>
  );
}
