// Conflict check (spec section 2): the member already has a booking at the
// time they are booking; choose again, or book anyway.
import { css } from '@emotion/css';
import type { DialogProps } from '../../../lib/ui-state';
import { bookingWhen } from '../rules';
import { dialogs as t } from '../../../strings/zh-hant-booking';
import { Dialog } from '../../../ui/dialog';
import { formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton } from '../../../ui/button';
import { colour } from '../../../ui/theme';

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  li { padding: 10px 12px; border: 1px solid ${colour.line}; border-radius: 10px; font-size: 14px; }
  b { display: block; font-size: 15px; }
  span { color: ${colour.muted}; }
`;

export default function ConflictDialog({ args, onClose }: DialogProps<'conflict'>) {
  return (
    <Dialog title={t.conflictTitle} onClose={onClose} testId="conflict-dialog">
      <div className={formStyle}>
        <p>{t.conflictBody}</p>
        <ul className={list}>
          {args.conflicts.map((b) => (
            <li key={b.id}>
              <b>{b.courseName}</b>
              <span>
                {bookingWhen(b)}・{b.storeName}
              </span>
            </li>
          ))}
        </ul>
        <p>{t.conflictQuestion}</p>
        <button
          type="button"
          className={primaryButton}
          onClick={() => {
            onClose();
            args.onContinue();
          }}
        >
          {t.conflictContinue}
        </button>
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t.conflictBack}
        </button>
      </div>
    </Dialog>
  );
}
