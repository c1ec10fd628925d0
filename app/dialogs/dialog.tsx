// The dialog frame every dialog uses: a modal over a dimmed page, a title,
// a close button, Escape to close. Default max width 700 px (spec section 9).
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { css } from '@emotion/css';
import { common } from '../strings/zh-hant';
import { colour, up } from '../styles/theme';

const overlay = css`
  position: fixed;
  inset: 0;
  z-index: 100;
  background: rgba(15, 23, 42, .45);
  display: flex;
  align-items: flex-end;
  justify-content: center;
  ${up(600)} { align-items: center; padding: 24px; }
`;
const panel = css`
  position: relative;
  width: 100%;
  max-height: 92vh;
  overflow-y: auto;
  background: ${colour.surface};
  border-radius: 16px 16px 0 0;
  padding: 24px 20px 20px;
  box-shadow: 0 20px 50px rgba(15, 23, 42, .3);
  ${up(600)} { border-radius: 16px; padding: 28px 28px 24px; }
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
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const prev = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input, select, textarea, button:not([data-close])');
    first?.focus();
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', key);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', key);
      document.body.style.overflow = overflow;
      prev?.focus?.();
    };
  }, []);
  return (
    <div className={overlay} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className={panel} ref={ref} role="dialog" aria-modal="true" aria-labelledby={id} style={{ maxWidth: width }} data-testid={testId}>
        <h2 id={id}>{title}</h2>
        <button type="button" className={closeBtn} onClick={onClose} aria-label={common.close} data-close>
          ×
        </button>
        {children}
      </div>
    </div>
  );
}
