// The form a term's class and a counting passcard's debt are paid with:
// the page's own summary (children), the store's payment ways, the terms
// (the page's TermsCheckbox, from terms) and the submit button. It checks that a way is chosen and the terms
// accepted, keeps one attempt at a time, and shows the refusal pay throws
// (or returns, as a message); on success pay has left for the provider.
import { useState, type ReactNode } from 'react';
import type { PayWay as StorePayWay } from '../../../contract/props';
import { errorText } from '../../../lib/api';
import { FormError } from '../../../ui/form-fields';
import { primaryButton } from '../../../ui/button';
import { term as t } from '../../../strings/zh-hant-term';

/** The ways a term or a debt is paid: a card at once, or LINE Pay. */
export type PayWay = '2' | 'LINEPAY';

export function PayForm({ testId, payWays, submit, terms, pay, children }: {
  testId: string;
  payWays: StorePayWay[];
  submit: string;
  terms: (checked: boolean, onChange: (v: boolean) => void) => ReactNode;
  /** Pays with the chosen way; a refusal is thrown, or returned as its message. */
  pay: (payWay: PayWay) => Promise<string | void>;
  children: ReactNode;
}) {
  const [payWay, setPayWay] = useState(payWays[0]?.payWay ?? '');
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async () => {
    setError('');
    if (!payWay) return setError(t.payWayRequired);
    if (!accepted) return setError(t.termsRequired);
    if (busy) return;
    setBusy(true);
    try {
      const refused = await pay(payWay as PayWay);
      if (refused) {
        setBusy(false);
        setError(refused);
      }
    } catch (e) {
      setBusy(false);
      setError(errorText(e));
    }
  };

  return (
    <form data-testid={testId} noValidate onSubmit={(e) => (e.preventDefault(), void onSubmit())} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {children}
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend>{t.payWay}</legend>
        {payWays.map((w) => (
          <label key={w.payWay} style={{ display: 'block', padding: '8px 0' }}>
            <input type="radio" name="payWay" value={w.payWay} checked={w.payWay === payWay} onChange={() => setPayWay(w.payWay)} /> {t.payWays[w.payWay] ?? w.name}
          </label>
        ))}
      </fieldset>
      {terms(accepted, setAccepted)}
      <FormError>{error}</FormError>
      <button type="submit" className={primaryButton} aria-busy={busy}>
        {submit}
      </button>
    </form>
  );
}
