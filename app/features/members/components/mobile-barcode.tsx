// The member's e-invoice mobile barcode (手機條碼), as the app supplies it
// (app bridge), drawn as the Code 39 barcode the shop's scanner reads. Shown
// only in the app's webview, after the app answered; the barcode library
// is fetched then, so no other visit downloads it.
import { useEffect, useRef } from 'react';
import { css } from '@emotion/css';
import { useNativeValues } from '../../../lib/use-native-values';
import { clientOnly } from '../../../lib/page-context';
import { isMobileBarcode } from '../../../lib/app-bridge';
import { card } from '../../../ui/card';
import { member as t } from '../../../strings/zh-hant-members';

const box = css`
  margin-bottom: 24px;
  text-align: center;
  svg { max-width: 100%; height: auto; }
`;

export const MobileBarcode = clientOnly(function MobileBarcode() {
  const code = useNativeValues()?.mobileBarcode ?? '';
  const svg = useRef<SVGSVGElement>(null);
  const ok = isMobileBarcode(code);
  useEffect(() => {
    if (!ok) return;
    let live = true;
    void import('jsbarcode').then(({ default: JsBarcode }) => {
      if (live && svg.current) JsBarcode(svg.current, code, { format: 'CODE39', displayValue: true, height: 60, margin: 8 });
    });
    return () => {
      live = false;
    };
  }, [code, ok]);
  if (!ok) return null;
  return (
    <section className={`${card} ${box}`} aria-label={t.mobileBarcode} data-testid="mobile-barcode">
      <h3>{t.mobileBarcode}</h3>
      <svg ref={svg} role="img" aria-label={code} data-code={code} />
    </section>
  );
});
