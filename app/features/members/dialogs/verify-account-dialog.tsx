// Verify account: the member's e-mail is not verified yet; send the mail
// again (3 minutes apart) or type the mailed code.
import { resendVerifyEmail } from '../api';
import { usePage } from '../../../lib/page-context';
import { useUi, type DialogProps } from '../../../lib/ui-state';
import { auth as t } from '../../../strings/zh-hant-members';
import { Dialog } from '../../../ui/dialog';
import { FormError, formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton } from '../../../ui/button';
import { useSubmit } from '../../../lib/use-submit';

export default function VerifyAccountDialog({ args }: DialogProps<'verifyAccount'>) {
  const page = usePage();
  const ui = useUi();
  const { busy, error, run } = useSubmit();
  const resend = () =>
    run(async () => {
      await resendVerifyEmail(page.brand!.brandId, args.email);
      ui.close();
      ui.notify(t.verificationSent);
    });
  return (
    <Dialog title={t.verifyAccountTitle} onClose={ui.close} testId="verify-account-dialog">
      <div className={formStyle}>
        <p>{t.verifyAccountBody(args.email)}</p>
        <FormError>{error}</FormError>
        <button type="button" className={primaryButton} disabled={busy} onClick={resend}>
          {t.resendMail}
        </button>
        <button type="button" className={secondaryButton} onClick={() => ui.open('verifyCode', { email: args.email })}>
          {t.enterCode}
        </button>
      </div>
    </Dialog>
  );
}
