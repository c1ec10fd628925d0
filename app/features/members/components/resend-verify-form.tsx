// Asks for the verification mail again, to the address typed (a mailed
// link that failed).
import { useState } from 'react';
import { usePage } from '../../../lib/page-context';
import { useUi } from '../../../lib/ui-state';
import { useSubmit } from '../../../lib/use-submit';
import { Field, FormError, formStyle } from '../../../ui/form-fields';
import { primaryButton } from '../../../ui/button';
import { auth as ta, verifyEmail as t } from '../../../strings/zh-hant-members';
import { resendVerifyEmail } from '../api';

export function ResendVerifyForm() {
  const page = usePage();
  const ui = useUi();
  const [email, setEmail] = useState('');
  const { busy, error, run } = useSubmit();
  return (
    <form
      className={formStyle}
      onSubmit={(e) => {
        e.preventDefault();
        run(async () => {
          await resendVerifyEmail(page.brand!.brandId, email);
          ui.notify(ta.verificationSent);
        });
      }}
    >
      <strong>{t.resendTitle}</strong>
      <p style={{ margin: 0 }}>{t.resendBody}</p>
      <Field label={ta.email} type="email" name="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <FormError>{error}</FormError>
      <button type="submit" className={primaryButton} disabled={busy}>
        {ta.resendMail}
      </button>
    </form>
  );
}
