// Change password (logged in): the current password and a new one. Every
// other session of the member ends.
import { useState } from 'react';
import { changePassword } from '../api';
import { passwordDigest, minPasswordLength, newPasswordProblem } from '../password';
import { usePage } from '../../../lib/page-context';
import { useUi } from '../../../lib/ui-state';
import { auth as t } from '../../../strings/zh-hant-members';
import { Dialog } from '../../../ui/dialog';
import { Field, FormError, formStyle } from '../../../ui/form-fields';
import { primaryButton } from '../../../ui/button';
import { useSubmit } from '../../../lib/use-submit';

export default function ChangePasswordDialog() {
  const page = usePage();
  const ui = useUi();
  const [f, setF] = useState({ old: '', password: '', confirm: '' });
  const { busy, error, setError, run } = useSubmit();
  const submit = () => {
    const weak = newPasswordProblem(f.password, f.confirm);
    if (weak) return setError(weak);
    return run(async () => {
      await changePassword({ brandId: page.brand!.brandId, oldPassword: passwordDigest(f.old), newPassword: passwordDigest(f.password) });
      ui.close();
      ui.notify(t.passwordChanged);
    });
  };
  return (
    <Dialog title={t.changePasswordTitle} onClose={ui.close} testId="change-password-dialog">
      <form className={formStyle} onSubmit={(e) => (e.preventDefault(), submit())}>
        <Field label={t.oldPassword} type="password" name="oldPassword" autoComplete="current-password" required value={f.old} onChange={(e) => setF({ ...f, old: e.target.value })} />
        <Field label={t.newPassword} type="password" name="password" autoComplete="new-password" minLength={minPasswordLength} hint={t.passwordHint} required value={f.password} onChange={(e) => setF({ ...f, password: e.target.value })} />
        <Field label={t.newPasswordConfirm} type="password" name="confirm" autoComplete="new-password" required value={f.confirm} onChange={(e) => setF({ ...f, confirm: e.target.value })} />
        <FormError>{error}</FormError>
        <button type="submit" className={primaryButton} disabled={busy}>
          {t.save}
        </button>
      </form>
    </Dialog>
  );
}
