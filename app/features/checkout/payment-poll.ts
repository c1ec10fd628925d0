// How often the order result asks for the payment's status (kept apart
// from rules.ts, the checkout form's, so the status dialog loads no more).

/** Backoff of the payment-status poll (ms): 1 s, then 1.5 times longer each try, at most 10 s. */
export function pollDelay(attempt: number): number {
  return Math.min(10_000, Math.round(1000 * 1.5 ** Math.max(0, attempt)));
}
