// Forgot password: e-mail -> the mailed 6-digit code -> a new password.
import { useState } from 'react';
import type { ResendType } from '../../../contract/props';
import { confirmForgotPassword, forgotPassword, resendMail, resetForgotPassword } from '../api';
import { passwordDigest, minPasswordLength, newPasswordProblem } from '../password';
import { usePage } from '../../../lib/page-context';
import { useUi, type DialogProps } from '../../../lib/ui-state';
import { auth as t } from '../../../strings/zh-hant-members';
import { Dialog } from '../../../ui/dialog';
import { Field, FormError, formStyle } from '../../../ui/form-fields';
import { linkButton, primaryButton } from '../../../ui/button';
import { useSubmit } from '../../../lib/use-submit';

export default function ForgotPasswordDialog({ args }: DialogProps<'forgotPassword'>) {
  const page = usePage();
  const ui = useUi();
  const brandId = page.brand!.brandId;
  const [step, setStep] = useState<'email' | 'code' | 'password'>('email');
  const [email, setEmail] = useState(args.email ?? '');
  const [code, setCode] = useState('');
  const [pw, setPw] = useState({ password: '', confirm: '' });
  const { busy, error, setError, run } = useSubmit();
  const send = (type?: ResendType) =>
    run(async () => {
      await (type ? resendMail(brandId, email, type) : forgotPassword(brandId, email));
      setStep('code');
    });
  const confirm = () =>
    run(async () => {
      await confirmForgotPassword(brandId, email, code);
      setStep('password');
    });
  const reset = () => {
    const weak = newPasswordProblem(pw.password, pw.confirm);
    if (weak) return setError(weak);
    return run(async () => {
      await resetForgotPassword(brandId, email, code, passwordDigest(pw.password));
      ui.open('login', { email });
      ui.notify(t.resetOk);
    });
  };
  return (
    <Dialog title={t.forgotTitle} onClose={ui.close} testId="forgot-password-dialog">
      {step === 'email' ? (
        <form className={formStyle} onSubmit={(e) => (e.preventDefault(), send())}>
          <p>{t.forgotBody}</p>
          <Field label={t.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <FormError>{error}</FormError>
          <button type="submit" className={primaryButton} disabled={busy}>
            {t.forgotSend}
          </button>
        </form>
      ) : step === 'code' ? (
        <form className={formStyle} onSubmit={(e) => (e.preventDefault(), confirm())}>
          <p>{t.forgotCodeBody(email)}</p>
          <Field label={t.code} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required value={code} onChange={(e) => setCode(e.target.value.trim())} />
          <FormError>{error}</FormError>
          <button type="submit" className={primaryButton} disabled={busy}>
            {t.forgotNext}
          </button>
          <button type="button" className={linkButton} disabled={busy} onClick={() => send('forgotPassword')}>
            {t.resendCode}
          </button>
        </form>
      ) : (
        <form className={formStyle} onSubmit={(e) => (e.preventDefault(), reset())}>
          <Field label={t.newPassword} type="password" name="password" autoComplete="new-password" minLength={minPasswordLength} hint={t.passwordHint} required value={pw.password} onChange={(e) => setPw({ ...pw, password: e.target.value })} />
          <Field label={t.newPasswordConfirm} type="password" name="confirm" autoComplete="new-password" required value={pw.confirm} onChange={(e) => setPw({ ...pw, confirm: e.target.value })} />
          <FormError>{error}</FormError>
          <button type="submit" className={primaryButton} disabled={busy}>
            {t.resetSubmit}
          </button>
        </form>
      )}
    </Dialog>
  );
}
