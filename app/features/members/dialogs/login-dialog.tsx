// Login: e-mail and password (sent as its MD5, spec section 5), or LINE
// where the brand has a LINE Login channel.
import { useState } from 'react';
import { login } from '../api';
import { passwordDigest } from '../password';
import { usePage } from '../../../lib/page-context';
import { useUi, type DialogProps } from '../../../lib/ui-state';
import { useNavigate } from '../../../lib/navigation';
import { account } from '../../../strings/zh-hant';
import { auth as t } from '../../../strings/zh-hant-members';
import { Dialog } from '../../../ui/dialog';
import { Field, FormError, formStyle, row } from '../../../ui/form-fields';
import { linkButton, primaryButton } from '../../../ui/button';
import { useRefresh, useSubmit } from '../../../lib/use-submit';
import { LineLoginButton } from '../components/line-login-button';

export default function LoginDialog({ args }: DialogProps<'login'>) {
  const page = usePage();
  const ui = useUi();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [email, setEmail] = useState(args.email ?? '');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useSubmit();
  const submit = () =>
    run(async () => {
      const res = await login({ brandId: page.brand!.brandId, email, password: passwordDigest(password) });
      ui.close();
      ui.notify(t.loginOk);
      if (args.next) navigate(args.next);
      else refresh();
      if (!res.user.emailVerified) ui.open('verifyAccount', { email: res.user.email });
    });
  return (
    <Dialog title={t.loginTitle} onClose={ui.close} testId="login-dialog">
      <form className={formStyle} onSubmit={(e) => (e.preventDefault(), submit())}>
        <Field label={t.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field label={t.password} type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <FormError>{error}</FormError>
        <button type="submit" className={primaryButton} disabled={busy}>
          {t.loginSubmit}
        </button>
        <div className={row}>
          <button type="button" className={linkButton} onClick={() => ui.open('forgotPassword', { email })}>
            {t.forgotLink}
          </button>
          <span>
            {t.noAccount}{' '}
            <button type="button" className={linkButton} onClick={() => ui.open('register', {})}>
              {account.register}
            </button>
          </span>
        </div>
        <LineLoginButton next={args.next} />
      </form>
    </Dialog>
  );
}
