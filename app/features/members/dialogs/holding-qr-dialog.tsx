// The QR code of a quantity passcard (module QUANTITY_PASSCARD_QR) or of
// the timing card (module TIMING_CARD_QR): a signed, short-lived token the
// studio's scanner reads, drawn as SVG by uqr as the check-in QR is, and
// fetched anew before it expires.
import type { DialogProps } from '../../../lib/ui-state';
import { holdingQr } from '../api';
import { usePage } from '../../../lib/page-context';
import { RefreshedQr, qrHint, useRefreshedQr } from '../../../lib/refreshed-qr';
import { member as t } from '../../../strings/zh-hant-members';
import { Dialog } from '../../../ui/dialog';

export default function HoldingQrDialog({ args, onClose }: DialogProps<'holdingQr'>) {
  const brandId = usePage().brand!.brandId;
  const { kind, holdingId, name } = args;
  const { qr, error } = useRefreshedQr(() => holdingQr(brandId, kind, holdingId), `${brandId}/${kind}/${holdingId}`, t.holdingQr.failed);
  return (
    <Dialog title={t.holdingQr.title(name)} onClose={onClose} testId="holding-qr-dialog">
      <RefreshedQr qr={qr} error={error} label={t.holdingQr.title(name)}>
        <p className={qrHint}>{t.holdingQr.body}</p>
      </RefreshedQr>
    </Dialog>
  );
}
