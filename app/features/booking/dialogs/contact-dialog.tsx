// Contact the store (spec section 2, cancel booking's second face): the
// rules forbid cancelling this booking online; the rule's message and the
// store's phone.
import type { DialogProps } from '../../../lib/ui-state';
import { dialogs as t } from '../../../strings/zh-hant-booking';
import { Dialog } from '../../../ui/dialog';
import { formStyle } from '../../../ui/form-fields';
import { buttonColumn, secondaryButton } from '../../../ui/button';

export default function ContactDialog({ args, onClose }: DialogProps<'contact'>) {
  return (
    <Dialog title={t.contactTitle} onClose={onClose} testId="contact-dialog">
      <div className={formStyle}>
        {args.message ? (
          <p role="alert" style={{ color: 'inherit', fontSize: 15, fontWeight: 600 }} data-testid="contact-reason">
            {args.message}
          </p>
        ) : null}
        <p>{t.contactBody}</p>
        {args.phone ? (
          <div className={buttonColumn}>
            <a href={'tel:' + args.phone.replace(/[^0-9+]/g, '')} data-testid="contact-phone">
              <span>
                {t.contactCall(args.phone)}
                <small>{args.storeName}</small>
              </span>
            </a>
          </div>
        ) : (
          <p>
            {args.storeName} {t.contactNoPhone}
          </p>
        )}
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t.back}
        </button>
      </div>
    </Dialog>
  );
}
