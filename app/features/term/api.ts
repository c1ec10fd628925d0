// The term-schedule and overdue counting-passcard calls (spec section 7), typed.
import { call, ApiError } from '../../lib/api';
import type { CheckoutRequest, PaymentAnswer, PrecheckAnswer, TermCheckAnswer } from '../../contract/props';

const termBase = (brandId: string) => `/api/brand/${encodeURIComponent(brandId)}/termSchedule`;

/** The trial check of a term for the logged-in member's own account. */
export function checkTrial(brandId: string, termScheduleId: number, account: string): Promise<TermCheckAnswer> {
  return call<TermCheckAnswer>(`${termBase(brandId)}/${termScheduleId}/check/trial/${encodeURIComponent(account)}`);
}

/** The account check action (trial, purchase, interim) on a class. */
export function checkClass(brandId: string, scheduleId: number, action: string, account: string): Promise<TermCheckAnswer> {
  return call<TermCheckAnswer>(`${termBase(brandId)}/${scheduleId}/check/${encodeURIComponent(action)}/${encodeURIComponent(account)}`);
}

/** What a term purchase answers: the payment, or on failure the whole response (spec section 7). */
export type TermSale = { ok: true; answer: PaymentAnswer } | { ok: false; errorCode: number; message: string; status: number };

/** Buys the class (or its trial); a refusal comes back whole, not thrown. */
export async function buyTerm(brandId: string, termScheduleId: number, scheduleId: number, body: Partial<CheckoutRequest>): Promise<TermSale> {
  try {
    const answer = await call<PaymentAnswer>(`${termBase(brandId)}/${termScheduleId}/${scheduleId}/sale/payment`, { body });
    return { ok: true, answer };
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, errorCode: e.code, message: e.message, status: e.status };
    throw e;
  }
}

/** The precheck of paying a card's debt (its amount computed on the server). */
export function verifyOverdue(body: CheckoutRequest & { brandId: string }): Promise<PrecheckAnswer> {
  return call<PrecheckAnswer>('/api/user/counting-passcard/overdue-purchase-verify', { body });
}
