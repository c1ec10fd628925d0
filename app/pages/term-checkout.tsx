// Term checkout (/{brandId}/termSchedule/checkout?termScheduleId=&scheduleId=(&trial=1)):
// the class (or its trial session) at its price now, the payment way and the
// terms. Paying runs the account check (trial, or purchase) for the member's
// own account, then the term's sale/payment, whose refusal comes back whole.
import { useState } from 'react';
import { TermsCheckbox } from '../dialogs/terms-checkbox';
import type { TermCheckoutData } from '../contract/props';
import { usePage } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { errorText } from '../lib/api';
import { price } from '../lib/format';
import { buyTerm, checkClass, checkTrial } from '../features/term/api';
import { card, factList } from '../ui/card';
import { heading } from '../ui/section-title';
import { FormError } from '../ui/form-fields';
import { primaryButton } from '../ui/button';
import { term as t } from '../strings/zh-hant-term';

export default function TermCheckout({ data }: { data: TermCheckoutData }) {
  const page = usePage();
  const brand = page.brand!;
  const o = data.offer;
  const store = data.stores[0];
  const [payWay, setPayWay] = useState(store?.payWays[0]?.payWay ?? '');
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    setError('');
    if (!payWay) return setError(t.payWayRequired);
    if (!accepted) return setError(t.termsRequired);
    if (busy) return;
    setBusy(true);
    try {
      const account = page.user?.email ?? '';
      // the trial check is the term's (spec section 7); a whole class's, the class's purchase check
      if (data.trial) await checkTrial(brand.brandId, o.termScheduleId, account);
      else await checkClass(brand.brandId, o.scheduleId, 'purchase', account);
      const r = await buyTerm(brand.brandId, o.termScheduleId, o.scheduleId, {
        storeId: store?.storeId ?? 0,
        price: data.price,
        payWay: payWay as '2' | 'LINEPAY',
        acceptTerms: accepted,
        trial: data.trial || undefined,
        from: page.webview ? 'app' : undefined,
      });
      if (!r.ok) {
        setBusy(false);
        return setError(r.message);
      }
      window.location.assign(new URL(r.answer.paymentUrl, window.location.href).href);
    } catch (e) {
      setBusy(false);
      setError(errorText(e));
    }
  };

  return (
    <>
      <PageHead title={t.title(o.name, brand.settings.brandName)} description={t.heading} noindex />
      <h2 className={heading}>{t.heading}</h2>
      <form data-testid="term-checkout" noValidate onSubmit={(e) => (e.preventDefault(), void pay())} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
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
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{t.payWay}</legend>
          {(store?.payWays ?? []).map((w) => (
            <label key={w.payWay} style={{ display: 'block', padding: '8px 0' }}>
              <input type="radio" name="payWay" value={w.payWay} checked={w.payWay === payWay} onChange={() => setPayWay(w.payWay)} /> {t.payWays[w.payWay] ?? w.name}
            </label>
          ))}
        </fieldset>
        <TermsCheckbox
          checked={accepted}
          onChange={setAccepted}
          lead={t.termsLead}
          and={t.and}
          docs={[
            [t.termsLink, 'terms'],
            [t.refundLink, 'refund'],
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
