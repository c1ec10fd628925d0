// Small badges of the accepted payment methods (footer).
import { css } from '@emotion/css';
import { linePayBadge } from '../../../contract/generated/shared';

const badge = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  height: 26px;
  min-width: 44px;
  padding: 0 8px;
  border-radius: 5px;
  background: #fff;
  border: 1px solid #d9dee5;
  font: 800 12px/1 system-ui, sans-serif;
  letter-spacing: .02em;
`;
const visa = css`color: #1a1f71; font-style: italic;`;
const jcb = css`color: #0b4ea2;`;
const line = css`color: ${linePayBadge.text}; background: ${linePayBadge.background}; border-color: ${linePayBadge.background};`;

function Mastercard() {
  return (
    <span className={badge} aria-label="Mastercard" role="img">
      <svg width="30" height="18" viewBox="0 0 30 18" aria-hidden="true">
        <circle cx="11" cy="9" r="8" fill="#eb001b" />
        <circle cx="19" cy="9" r="8" fill="#f79e1b" fillOpacity=".9" />
      </svg>
    </span>
  );
}

export function PaymentLogos({ linePay }: { linePay: boolean }) {
  return (
    <>
      <span className={`${badge} ${visa}`} role="img" aria-label="Visa">VISA</span>
      <Mastercard />
      <span className={`${badge} ${jcb}`} role="img" aria-label="JCB">JCB</span>
      {linePay ? (
        <span className={`${badge} ${line}`} role="img" aria-label="LINE Pay" data-testid="linepay-logo">
          LINE Pay
        </span>
      ) : null}
    </>
  );
}
