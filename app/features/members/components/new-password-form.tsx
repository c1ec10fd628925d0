// A new password from a mailed reset link (user id and token), typed twice.
import { useState } from 'react';
import { usePage } from '../../../lib/page-context';
import { useSubmit } from '../../../lib/use-submit';
import { Field, FormError, formStyle } from '../../../ui/form-fields';
import { primaryButton } from '../../../ui/button';
import { auth as ta } from '../../../strings/zh-hant-members';
import { resetPassword } from '../api';
import { minPasswordLength, newPasswordProblem, passwordDigest } from '../password';

export function NewPasswordForm({ userId, token, done }: { userId: number; token: string; done: () => void }) {
  const page = usePage();
  const [pw, setPw] = useState({ password: '', confirm: '' });
  const { busy, error, setError, run } = useSubmit();
  return (
    <form
      className={formStyle}
      onSubmit={(e) => {
        e.preventDefault();
        const weak = newPasswordProblem(pw.password, pw.confirm);
        if (weak) return setError(weak);
        run(async () => {
          await resetPassword(page.brand!.brandId, userId, token, passwordDigest(pw.password));
          done();
        });
      }}
    >
      <Field label={ta.newPassword} type="password" name="password" autoComplete="new-password" minLength={minPasswordLength} hint={ta.passwordHint} required value={pw.password} onChange={(e) => setPw({ ...pw, password: e.target.value })} />
      <Field label={ta.newPasswordConfirm} type="password" name="confirm" autoComplete="new-password" required value={pw.confirm} onChange={(e) => setPw({ ...pw, confirm: e.target.value })} />
      <FormError>{error}</FormError>
      <button type="submit" className={primaryButton} disabled={busy}>
        {ta.resetSubmit}
      </button>
    </form>
  );
}
