// A modal dialog on the native <dialog> element: focus kept inside, Escape
// and a click on the backdrop close it. Default max width 700 px (spec
// section 9). Dialogs are loaded only when opened (see dialog-buttons).
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { css } from '@emotion/css';
import { dialogs as t } from '../strings/zh-hant';
import { colour, radius } from '../styles/theme';

const box = css`
  width: calc(100% - 32px);
  max-width: 700px;
  padding: 0;
  border: 0;
  border-radius: ${radius};
  box-shadow: 0 20px 50px rgba(15, 23, 42, .25);
  color: ${colour.text};
  &::backdrop { background: rgba(15, 23, 42, .45); }
`;
const inner = css`padding: 20px 20px 24px;`;
const head = css`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-bottom: 16px;
  h2 { font-size: 18px; flex: 1; }
  button { width: 36px; height: 36px; border: 0; border-radius: 50%; background: ${colour.page}; font-size: 20px; cursor: pointer; color: ${colour.muted}; }
`;

export function Dialog({ title, onClose, children, testId }: { title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const d = ref.current!;
    if (!d.open) d.showModal();
    return () => d.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={box}
      aria-labelledby={id}
      data-testid={testId}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose(); // the backdrop
      }}
    >
      <div className={inner}>
        <div className={head}>
          <h2 id={id}>{title}</h2>
          <button type="button" onClick={onClose} aria-label={t.close}>
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

/** A row of big actions in a dialog. */
export const actions = css`
  display: grid;
  gap: 10px;
  a, button {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 8px;
    min-height: 46px;
    padding: 10px 16px;
    border-radius: 10px;
    border: 1px solid ${colour.line};
    background: ${colour.surface};
    font-weight: 600;
    font-size: 15px;
    text-decoration: none;
    color: ${colour.text};
    cursor: pointer;
  }
  a:hover, button:hover { border-color: var(--brand); }
  small { display: block; font-weight: 400; color: ${colour.muted}; font-size: 12px; }
`;
