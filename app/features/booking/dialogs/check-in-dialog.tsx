// Check in to a booking (spec section 2, module CHECK_IN_BOOKING): confirm,
// since a check-in cannot be undone by cancelling.
import { checkIn } from '../api';
import { bookingWhen } from '../rules';
import { usePage } from '../../../lib/page-context';
import { useUi, type DialogProps } from '../../../lib/ui-state';
import { useRefresh, useSubmit } from '../../../lib/use-submit';
import { auth } from '../../../strings/zh-hant-members';
import { dialogs as t } from '../../../strings/zh-hant-booking';
import { Dialog } from '../../../ui/dialog';
import { FormError, formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton } from '../../../ui/button';

export default function CheckInDialog({ args, onClose }: DialogProps<'checkIn'>) {
  const page = usePage();
  const ui = useUi();
  const refresh = useRefresh();
  const { busy, error, run } = useSubmit();
  const b = args.booking;
  const confirm = () =>
    run(async () => {
      await checkIn(page.brand!.brandId, b.id);
      onClose();
      ui.notify(t.checkedIn);
      refresh();
    });
  return (
    <Dialog title={t.checkInTitle} onClose={onClose} testId="check-in-dialog">
      <div className={formStyle}>
        <p style={{ color: 'inherit', fontSize: 15 }}>{t.checkInBody(b.courseName, bookingWhen(b))}</p>
        <FormError>{error}</FormError>
        <button type="button" className={primaryButton} disabled={busy} onClick={confirm}>
          {t.checkInConfirm}
        </button>
        <button type="button" className={secondaryButton} onClick={onClose}>
          {auth.cancel}
        </button>
      </div>
    </Dialog>
  );
}
