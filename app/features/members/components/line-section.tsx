// The member centre's LINE 帳號 (only where the brand has a LINE Login
// channel): link LINE after confirming the password (off to LINE, back
// with ?line=linked), or unlink it, which the server allows only while the
// account has a password to log in with.
import { useEffect, useState } from 'react';
import { css } from '@emotion/css';
import type { LineStatus } from '../../../contract/props';
import { ApiError, errorText } from '../../../lib/api';
import { clientOnly, usePage } from '../../../lib/page-context';
import { useUi } from '../../../lib/ui-state';
import { wayBack } from '../../../lib/navigation';
import { auth as ta, line as t } from '../../../strings/zh-hant-members';
import { card } from '../../../ui/card';
import { Field, FormError, formStyle } from '../../../ui/form-fields';
import { secondaryButton } from '../../../ui/button';
import { sectionTitle } from '../../../ui/section-title';
import { colour } from '../../../ui/theme';
import { passwordDigest } from '../password';
import { lineLink, lineStatus, lineUnlink } from '../api';
import { NotifyChoices } from './notify-choices';

const section = css`
  margin-bottom: 24px;
  p { margin: 0 0 12px; font-size: 14px; line-height: 1.6; color: ${colour.muted}; }
`;

export const LineSection = clientOnly(function LineSection() {
  const page = usePage();
  const ui = useUi();
  const brandId = page.brand!.brandId;
  const [status, setStatus] = useState<LineStatus | null>(null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    lineStatus(brandId).then(setStatus, () => setStatus(null));
  }, [brandId]);
  if (!status?.available) return null;
  const link = async () => {
    setProblem('');
    setFormError('');
    if (!password) return setProblem(ta.fieldRequired(ta.password));
    setBusy(true);
    try {
      await lineLink(brandId, passwordDigest(password), wayBack(window.location.pathname, page.basePath) || '/user');
    } catch (e) {
      if (e instanceof ApiError && e.field === 'password') setProblem(errorText(e));
      else setFormError(errorText(e));
      setBusy(false);
    }
  };
  const unlink = async () => {
    setBusy(true);
    setFormError('');
    try {
      await lineUnlink(brandId);
      setStatus({ ...status, linked: false });
      ui.notify(t.unlinked);
    } catch (e) {
      setFormError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`${card} ${section}`} aria-labelledby="line-title" data-testid="line-section">
      <h3 id="line-title" className={sectionTitle}>{t.section}</h3>
      {status.linked ? (
        <>
          <p>{t.linkedNow}</p>
          <NotifyChoices brandId={brandId} />
          {status.hasPassword ? null : <p>{t.noPassword}</p>}
          <FormError>{formError}</FormError>
          <button type="button" className={secondaryButton} disabled={busy || !status.hasPassword} onClick={unlink}>
            {t.unlinkSubmit}
          </button>
        </>
      ) : (
        <form className={formStyle} noValidate onSubmit={(e) => (e.preventDefault(), link())}>
          <p>{t.notLinked}</p>
          <Field label={ta.password} type="password" name="line-password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} error={problem} />
          <FormError>{formError}</FormError>
          <button type="submit" className={secondaryButton} disabled={busy}>
            {t.linkSubmit}
          </button>
        </form>
      )}
    </section>
  );
});
