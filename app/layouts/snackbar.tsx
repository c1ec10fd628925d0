// The global snackbar: one message at the bottom of the screen, gone after
// its timeout (default 3000 ms) or on close.
import { useEffect } from 'react';
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
  useEffect(() => {
    if (!snackbar) return;
    const id = setTimeout(hideSnackbar, snackbar.timeout);
    return () => clearTimeout(id);
  }, [snackbar, hideSnackbar]);
  if (!snackbar) return null;
  return (
    <div className={`${bar} ${tone[snackbar.type]}`} role={snackbar.type === 'error' ? 'alert' : 'status'} data-testid="snackbar">
      <span>{snackbar.message}</span>
      <button type="button" onClick={hideSnackbar} aria-label={t.close}>
        ×
      </button>
    </div>
  );
}
