// Verify code: the 6-digit code of the verification mail.
import { useState } from 'react';
import { confirmCode, resendMail } from '../api';
import { usePage } from '../../../lib/page-context';
import { useUi, type DialogProps } from '../../../lib/ui-state';
import { auth as t } from '../../../strings/zh-hant-members';
import { Dialog } from '../../../ui/dialog';
import { Field, FormError, formStyle } from '../../../ui/form-fields';
import { linkButton, primaryButton } from '../../../ui/button';
import { useRefresh, useSubmit } from '../../../lib/use-submit';

export default function VerifyCodeDialog({ args }: DialogProps<'verifyCode'>) {
  const page = usePage();
  const ui = useUi();
  const refresh = useRefresh();
  const [code, setCode] = useState('');
  const { busy, error, run } = useSubmit();
  const brandId = page.brand!.brandId;
  const submit = () =>
    run(async () => {
      await confirmCode(brandId, args.email, code);
      ui.close();
      ui.notify(t.verifiedOk);
      refresh();
    });
  const resend = () =>
    run(async () => {
      await resendMail(brandId, args.email, 'verify');
      ui.notify(t.verificationSent);
    });
  return (
    <Dialog title={t.verifyCodeTitle} onClose={ui.close} testId="verify-code-dialog">
      <form className={formStyle} onSubmit={(e) => (e.preventDefault(), submit())}>
        <p>{t.verifyCodeBody(args.email)}</p>
        <Field label={t.code} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required value={code} onChange={(e) => setCode(e.target.value.trim())} />
        <FormError>{error}</FormError>
        <button type="submit" className={primaryButton} disabled={busy}>
          {t.codeSubmit}
        </button>
        <button type="button" className={linkButton} onClick={resend} disabled={busy}>
          {t.resendMail}
        </button>
      </form>
    </Dialog>
  );
}
