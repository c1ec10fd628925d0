// Footer (spec section 1): copyright with the year and brand, terms and
// privacy links; for brands on the ticket payment service (isNewposStore)
// the payment-method logos, LINE Pay when a store has it, and the refund
// policy link; when the brand has an app, 下載 App (the download-app
// dialog).
import { css } from '@emotion/css';
import { usePage } from '../../../lib/page-context';
import { links } from '../../../lib/links';
import { useUi } from '../../../lib/ui-state';
import { downloadApp, layout as t } from '../../../strings/zh-hant';
import { contentMaxWidth } from '../../../ui/theme';
import { PaymentLogos } from './payment-logos';

const foot = css`
  margin-top: 48px;
  background: #1f2933;
  color: #cbd2d9;
  font-size: 14px;
`;
const inner = css`
  max-width: ${contentMaxWidth}px;
  margin: 0 auto;
  padding: 28px 16px 36px;
  display: grid;
  gap: 14px;
`;
const row = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 18px;
  a, button { color: #e4e7eb; text-decoration: none; }
  button { border: 0; background: none; padding: 0; font: inherit; cursor: pointer; }
  a:hover, button:hover { text-decoration: underline; }
`;
const pays = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;
const small = css`font-size: 13px;`;

export function Footer() {
  const page = usePage();
  const ui = useUi();
  const s = page.brand?.settings;
  if (!s) return null;
  const app = !page.webview && (s.brandPromoteInfo.iosAppLink !== '' || s.brandPromoteInfo.androidAppLink !== '');
  const linePay = s.storeInfoList.some((st) => st.storeHasLinePay);
  return (
    <footer className={foot}>
      <div className={inner}>
        <nav className={row} aria-label={t.footerTerms}>
          <a href={links.termsOfService} target="_blank" rel="noopener">{t.footerTerms}</a>
          <a href={links.privacyPolicy} target="_blank" rel="noopener">{t.footerPrivacy}</a>
          {s.isNewposStore ? (
            <a href={links.refundPolicy} target="_blank" rel="noopener">{t.footerRefund}</a>
          ) : null}
          {app ? (
            <button type="button" aria-haspopup="dialog" data-testid="download-app-button" onClick={() => ui.open('downloadApp', {})}>
              {downloadApp.open}
            </button>
          ) : null}
        </nav>
        {s.isNewposStore ? (
          <div className={pays} role="group" aria-label={t.footerPayments} data-testid="payment-logos">
            <span className={small}>{t.footerPayments}</span>
            <PaymentLogos linePay={linePay} />
          </div>
        ) : null}
        <p className={small}>{t.copyright(page.year, s.brandName)}</p>
      </div>
    </footer>
  );
}
