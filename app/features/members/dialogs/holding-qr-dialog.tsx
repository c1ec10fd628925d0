// The QR code of a quantity passcard (module QUANTITY_PASSCARD_QR) or of
// the timing card (module TIMING_CARD_QR): a signed, short-lived token the
// studio's scanner reads, drawn as SVG by uqr as the check-in QR is, and
// fetched anew before it expires.
import { useEffect, useState } from 'react';
import { renderSVG } from 'uqr';
import { css } from '@emotion/css';
import type { HoldingQR } from '../../../contract/props';
import type { DialogProps } from '../../../lib/ui-state';
import { holdingQr } from '../api';
import { qrRefreshDelay } from '../../../lib/qr-refresh';
import { errorText } from '../../../lib/api';
import { usePage } from '../../../lib/page-context';
import { common } from '../../../strings/zh-hant';
import { member as t } from '../../../strings/zh-hant-members';
import { Dialog } from '../../../ui/dialog';
import { FormError } from '../../../ui/form-fields';
import { colour } from '../../../ui/theme';

const code = css`
  width: min(280px, 100%);
  margin: 0 auto 12px;
  svg { width: 100%; height: auto; display: block; }
`;
const hint = css`text-align: center; color: ${colour.muted}; font-size: 14px;`;

export default function HoldingQrDialog({ args, onClose }: DialogProps<'holdingQr'>) {
  const brandId = usePage().brand!.brandId;
  const { kind, holdingId, name } = args;
  const [qr, setQr] = useState<HoldingQR | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    const id = setTimeout(
      () =>
        holdingQr(brandId, kind, holdingId).then(
          (q) => live && (setQr(q), setError('')),
          (e) => live && setError(errorText(e) || t.holdingQr.failed),
        ),
      qr ? qrRefreshDelay(qr.expiresAt, Date.now()) : 0,
    );
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, [brandId, kind, holdingId, qr]);
  return (
    <Dialog title={t.holdingQr.title(name)} onClose={onClose} testId="holding-qr-dialog">
      {qr ? (
        <>
          <div className={code} role="img" aria-label={t.holdingQr.title(name)} data-token={qr.token} dangerouslySetInnerHTML={{ __html: renderSVG(qr.token, { border: 2 }) }} />
          <p className={hint}>{t.holdingQr.body}</p>
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
