// A paid order's refund (member centre): the server says what the rules
// offer now (everything within the seven-day cooling-off, else the
// termination formula and the most the studio may keep), the dialog
// explains the rule, and the member confirms. A cooling-off refund is made
// at once; a termination waits for the studio's approval. Of a recurring
// plan (定期定額) it says that the request ends the plan's charges; of an
// ACH or Chailease order, that the studio refunds it (by bank transfer,
// by cancelling the instalment contract) once it approves.
import { useEffect, useState } from 'react';
import type { RefundOffer } from '../../../contract/props';
import { refundOffer, requestRefund } from '../api';
import { errorText } from '../../../lib/api';
import { price } from '../../../lib/format';
import { usePage } from '../../../lib/page-context';
import { useUi, type DialogProps } from '../../../lib/ui-state';
import { useRefresh, useSubmit } from '../../../lib/use-submit';
import { common } from '../../../strings/zh-hant';
import { refund as t } from '../../../strings/zh-hant-checkout';
import { Dialog } from '../../../ui/dialog';
import { FormError, formStyle } from '../../../ui/form-fields';
import { primaryButton, secondaryButton } from '../../../ui/button';

export default function RefundDialog({ args, onClose }: DialogProps<'refundOrder'>) {
  const page = usePage();
  const ui = useUi();
  const refresh = useRefresh();
  const brandId = page.brand!.brandId;
  const [offer, setOffer] = useState<RefundOffer | null>(null);
  const { busy, error, setError, run } = useSubmit();
  useEffect(() => {
    let live = true;
    refundOffer(brandId, args.orderNo).then(
      (o) => live && setOffer(o),
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [brandId, args.orderNo, setError]);
  const confirm = () =>
    run(async () => {
      const r = await requestRefund(brandId, args.orderNo);
      onClose();
      ui.notify(r.state === 'refunded' ? t.refunded(price(r.amount)) : t.requested);
      await refresh();
    });
  return (
    <Dialog title={t.title} onClose={onClose} testId="refund-dialog">
      <div className={formStyle}>
        <p style={{ color: 'inherit', fontSize: 15 }}>{args.item}</p>
        {offer ? (
          <>
            <p data-testid="refund-amount">
              <strong>{t.amount(price(offer.amount))}</strong>
              {offer.maxFee > 0 ? `（${t.maxFee(price(offer.maxFee))}）` : null}
            </p>
            <p>{offer.kind === 'termination' ? t.termination : offer.by === 'provider' ? t.coolingOff : t.coolingOffByStudio}</p>
            <p>{t.revoke}</p>
            {offer.endsPlan ? <p data-testid="refund-ends-plan">{t.endsPlan}</p> : null}
            {offer.by !== 'provider' ? <p data-testid="refund-by-studio">{t.by[offer.by]}</p> : null}
          </>
        ) : error ? null : (
          <p role="status">{common.loading}</p>
        )}
        <FormError>{error}</FormError>
        <button type="button" className={primaryButton} disabled={busy || !offer} onClick={confirm} data-testid="refund-confirm">
          {t.confirm}
        </button>
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t.keep}
        </button>
      </div>
    </Dialog>
  );
}
