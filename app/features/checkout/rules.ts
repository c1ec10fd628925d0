// Pure rules of the checkout pages: the payment-status polling backoff.

/** Backoff of the payment-status poll (ms): 1 s, then 1.5 times longer each try, at most 10 s. */
export function pollDelay(attempt: number): number {
  return Math.min(10_000, Math.round(1000 * 1.5 ** Math.max(0, attempt)));
}

/** What the buyer chose on the checkout page, kept in its URL while they
 * sign the e-contract, so that they come back to the same cart. */
export interface Cart {
  storeId: number;
  quantity: number;
  scheduleId: number;
  salesmanId: number;
  startDate: string;
  payWay: string;
}

const positive = (s: string | undefined) => (s && /^[1-9][0-9]{0,15}$/.test(s) ? Number(s) : 0);

/** The cart as query pairs (for queryString); from=app kept in the app. */
export function cartPairs(c: Cart, webview: boolean): [string, string | number][] {
  return [
    ['store', c.storeId],
    ['qty', c.quantity > 1 ? c.quantity : 0],
    ['schedule', c.scheduleId],
    ['salesman', c.salesmanId],
    ['start', c.startDate],
    ['pay', c.payWay],
    ['from', webview ? 'app' : ''],
  ];
}

/** The cart a checkout URL's query carries; what is missing or malformed
 * is left out (the page then uses its defaults). Whether the store,
 * schedule or payment way still exist is the page's to check. */
export function cartFromQuery(q: Record<string, string | undefined>): Partial<Cart> {
  const c: Partial<Cart> = {};
  if (positive(q.store)) c.storeId = positive(q.store);
  if (positive(q.qty) && positive(q.qty) <= 99) c.quantity = positive(q.qty);
  if (positive(q.schedule)) c.scheduleId = positive(q.schedule);
  if (positive(q.salesman)) c.salesmanId = positive(q.salesman);
  if (q.start && /^\d{4}-\d{2}-\d{2}$/.test(q.start)) c.startDate = q.start;
  if (q.pay === '2' || q.pay === 'LINEPAY') c.payWay = q.pay;
  return c;
}

/** A "back" query value that is a path on this site ('/...', not '//host'
 * or a scheme), or '' (no open redirects). */
export function sameSitePath(back: string | undefined): string {
  if (!back || !back.startsWith('/') || back.startsWith('//') || back.startsWith('/\\')) return '';
  return back;
}
