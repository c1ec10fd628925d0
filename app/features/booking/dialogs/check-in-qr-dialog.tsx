// The member's check-in QR code (module QR_CHECK_IN): a signed, short-lived
// token a studio scanner reads, drawn as SVG by uqr (as the share QR is),
// with the member's barcode. It fetches a new token before the one shown
// expires, so the code on screen always checks in.
import { css } from '@emotion/css';
import { checkInQr } from '../api';
import { usePage } from '../../../lib/page-context';
import { RefreshedQr, qrHint, useRefreshedQr } from '../../../lib/refreshed-qr';
import type { DialogProps } from '../../../lib/ui-state';
import { dialogs as t } from '../../../strings/zh-hant-booking';
import { Dialog } from '../../../ui/dialog';

const barcode = css`
  text-align: center;
  font: 700 22px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace;
  letter-spacing: .12em;
  margin: 4px 0 12px;
`;

export default function CheckInQrDialog({ args, onClose }: DialogProps<'checkInQr'>) {
  const brandId = usePage().brand!.brandId;
  // what the page had may be old by now: fetched at once unless it is fresh
  const { qr, error } = useRefreshedQr(() => checkInQr(brandId), brandId, t.qrFailed, args.initial);
  return (
    <Dialog title={t.qrTitle} onClose={onClose} testId="check-in-qr-dialog">
      <RefreshedQr qr={qr} error={error} label={t.qrTitle}>
        <p className={qrHint}>{t.qrBody}</p>
        <p className={qrHint}>{t.qrBarcode}</p>
        <p className={barcode} data-testid="member-barcode">
          {qr?.barcode}
        </p>
      </RefreshedQr>
    </Dialog>
  );
}
