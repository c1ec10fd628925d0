// The one dialog frame every dialog uses, on the native <dialog> element:
// the browser keeps focus inside and closes it on Escape; when it closes
// (or another dialog replaces it) focus goes back to the control that
// opened it. A click on the backdrop closes it too, and the page behind
// does not scroll. A bottom sheet on phones, centred from 600 px. Default
// max width 700 px (spec section 9). Dialogs load only when opened, and
// render only in the browser (into the DialogLayer).
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { layerId } from './dialog-layer';
import { css } from '@emotion/css';
import { common } from '../strings/zh-hant';
import { colour, up } from './theme';

const box = css`
  width: 100%;
  max-height: 92vh;
  margin: auto auto 0;
  padding: 24px 20px 20px;
  border: 0;
  border-radius: 16px 16px 0 0;
  background: ${colour.surface};
  color: ${colour.text};
  box-shadow: 0 20px 50px rgba(15, 23, 42, .3);
  overflow-y: auto;
  &::backdrop { background: rgba(15, 23, 42, .45); }
  ${up(600)} { width: calc(100% - 48px); margin: auto; border-radius: 16px; padding: 28px 28px 24px; }
  h2 { font-size: 20px; margin: 0 32px 12px 0; }
`;
const closeBtn = css`
  position: absolute;
  top: 14px;
  right: 14px;
  width: 36px;
  height: 36px;
  border: 0;
  border-radius: 50%;
  background: none;
  color: ${colour.muted};
  font-size: 24px;
  line-height: 1;
  cursor: pointer;
  &:hover { background: ${colour.page}; }
`;

/** Default dialog max width (px). */
export const dialogMaxWidth = 700;

export function Dialog({ title, onClose, width = dialogMaxWidth, children, testId }: {
  title: string;
  onClose: () => void;
  width?: number;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current!;
    // the opener: a dialog replacing another finds focus already given back
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!d.open) d.showModal();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      d.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  // on the dialog layer, so that no page style around the opener reaches the frame
  return createPortal(
    <dialog
      ref={ref}
      className={box}
      style={{ maxWidth: width }}
      aria-labelledby={id}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault(); // Escape: let the owner unmount it
        e.stopPropagation(); // a dialog opened over another (the terms over register) closes alone
        onClose();
      }}
      onMouseDown={(e) => e.target === ref.current && onClose()} // the backdrop
    >
      <h2 id={id}>{title}</h2>
      <button type="button" className={closeBtn} onClick={onClose} aria-label={common.close} data-close>
        ×
      </button>
      {children}
    </dialog>,
    document.getElementById(layerId) ?? document.body,
  );
}
