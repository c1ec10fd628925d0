// The global snackbar: one message at the bottom of the screen, gone after
// its timeout (default 3000 ms) or on close. It shows inside two live
// regions that are always in the page (polite for news, assertive for
// errors) from hydration on, so screen readers announce each message: a
// region that appears together with its text is often not read.
import { useEffect, useState } from 'react';
import { css } from '@emotion/css';
import { useUi } from '../lib/ui-state';
import { snackbar as t } from '../strings/zh-hant';
import { colour } from '../ui/theme';

const bar = css`
  position: fixed;
  left: 50%;
  bottom: 24px;
  transform: translateX(-50%);
  z-index: 200;
  display: flex;
  align-items: center;
  gap: 12px;
  max-width: calc(100vw - 32px);
  min-width: 240px;
  padding: 12px 12px 12px 18px;
  border-radius: 10px;
  color: #fff;
  font-size: 15px;
  box-shadow: 0 6px 20px rgba(15, 23, 42, .25);
  button { margin-left: auto; border: 0; background: none; color: inherit; font-size: 20px; line-height: 1; cursor: pointer; padding: 2px 6px; }
`;
const tone = {
  success: css`background: #2f855a;`,
  error: css`background: ${colour.danger};`,
  info: css`background: #334e68;`,
};

export function Snackbar() {
  const { snackbar, hideSnackbar } = useUi();
  // in the browser only (no message is set before hydration): the server's pages stay as they were
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  useEffect(() => {
    if (!snackbar) return;
    const id = setTimeout(hideSnackbar, snackbar.timeout);
    return () => clearTimeout(id);
  }, [snackbar, hideSnackbar]);
  const shown = (error: boolean) =>
    snackbar && (snackbar.type === 'error') === error ? (
      <div className={`${bar} ${tone[snackbar.type]}`} data-testid="snackbar">
        <span>{snackbar.message}</span>
        <button type="button" onClick={hideSnackbar} aria-label={t.close}>
          ×
        </button>
      </div>
    ) : null;
  if (!live) return null;
  return (
    <>
      <div role="status" data-testid="snackbar-status">
        {shown(false)}
      </div>
      <div role="alert" data-testid="snackbar-alert">
        {shown(true)}
      </div>
    </>
  );
}
