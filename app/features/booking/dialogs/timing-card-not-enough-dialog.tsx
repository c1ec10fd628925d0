// Timing card not enough (spec section 2): the session takes more minutes
// than the member's timing card has and nothing else they hold can pay; on
// to the timing-card plans, or back.
import type { DialogProps } from '../../../lib/ui-state';
import { Link } from '../../../lib/navigation';
import { dialogs as t } from '../../../strings/zh-hant-booking';
import { Dialog } from '../../../ui/dialog';
import { formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton } from '../../../ui/button';

export default function TimingCardNotEnoughDialog({ args, onClose }: DialogProps<'timingCardNotEnough'>) {
  return (
    <Dialog title={t.timingShortTitle} onClose={onClose} testId="timing-card-not-enough-dialog">
      <div className={formStyle}>
        <p>{t.timingShortBody(args.need, args.remain)}</p>
        <Link className={primaryButton} href={args.plansHref} onClick={onClose}>
          {t.timingShortBuy}
        </Link>
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t.timingShortClose}
        </button>
      </div>
    </Dialog>
  );
}
