// Pure rules of the checkout pages: the CUSTOM start-date window, the
// payment-status polling backoff and the masked card.
import { addDays, taipeiDay } from '../../ui/date';

/** How far ahead a buyer may pick a CUSTOM start date (spec sections 4 and 9; data/rules.CustomStartDays). */
export const customStartDays = 30;

/** The dates a CUSTOM start may take at instant nowMs: today through 30 days ahead (Taipei days). */
export function customStartRange(nowMs: number): { min: string; max: string } {
  const today = taipeiDay(nowMs);
  return { min: today, max: addDays(today, customStartDays) };
}

/** Backoff of the payment-status poll (ms): 1 s, then 1.5 times longer each try, at most 10 s. */
export function pollDelay(attempt: number): number {
  return Math.min(10_000, Math.round(1000 * 1.5 ** Math.max(0, attempt)));
}

/** A card number shown with only its last 4 characters (spec section 3): '**** 1234'; '' for none. */
export function maskCard(card: string | null | undefined): string {
  const digits = (card ?? '').replace(/[\s*-]/g, '');
  return digits ? '**** ' + digits.slice(-4) : '';
}
