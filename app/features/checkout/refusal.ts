// Which dialog shows a refusal of precheck or payment, by its code
// (data/codes.go; host/errors.go has their texts).

/** The dialogs of a refusal (spec section 2); 'login' opens the login dialog. */
export type RefusalKind = 'precheck' | 'contactInfo' | 'checkError' | 'unverified' | 'planNotEnabled' | 'commodityNotFound' | 'pleaseSign' | 'login';

const byCode: Record<number, RefusalKind> = {
  [-5]: 'commodityNotFound', // off the shelf
  [-49]: 'commodityNotFound', // not sold in that store
  [-78000001]: 'commodityNotFound', // product type not supported
  [-40]: 'precheck', // the price changed
  [-45]: 'precheck', // the store does not take that payment way
  [-42]: 'contactInfo',
  [-43]: 'planNotEnabled',
  [-34]: 'unverified', // the e-mail is not verified yet
  [-48]: 'pleaseSign',
  [-41]: 'checkError', // an account check refused (a trial bought before) or the quantity
  [-6]: 'checkError', // not allowed
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
