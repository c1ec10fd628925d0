// The booking calls (spec section 7), typed, through the app's
// one API client: a failure throws ApiError with the catalogue's code and
// message.
import { bytesToHex, randomBytes } from '@noble/hashes/utils.js';
import { call } from '../../lib/api';
import type {
  BookingAnswer,
  BookingCheck,
  CancelAnswer,
  CancelLink,
  CancelVerify,
  CheckInAnswer,
  CheckInQR,
  OrderResultData,
  PaymentChoice,
  PaymentInfo,
  ScheduleSeat,
  SessionOffers,
  WaitingPosition,
} from '../../contract/props';

/** The coming sessions of a course with their live seats (and, for a member, their own state). */
export function scheduleSeats(brandId: string, courseId: number): Promise<ScheduleSeat[]> {
  return call<ScheduleSeat[]>('/api/schedule', { query: { brandId, courseId } });
}

/** The member's entitlements for a session, the best one preselected. */
export function paymentInfo(brandId: string, scheduleId: number): Promise<PaymentInfo> {
  return call<PaymentInfo>('/api/schedule/paymentInfo', { query: { brandId, scheduleId } });
}

/** What can be bought to pay for a session: a seat of its course, the items that cover it. */
export function sessionOffers(brandId: string, scheduleId: number): Promise<SessionOffers> {
  return call<SessionOffers>('/api/schedule/offers', { query: { brandId, scheduleId } });
}

/** Books another session with what the member's paid order bought (its session filled while they paid); once per order. */
export function orderBooking(orderNo: string, scheduleId: number): Promise<OrderResultData> {
  return call<OrderResultData>(`/api/v2/ec/payment/result/${encodeURIComponent(orderNo)}/booking`, { body: { scheduleId } });
}

/** The member's bookings that overlap the sessions (the conflict check). */
export function bookingCheck(brandId: string, scheduleIds: number[]): Promise<BookingCheck> {
  return call<BookingCheck>('/api/schedule/bookingCheck', { query: { brandId, scheduleIds: scheduleIds.join(',') } });
}

/**
 * Books sessions of one course, all or nothing. key is the attempt's
 * idempotency key: sending it again returns the first answer.
 */
export function book(
  brandId: string,
  scheduleIds: number[],
  payment: PaymentChoice | null,
  allowConflict: boolean,
  key: string,
): Promise<BookingAnswer> {
  const body =
    scheduleIds.length === 1
      ? { brandId, scheduleId: scheduleIds[0], scheduleIds: [], payment, allowConflict }
      : { brandId, scheduleId: 0, scheduleIds, payment, allowConflict };
  return call<BookingAnswer>('/api/schedule/booking', { body, headers: { 'Idempotency-Key': key } });
}

/** A fresh idempotency key for one booking attempt: 128 random bits in hex. */
export function newAttemptKey(): string {
  return bytesToHex(randomBytes(16));
}

export function waitingGet(brandId: string, scheduleId: number): Promise<WaitingPosition> {
  return call<WaitingPosition>('/api/schedule/waiting/get', { query: { brandId, scheduleId } });
}

/** Joins a full session's waiting list. */
export function waitingAdd(brandId: string, scheduleId: number): Promise<WaitingPosition> {
  return call<WaitingPosition>('/api/schedule/waiting/add', { body: { brandId, scheduleId, action: '' } });
}

/** Leaves a session's waiting list. */
export function waitingLeave(brandId: string, scheduleId: number): Promise<WaitingPosition> {
  return call<WaitingPosition>('/api/schedule/waiting/update', { body: { brandId, scheduleId, action: 'leave' } });
}

/** May this booking be cancelled online now, and if not, whom to call. */
export function cancelVerify(brandId: string, bookingId: number): Promise<CancelVerify> {
  return call<CancelVerify>('/api/user/cancelBooking/verify', { body: { brandId, bookingId } });
}

export function cancelBooking(brandId: string, bookingId: number): Promise<CancelAnswer> {
  return call<CancelAnswer>('/api/user/cancelBooking', { body: { brandId, bookingId } });
}

/** The booking a class reminder's cancel link names (changes nothing). */
export function cancelLinkInfo(token: string): Promise<CancelLink> {
  return call<CancelLink>('/api/user/cancelBooking/link', { query: { token } });
}

/** Cancels the booking a class reminder's cancel link names (once). */
export function cancelByLink(token: string): Promise<CancelLink> {
  return call<CancelLink>('/api/user/cancelBooking/link', { body: { token } });
}

export function checkIn(brandId: string, bookingId: number): Promise<CheckInAnswer> {
  return call<CheckInAnswer>('/api/user/checkInBooking', { body: { brandId, bookingId } });
}

/** A fresh check-in QR token and the member's barcode. */
export function checkInQr(brandId: string): Promise<CheckInQR> {
  return call<CheckInQR>('/api/user/checkInQr', { query: { brandId } });
}
