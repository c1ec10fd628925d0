// Which dialog shows a refusal of precheck or payment, by its code
// (codes.go; host/errors.go has their texts).
import { codes } from '../../contract/generated/codes';

/** The dialogs of a refusal (spec section 2); 'login' opens the login dialog. */
export type RefusalKind = 'precheck' | 'contactInfo' | 'checkError' | 'unverified' | 'planNotEnabled' | 'commodityNotFound' | 'pleaseSign' | 'login';

const byCode: Record<number, RefusalKind> = {
  [codes.ItemOffShelf]: 'commodityNotFound',
  [codes.NotSoldInStore]: 'commodityNotFound',
  [codes.TypeNotSupported]: 'commodityNotFound',
  [codes.PriceChanged]: 'precheck',
  [codes.PayWayNotAccepted]: 'precheck',
  [codes.ContactIncomplete]: 'contactInfo',
  [codes.PlanNotEnabled]: 'planNotEnabled',
  [codes.EmailNotVerified]: 'unverified',
  [codes.ContractUnsigned]: 'pleaseSign',
  [codes.QuantityNotAllowed]: 'checkError', // an account check refused (a trial bought before) or the quantity
  [codes.Forbidden]: 'checkError',
  [codes.LoginRequired]: 'login',
  [codes.SessionInvalid]: 'login',
};

/**
 * The dialog of a refusal with code, or null when the form shows the
 * message itself (bad input such as a start date out of range, a network
 * failure, our fault).
 */
export function refusalOf(code: number): RefusalKind | null {
  return byCode[code] ?? null;
}
