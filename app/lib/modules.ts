// Module keys a brand switches on (spec section 6). data/modules.go is the
// source of these strings; a Go test keeps this list equal to it.
export const Module = {
  WebShop: 'WEB_SHOP',
  FindActivity: 'FIND_ACTIVITY',
  FindPlan: 'FIND_PLAN',
  TermSchedule: 'TERM_SCHEDULE',
  OnlineBuyClass: 'ONLINE_BUY_CLASS',
  TimingCard: 'TIMING_CARD',
  TimingCardQR: 'TIMING_CARD_QR',
  Promotion: 'PROMOTION',
  Recommendation: 'RECOMMENDATION',
  MemberSignIn: 'MEMBER_SIGN_IN',
  Ticket: 'TICKET',
  Booking: 'BOOKING',
  Passcard: 'PASSCARD',
  MemberInfo: 'MEMBER_INFO',
  MobileApp: 'MOBILE_APP',
  AppOnlinePurchase: 'APP_ONLINE_PURCHASE',
  Invoice: 'INVOICE',
  QuantityPasscardQR: 'QUANTITY_PASSCARD_QR',
  OnlinePasscard: 'ONLINE_PASSCARD',
  OnlineCustomerPoint: 'ONLINE_CUSTOMER_POINT',
  MultiBooking: 'MULTI_BOOKING',
  CheckInBooking: 'CHECK_IN_BOOKING',
  PlanSharing: 'PLAN_SHARING',
  WaitingList: 'WAITING_LIST',
  EContract: 'E_CONTRACT',
} as const;

export type ModuleKey = (typeof Module)[keyof typeof Module];

export function hasModule(modules: readonly string[] | undefined, key: ModuleKey): boolean {
  return !!modules && modules.includes(key);
}
