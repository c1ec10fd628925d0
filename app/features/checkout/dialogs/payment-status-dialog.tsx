// Payment status (spec section 2): while the provider has not answered,
// ask again with a growing wait (features/checkout/rules.pollDelay) until
// it has; then the page takes over with the result.
import { useEffect, useState } from 'react';
import { pollDelay } from '../payment-poll';
import { status as t } from '../../../strings/zh-hant-checkout';
import { Dialog } from '../../../ui/dialog';
import { formStyle } from '../../../ui/form-fields';
import { secondaryButton } from '../../../ui/button';

/** After this many tries the dialog says the answer is slow (it keeps asking). */
const slowAfter = 8;

/** check: asks once, true when the payment has its result; onSettled: then. */
export default function PaymentStatusDialog({ check, onSettled, onClose }: {
  check: () => Promise<boolean>;
  onSettled: () => void;
  onClose: () => void;
}) {
  const [tries, setTries] = useState(0);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const ask = async (n: number) => {
      let done = false;
      try {
        done = await check();
      } catch {
        // a failed call is one more try
      }
      if (stop) return;
      if (done) return onSettled();
      setTries(n + 1);
      timer = setTimeout(() => ask(n + 1), pollDelay(n));
    };
    timer = setTimeout(() => ask(0), pollDelay(0));
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [check, onSettled]);
  return (
    <Dialog title={t.title} onClose={onClose} testId="payment-status-dialog">
      <div className={formStyle} aria-live="polite">
        <p>{t.body}</p>
        <p role="status">{tries >= slowAfter ? t.slow : t.checking}</p>
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t.close}
        </button>
      </div>
    </Dialog>
  );
}
