// 以 LINE 登入 in the login and register dialogs: shown only when the
// brand has a LINE Login channel (asked once the dialog opens). LINE's
// green with dark text (9:1 contrast; white on that green is under 3:1).
import { useEffect, useState } from 'react';
import { css } from '@emotion/css';
import { errorText } from '../../../lib/api';
import { usePage } from '../../../lib/page-context';
import { wayBack } from '../../../lib/navigation';
import { line as t } from '../../../strings/zh-hant-members';
import { FormError } from '../../../ui/form-fields';
import { colour } from '../../../ui/theme';
import { lineLogin, lineStatus } from '../api';

const lineButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  min-height: 46px;
  border: 0;
  border-radius: 999px;
  background: #06c755;
  color: #000;
  font-size: 16px;
  font-weight: 700;
  cursor: pointer;
  &:hover { background: #05b34c; }
  &:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
  &:disabled { opacity: .6; cursor: progress; }
`;
const divider = css`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${colour.muted};
  font-size: 14px;
  &::before, &::after { content: ''; flex: 1; border-top: 1px solid ${colour.line}; }
`;

/** next: the page to come back to (a path on this site, its base path included); default the page it is on. */
export function LineLoginButton({ next }: { next?: string }) {
  const page = usePage();
  const brandId = page.brand!.brandId;
  const [available, setAvailable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    lineStatus(brandId)
      .then((s) => live && setAvailable(s.available))
      .catch(() => undefined); // no LINE button: the password login stays
    return () => {
      live = false;
    };
  }, [brandId]);
  if (!available) return null;
  const go = async () => {
    setBusy(true);
    setError('');
    try {
      const back = wayBack(next ?? window.location.pathname + window.location.search, page.basePath);
      await lineLogin(brandId, back);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return (
    <>
      <div className={divider}>{t.or}</div>
      <button type="button" className={lineButton} disabled={busy} onClick={go} data-testid="line-login">
        {t.loginWith}
      </button>
      <FormError>{error}</FormError>
    </>
  );
}
