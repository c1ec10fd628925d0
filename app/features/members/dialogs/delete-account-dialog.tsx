// Delete the account (member centre): what is erased, what the law has the
// studio keep and for how long; the password confirms. Once deleted, every
// session has ended: the dialog says so and leads home.
import { useState } from 'react';
import { css } from '@emotion/css';
import { deleteAccount } from '../api';
import { passwordDigest } from '../password';
import { brandPath, usePage } from '../../../lib/page-context';
import { useUi } from '../../../lib/ui-state';
import { deleteAccount as t } from '../../../strings/zh-hant-members';
import { Dialog } from '../../../ui/dialog';
import { Field, formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton } from '../../../ui/button';
import { useSubmit } from '../../../lib/use-submit';
import { colour } from '../../../ui/theme';

const danger = css`
  background: ${colour.danger};
  border-color: ${colour.danger};
`;
const text = css`
  margin: 0;
  font-size: 15px;
  line-height: 1.6;
`;

export default function DeleteAccountDialog() {
  const page = usePage();
  const ui = useUi();
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error, run } = useSubmit();
  const home = () => window.location.assign(brandPath(page, ''));
  if (done) {
    return (
      <Dialog title={t.title} onClose={home} testId="delete-account-dialog">
        <p className={text} role="status">{t.done}</p>
        <button type="button" className={primaryButton} onClick={home}>
          {t.home}
        </button>
      </Dialog>
    );
  }
  const submit = () =>
    run(async () => {
      await deleteAccount({ brandId: page.brand!.brandId, password: passwordDigest(password) });
      setDone(true);
    });
  return (
    <Dialog title={t.title} onClose={ui.close} testId="delete-account-dialog">
      <form className={formStyle} onSubmit={(e) => (e.preventDefault(), submit())}>
        <p className={text}>{t.deleted}</p>
        <p className={text}>{t.kept}</p>
        <p className={text}>{t.phone}</p>
        <Field label={t.password} type="password" name="password" autoComplete="current-password" required value={password} error={error || undefined} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit" className={`${primaryButton} ${danger}`} disabled={busy}>
          {t.confirm}
        </button>
        <button type="button" className={secondaryButton} onClick={ui.close}>
          {t.keep}
        </button>
      </form>
    </Dialog>
  );
}
