// When a short-lived QR code (the check-in QR, a holding's QR) is fetched
// again: booking and members both show one.

/** The check-in QR refreshes this long before its token expires (ms). */
export const qrRefreshMargin = 15_000;

/**
 * Milliseconds until the check-in QR should be fetched again: the margin
 * before expiresAt, at least one second (an expired token refreshes now).
 */
export function qrRefreshDelay(expiresAt: string, now: number): number {
  return Math.max(1000, Date.parse(expiresAt) - now - qrRefreshMargin);
}
