// The card change calls of a monthly card payment (spec section 7), typed.
import { call } from '../../lib/api';
import type { CardChangeAnswer } from '../../contract/props';

/**
 * Starts changing the card of the member's recurring order: the member
 * then goes to its paymentUrl (a full page load to NewebPay). failed: the
 * changeFailCard flow (re-charges the declined period; refused when none).
 */
export function startCardChange(brandId: string, orderNo: string, failed: boolean): Promise<CardChangeAnswer> {
  if (failed) return call<CardChangeAnswer>('/api/brand/installment/changeCard', { body: { brandId, orderNo } });
  return call<CardChangeAnswer>(`/api/brand/${encodeURIComponent(brandId)}/pay/neweb/change/card/authorize`, { body: { orderNo } });
}
