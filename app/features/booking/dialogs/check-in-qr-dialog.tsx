// The member's check-in QR code (module QR_CHECK_IN): a signed, short-lived
// token a studio scanner reads, drawn as SVG by uqr (as the share QR is),
// with the member's barcode. It fetches a new token before the one shown
// expires, so the code on screen always checks in.
import { useEffect, useState } from 'react';
import { renderSVG } from 'uqr';
import { css } from '@emotion/css';
import type { CheckInQR } from '../../../contract/props';
import { checkInQr } from '../api';
import { qrRefreshDelay } from '../../../lib/qr-refresh';
import { errorText } from '../../../lib/api';
import { usePage } from '../../../lib/page-context';
import { common } from '../../../strings/zh-hant';
import { dialogs as t } from '../../../strings/zh-hant-booking';
import { Dialog } from '../../../ui/dialog';
import { FormError } from '../../../ui/form-fields';
import { colour } from '../../../ui/theme';
import type { DialogProps } from '../../../lib/ui-state';

const code = css`
  width: min(280px, 100%);
  margin: 0 auto 12px;
  svg { width: 100%; height: auto; display: block; }
`;
const hint = css`text-align: center; color: ${colour.muted}; font-size: 14px;`;
const barcode = css`
  text-align: center;
  font: 700 22px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace;
  letter-spacing: .12em;
  margin: 4px 0 12px;
`;

export default function CheckInQrDialog({ args, onClose }: DialogProps<'checkInQr'>) {
  const brandId = usePage().brand!.brandId;
  const [qr, setQr] = useState<CheckInQR | null>(args.initial);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    const fetchNew = () =>
      checkInQr(brandId).then(
        (q) => live && (setQr(q), setError('')),
        (e) => live && setError(errorText(e) || t.qrFailed),
      );
    // what the page had may be old by now: fetch at once unless it is fresh
    const id = setTimeout(fetchNew, qr ? qrRefreshDelay(qr.expiresAt, Date.now()) : 0);
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, [brandId, qr]);
  return (
    <Dialog title={t.qrTitle} onClose={onClose} testId="check-in-qr-dialog">
      {qr ? (
        <>
          <div className={code} role="img" aria-label={t.qrTitle} data-token={qr.token} dangerouslySetInnerHTML={{ __html: renderSVG(qr.token, { border: 2 }) }} />
          <p className={hint}>{t.qrBody}</p>
          <p className={hint}>{t.qrBarcode}</p>
          <p className={barcode} data-testid="member-barcode">
            {qr.barcode}
          </p>
        </>
      ) : error ? null : (
        <p className={hint} role="status">
          {common.loading}
        </p>
      )}
      <FormError>{error}</FormError>
    </Dialog>
  );
}
