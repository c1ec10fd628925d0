// Registration success (spec section 2): title 註冊成功, 460 px wide; its
// close shows the snackbar 驗證信發送成功！.
import { useUi, type DialogProps } from '../../../lib/ui-state';
import { auth as t } from '../../../strings/zh-hant-members';
import { Dialog } from '../../../ui/dialog';
import { formStyle } from '../../../ui/form-fields';
import { primaryButton } from '../../../ui/button';

/** The registration-success dialog's width (spec section 9). */
export const registerSuccessWidth = 460;

export default function RegisterSuccessDialog({ args }: DialogProps<'registerSuccess'>) {
  const ui = useUi();
  const close = () => {
    ui.close();
    ui.notify(t.verificationSent);
  };
  return (
    <Dialog title={t.registerSuccessTitle} onClose={close} width={registerSuccessWidth} testId="register-success-dialog">
      <div className={formStyle}>
        <p style={{ color: 'inherit', fontSize: 15 }}>{t.registerSuccessBody(args.email)}</p>
        <button type="button" className={primaryButton} onClick={close}>
          {t.registerSuccessClose}
        </button>
      </div>
    </Dialog>
  );
}
