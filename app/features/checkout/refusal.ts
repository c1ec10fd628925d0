// Which dialog shows a refusal of precheck or payment, by its code
// (data/codes.go; host/errors.go has their texts).

/** The dialogs of a refusal (spec section 2); 'login' opens the login dialog. */
export type RefusalKind = 'precheck' | 'contactInfo' | 'checkError' | 'unverified' | 'planNotEnabled' | 'commodityNotFound' | 'pleaseSign' | 'login';

const byCode: Record<number, RefusalKind> = {
  [-5]: 'commodityNotFound', // off the shelf
  [-49]: 'commodityNotFound', // not sold in that store
  [-78000001]: 'commodityNotFound', // product type not supported
  [-40]: 'precheck', // the price changed
  [-41]: 'precheck', // quantity not allowed
  [-45]: 'precheck', // the store does not take that payment way
  [-42]: 'contactInfo',
  [-43]: 'planNotEnabled',
  [-47]: 'unverified',
  [-48]: 'pleaseSign',
  [-6]: 'checkError', // an account check refused
  [-21]: 'login',
  [-22]: 'login',
};

/**
 * The dialog of a refusal with code, or null when the form shows the
 * message itself (bad input such as a start date out of range, a network
 * failure, our fault).
 */
export function refusalOf(code: number): RefusalKind | null {
  return byCode[code] ?? null;
}
