// Checkout confirm (spec section 2): the order as it will be paid, then
// on to the payment page.
import { css } from '@emotion/css';
import { confirm as t } from '../../../strings/zh-hant-checkout';
import { Dialog } from '../../../ui/dialog';
import { FormError, formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton } from '../../../ui/button';
import { factList } from '../../../ui/card';

const totalStyle = css`dd strong { font-size: 20px; color: var(--brand); }`;
const actions = css`
  display: flex;
  flex-wrap: wrap-reverse;
  gap: 10px;
  & > * { flex: 1 1 160px; }
`;

/** rows: [label, value] of the order; total: its formatted amount. */
export default function CheckoutConfirmDialog({ rows, total, busy, error, onConfirm, onClose }: {
  rows: [string, string][];
  total: string;
  busy: boolean;
  error: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={t.title} onClose={onClose} testId="checkout-confirm-dialog">
      <div className={formStyle}>
        <p>{t.body}</p>
        <dl className={`${factList} ${totalStyle}`}>
          {rows.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
          <dt>{t.total}</dt>
          <dd>
            <strong data-testid="confirm-total">{total}</strong>
          </dd>
        </dl>
        <FormError>{error}</FormError>
        <div className={actions}>
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t.cancel}
          </button>
          <button type="button" className={primaryButton} aria-busy={busy} onClick={onConfirm}>
            {t.ok}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
