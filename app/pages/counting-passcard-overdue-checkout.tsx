// Paying a counting passcard's debt (/{brandId}/counting-passcard-overdue-purchase/checkout?id=):
// the amount the server computed, the payment way; precheck, then the
// checkout's sale/payment (kind overdue) and the provider's page.
import { useState } from 'react';
import { TermsCheckbox } from '../dialogs/terms-checkbox';
import type { CheckoutRequest, OverdueData } from '../contract/props';
import { usePage } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { errorText } from '../lib/api';
import { price } from '../lib/format';
import { startPayment } from '../features/checkout/api';
import { verifyOverdue } from '../features/term/api';
import { card, factList } from '../ui/card';
import { heading } from '../ui/section-title';
import { FormError } from '../ui/form-fields';
import { primaryButton } from '../ui/button';
import { overdue as t, term as tt } from '../strings/zh-hant-term';

export default function CountingPasscardOverdueCheckout({ data }: { data: OverdueData }) {
  const page = usePage();
  const brand = page.brand!;
  const c = data.card!;
  const store = data.stores.find((s) => s.payWays.length > 0) ?? data.stores[0];
  const [payWay, setPayWay] = useState(store?.payWays[0]?.payWay ?? '');
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    setError('');
    if (!payWay) return setError(tt.payWayRequired);
    if (!accepted) return setError(tt.termsRequired);
    if (busy) return;
    setBusy(true);
    const body: CheckoutRequest = {
      kind: 'overdue',
      countingPasscardId: c.id,
      storeId: store?.storeId ?? 0,
      quantity: 1,
      price: c.amount,
      payWay: payWay as '2' | 'LINEPAY',
      acceptTerms: accepted,
      from: page.webview ? 'app' : undefined,
    };
    try {
      await verifyOverdue({ ...body, brandId: brand.brandId });
      const a = await startPayment(brand.brandId, body);
      window.location.assign(new URL(a.paymentUrl, window.location.href).href);
    } catch (e) {
      setBusy(false);
      setError(errorText(e));
    }
  };

  return (
    <>
      <PageHead title={t.title(brand.settings.brandName)} description={t.checkoutHeading} noindex />
      <h2 className={heading}>{t.checkoutHeading}</h2>
      <form data-testid="overdue-checkout" noValidate onSubmit={(e) => (e.preventDefault(), void pay())} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
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
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{tt.payWay}</legend>
          {(store?.payWays ?? []).map((w) => (
            <label key={w.payWay} style={{ display: 'block', padding: '8px 0' }}>
              <input type="radio" name="payWay" value={w.payWay} checked={w.payWay === payWay} onChange={() => setPayWay(w.payWay)} /> {tt.payWays[w.payWay] ?? w.name}
            </label>
          ))}
        </fieldset>
        <TermsCheckbox
          checked={accepted}
          onChange={setAccepted}
          lead={tt.termsLead}
          and={tt.and}
          docs={[
            [tt.termsLink, 'terms'],
            [tt.refundLink, 'refund'],
          ]}
        />
        <FormError>{error}</FormError>
        <button type="submit" className={primaryButton} aria-busy={busy}>
          {t.submit}
        </button>
      </form>
    </>
  );
}
