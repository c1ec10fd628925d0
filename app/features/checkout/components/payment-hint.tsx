// The payment warning hint (spec section 2's style hints): what to do and
// not do while paying, beside the pay button.
import { css } from '@emotion/css';
import { checkout as t } from '../../../strings/zh-hant-checkout';
import { radius } from '../../../ui/theme';

const box = css`
  padding: 12px 16px;
  border-radius: ${radius};
  background: #fffbea;
  border: 1px solid #f0d98c;
  color: #6b4e00;
  font-size: 14px;
  h3 { font-size: 15px; margin: 0 0 4px; }
  ul { margin: 0; padding-left: 20px; }
`;

export function PaymentHint() {
  return (
    <section className={box} aria-labelledby="payment-hint" data-testid="payment-hint">
      <h3 id="payment-hint">{t.warningTitle}</h3>
      <ul>
        {t.warning.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </section>
  );
}
