// Cancel a booking (spec section 2): the server says first whether the
// rules let the member cancel online now; if so, confirm (with what comes
// back, or, for a late cancel the course allows, that nothing does), else
// the contact dialog with the store's phone and the rule's message.
import { useEffect, useState } from 'react';
import type { CancelVerify } from '../../../contract/props';
import { cancelBooking, cancelVerify } from '../api';
import { amount, bookingWhen } from '../rules';
import { bookingCardId } from '../components/booking-card';
import { errorText } from '../../../lib/api';
import { usePage } from '../../../lib/page-context';
import { useUi, type DialogProps } from '../../../lib/ui-state';
import { useRefresh, useSubmit } from '../../../lib/use-submit';
import { common } from '../../../strings/zh-hant';
import { dialogs as t } from '../../../strings/zh-hant-booking';
import { Dialog } from '../../../ui/dialog';
import { FormError, formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton } from '../../../ui/button';

export default function CancelBookingDialog({ args, onClose }: DialogProps<'cancelBooking'>) {
  const page = usePage();
  const ui = useUi();
  const refresh = useRefresh();
  const brandId = page.brand!.brandId;
  const b = args.booking;
  const [verify, setVerify] = useState<CancelVerify | null>(null);
  const { busy, error, setError, run } = useSubmit();
  useEffect(() => {
    let live = true;
    cancelVerify(brandId, b.id).then(
      (v) => {
        if (!live) return;
        if (v.cancellable) setVerify(v);
        else ui.open('contact', { message: v.message, storeName: v.storeName, phone: v.storePhone });
      },
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [brandId, b.id, ui.open, setError]);
  const confirm = () =>
    run(async () => {
      await cancelBooking(brandId, b.id);
      onClose();
      ui.notify(t.cancelled);
      await refresh();
      // the result: the booking, now cancelled, takes the focus its cancel button had
      document.getElementById(bookingCardId(b.id))?.focus();
    });
  const refund = verify && verify.refund > 0 ? amount(verify.refund, verify.unit) : '';
  return (
    <Dialog title={t.cancelTitle} onClose={onClose} testId="cancel-booking-dialog">
      <div className={formStyle}>
        <p style={{ color: 'inherit', fontSize: 15 }}>{t.cancelBody(b.courseName, bookingWhen(b))}</p>
        {verify ? (
          <p data-testid="cancel-outcome">{verify.forfeits ? t.cancelForfeit(verify.payName) : refund ? t.cancelRefundAmount(verify.payName, refund) : t.cancelRefund}</p>
        ) : error ? null : (
          <p role="status">{common.loading}</p>
        )}
        <FormError>{error}</FormError>
        <button type="button" className={primaryButton} disabled={busy || !verify} onClick={confirm}>
          {t.cancelConfirm}
        </button>
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t.cancelKeep}
        </button>
      </div>
    </Dialog>
  );
}
