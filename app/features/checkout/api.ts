// The checkout's API calls (spec section 7), typed.
import { call } from '../../lib/api';
import type { ACHPaymentRequest, CheckoutRequest, EContractPage, MemberOrderPage, OrderResultData, PaymentAnswer, PrecheckAnswer, Refund, RefundOffer } from '../../contract/props';

const sale = (brandId: string, what: string) => `/api/brand/${encodeURIComponent(brandId)}/sale/${what}`;

/** Checks the order before any money moves; a refusal throws ApiError (see refusalOf). */
export function precheck(brandId: string, body: CheckoutRequest): Promise<PrecheckAnswer> {
  return call<PrecheckAnswer>(sale(brandId, 'precheck'), { body });
}

/** Creates the order; the buyer then goes to its paymentUrl (a full page load). */
export function startPayment(brandId: string, body: CheckoutRequest): Promise<PaymentAnswer> {
  return call<PaymentAnswer>(sale(brandId, 'payment'), { body });
}

/** The order and whether the provider has answered (polled while awaiting). */
export function paymentResult(orderNo: string): Promise<OrderResultData> {
  return call<OrderResultData>(`/api/v2/ec/payment/result/${encodeURIComponent(orderNo)}`);
}

/** Creates an ACH order with its debit authorisation; it then waits for the bank (go to its resultUrl). */
export function startACHPayment(brandId: string, body: ACHPaymentRequest): Promise<PaymentAnswer> {
  return call<PaymentAnswer>(sale(brandId, 'ach/payment'), { body });
}

/** The contract by id, or the one an item bought in a store needs (404 -55 when none). */
export function contractFor(brandId: string, q: { contractId?: number; itemId?: number; storeId?: number }): Promise<EContractPage> {
  return call<EContractPage>('/api/contract', { query: { brandId, ...q } });
}

/** What the member would get back for a paid order if they asked now. */
export function refundOffer(brandId: string, orderNumber: string): Promise<RefundOffer> {
  return call<RefundOffer>('/api/user/order/refund', { query: { brandId, orderNumber } });
}

/** The member asks for the order's refund (within seven days: refunded at once). */
export function requestRefund(brandId: string, orderNumber: string): Promise<Refund> {
  return call<Refund>('/api/user/order/refund', { body: { brandId, orderNumber } });
}

/** The member's next orders, older than the one numbered after (the member centre's 顯示更多). */
export function memberOrders(brandId: string, after: string): Promise<MemberOrderPage> {
  return call<MemberOrderPage>('/api/user/orders', { query: { brandId, after } });
}
