// Pure rules of the checkout pages: the payment-status polling backoff.

/** Backoff of the payment-status poll (ms): 1 s, then 1.5 times longer each try, at most 10 s. */
export function pollDelay(attempt: number): number {
  return Math.min(10_000, Math.round(1000 * 1.5 ** Math.max(0, attempt)));
}
