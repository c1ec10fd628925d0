// Pure rules of the checkout form, the one form of every purchase: what a
// kind of purchase offers it (Offer), its first choice and what changes
// with the store, what it checks before asking the server, the request an
// item or course sends; the cart kept in the URL; the ACH form's fields;
// which dialog shows a refusal.
import type { ACHAgreement, CheckoutData, CheckoutRequest, CheckoutStore, CourseDetail, InvoiceChoice, OverdueData, PayWay, Salesman, TermCheckoutData } from '../../contract/props';
import { checkout as t, invoice as ti } from '../../strings/zh-hant-checkout';
import { ach as ta } from '../../strings/zh-hant-deferred';
import { nameProblem } from '../../lib/typed-text';
import { codes } from '../../contract/generated/codes';

/** What a purchase offers the checkout form: where and how it is paid, the choices it asks for and its unit price. */
export interface Offer {
  stores: CheckoutStore[];
  salesmen: Salesman[];
  /** the course's sessions with seats left, to choose one from (none: no choice) */
  sessions: CourseDetail['scheduleList'];
  maxQuantity: number;
  price: number;
  /** a CUSTOM item's start date bounds (null: the buyer picks none) */
  startDate: { min: string; max: string } | null;
  /** periods of monthly card payment the item is sold in (0: none) */
  recurringPeriods: number;
  achAgreement: ACHAgreement | null;
  /** whether a contract must be signed first, and the item it is for (0: the store's) */
  contract: CheckoutData['contract'];
  itemId: number;
  /** the e-invoice choice to offer first; null: the brand asks for none */
  invoice: InvoiceChoice | null;
}

/** The offer of an item, plan or course checkout. */
export function itemOffer(d: CheckoutData): Offer {
  return {
    stores: d.stores,
    salesmen: d.salesmen,
    sessions: (d.course?.scheduleList ?? []).filter((s) => !s.full),
    maxQuantity: d.maxQuantity,
    price: unitPrice(d),
    startDate: d.item?.activationType === 'CUSTOM' ? { min: d.today, max: d.maxStartDate } : null,
    recurringPeriods: d.item?.recurringPeriods ?? 0,
    achAgreement: d.achAgreement,
    contract: d.contract,
    itemId: d.item?.id ?? 0,
    invoice: d.invoice,
  };
}

/** The offer of a term class (or its trial): its store, at its price. */
export function termOffer(d: TermCheckoutData): Offer {
  return { ...fixedPrice(d.stores, d.price), salesmen: [], contract: d.contract, invoice: d.invoice };
}

/** The offer of a counting passcard's debt: the first store that takes a payment way, the amount owed. */
export function overdueOffer(d: OverdueData): Offer {
  const store = d.stores.find((s) => s.payWays.length > 0) ?? d.stores[0];
  return { ...fixedPrice(store ? [store] : [], d.card?.amount ?? 0), invoice: d.invoice };
}

function fixedPrice(stores: CheckoutStore[], price: number): Offer {
  return { stores, salesmen: [], sessions: [], maxQuantity: 1, price, startDate: null, recurringPeriods: 0, achAgreement: null, contract: 'notNeeded', itemId: 0, invoice: null };
}

/** What the buyer chose on the checkout page, kept in its URL while they
 * sign the e-contract or pay, so that they come back to the same cart. */
export interface Cart {
  storeId: number;
  quantity: number;
  scheduleId: number;
  salesmanId: number;
  startDate: string;
  payWay: string;
  /** the terms accepted */
  accepted: boolean;
  /** An item bought to book this session (the booking panel's offer, ?book=): booked once paid. */
  bookScheduleId: number;
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
    ['terms', c.accepted ? 1 : 0],
    ['book', c.bookScheduleId],
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
  if (q.pay && Object.prototype.hasOwnProperty.call(t.payWays, q.pay)) c.payWay = q.pay;
  if (q.terms === '1') c.accepted = true;
  if (positive(q.book)) c.bookScheduleId = positive(q.book);
  return c;
}

/** What the buyer chose on the checkout form: the cart and the ACH authorisation. */
export interface Choice extends Cart {
  ach: ACHFields;
  achAgreed: boolean;
  /** the e-invoice choice (where the offer asks for one) */
  invoice: InvoiceChoice;
}

/** What is bought: the item's name or the course's. */
export function boughtName(data: CheckoutData): string {
  return data.item?.name ?? data.course?.courseName ?? '';
}

/** The unit price the page shows; precheck refuses it when the database's differs. */
export function unitPrice(data: CheckoutData): number {
  return data.item?.price ?? data.course?.minPrice ?? 0;
}

/**
 * The form's first choice: a cart kept in the URL (back from signing the
 * e-contract) where it still fits, else the first store, session and
 * payment way; the salesman only with the saved store.
 */
export function firstChoice(offer: Offer, saved: Partial<Cart>): Choice {
  const seats = offer.sessions;
  const savedStore = offer.stores.find((s) => s.storeId === saved.storeId);
  const store = savedStore ?? offer.stores[0];
  return {
    storeId: store?.storeId ?? 0,
    quantity: saved.quantity ?? 1,
    scheduleId: seats.find((s) => s.scheduleId === saved.scheduleId)?.scheduleId ?? seats[0]?.scheduleId ?? 0,
    salesmanId: savedStore ? (saved.salesmanId ?? 0) : 0,
    startDate: saved.startDate ?? '',
    payWay: store?.payWays.find((w) => w.payWay === saved.payWay)?.payWay ?? store?.payWays[0]?.payWay ?? '',
    accepted: saved.accepted ?? false,
    bookScheduleId: offer.itemId ? (saved.bookScheduleId ?? 0) : 0,
    ach: emptyACH,
    achAgreed: false,
    invoice: offer.invoice ?? { kind: 'member' },
  };
}

/** Choosing store id: the payment way stays where the store takes it (else its first), the salesman is cleared. */
export function storeChosen(c: Choice, stores: CheckoutStore[], id: number): Partial<Choice> {
  const next = stores.find((s) => s.storeId === id);
  const payWay = next?.payWays.some((w) => w.payWay === c.payWay) ? c.payWay : (next?.payWays[0]?.payWay ?? '');
  return { storeId: id, payWay, salesmanId: 0 };
}

/** The payment ways of store, and monthly card payment ('1') for an item sold so where the store takes cards. */
export function payWaysIn(offer: Offer, store: CheckoutStore | undefined): PayWay[] {
  const recurring = offer.recurringPeriods && store?.payWays.some((w) => w.payWay === '2') ? [{ payWay: '1' as const, name: '' }] : [];
  return [...(store?.payWays ?? []), ...recurring];
}

/** The salesmen who sell in the store (one of no store sells in all). */
export function salesmenIn(offer: Offer, storeId: number): Salesman[] {
  return offer.salesmen.filter((s) => !s.storeId || s.storeId === storeId);
}

/** What the form says before asking the server ('' nothing): the first missing or wrong choice. */
export function choiceProblem(offer: Offer, c: Choice): string {
  const store = offer.stores.find((s) => s.storeId === c.storeId);
  if (!store) return t.storeRequired;
  if (offer.startDate && !c.startDate) return t.startDateRequired;
  if (!payWaysIn(offer, store).some((w) => w.payWay === c.payWay)) return t.payWayRequired;
  if (offer.invoice) {
    const wrong = invoiceProblem(c.invoice);
    if (wrong) return wrong.message;
  }
  if (!c.accepted) return t.termsRequired;
  if (c.payWay === 'ACH') {
    const wrong = achProblems(c.ach)[0];
    if (wrong) return achProblemText(wrong, c.ach);
    if (!c.achAgreed) return ta.agreeRequired;
  }
  return '';
}

/** The invoice choice a purchase sends: the buyer's, where the page asked for one (its data's invoice). */
export function invoiceSent(asked: InvoiceChoice | null | undefined, c: Choice): InvoiceChoice | undefined {
  return asked ? normalInvoice(c.invoice) : undefined;
}

/** The precheck's and the payment's body; from=app in the app. */
export function checkoutRequest(data: CheckoutData, c: Choice, webview: boolean): CheckoutRequest {
  return {
    kind: data.kind,
    itemType: data.item?.type,
    itemId: data.item?.id,
    courseId: data.course?.courseId,
    scheduleId: c.scheduleId || undefined,
    storeId: c.storeId,
    quantity: c.quantity,
    price: unitPrice(data),
    salesmanId: c.salesmanId || undefined,
    startDate: data.item?.activationType === 'CUSTOM' ? c.startDate : undefined,
    payWay: (c.payWay || undefined) as CheckoutRequest['payWay'],
    acceptTerms: c.accepted,
    from: webview ? 'app' : undefined,
    bookScheduleId: c.bookScheduleId || undefined,
    invoice: invoiceSent(data.invoice, c),
  };
}

// Pure rules of the ACH authorisation form (the same as the server's
// rules/ach.go): the fields' formats and the ID's check digit.
export interface ACHFields {
  bankCode: string;
  branchCode: string;
  account: string;
  holderName: string;
  holderId: string;
}

/** The form before anything is typed. */
export const emptyACH: ACHFields = { bankCode: '', branchCode: '', account: '', holderName: '', holderId: '' };

const letterCodes: Record<string, number> = {
  A: 10, B: 11, C: 12, D: 13, E: 14, F: 15, G: 16, H: 17, I: 34, J: 18, K: 19, L: 20, M: 21,
  N: 22, O: 35, P: 23, Q: 24, R: 25, S: 26, T: 27, U: 28, V: 29, W: 32, X: 30, Y: 31, Z: 33,
};

/** Whether id is a national ID or resident certificate number (2021 or old format) with a good check digit. */
export function validTaiwanId(raw: string): boolean {
  const id = raw.trim().toUpperCase();
  if (!/^[A-Z][12890ABCD][0-9]{8}$/.test(id)) return false;
  const first = letterCodes[id[0]!]!;
  const c = id[1]!;
  const second = /[0-9]/.test(c) ? Number(c) : letterCodes[c]! % 10;
  let sum = Math.floor(first / 10) + (first % 10) * 9 + second * 8;
  for (let i = 2; i < 9; i++) sum += Number(id[i]) * (9 - i);
  sum += Number(id[9]);
  return sum % 10 === 0;
}

/** The fields that are wrong, by name (empty: none). */
export function achProblems(f: ACHFields): (keyof ACHFields)[] {
  const out: (keyof ACHFields)[] = [];
  if (!/^[0-9]{3}$/.test(f.bankCode.trim())) out.push('bankCode');
  if (!/^[0-9]{4}$/.test(f.branchCode.trim())) out.push('branchCode');
  if (!/^[0-9]{10,16}$/.test(f.account.trim())) out.push('account');
  if (holderNameProblem(f.holderName)) out.push('holderName');
  if (!validTaiwanId(f.holderId)) out.push('holderId');
  return out;
}

/** The longest an account holder's name may be (the server's rules.MaxHolderName). */
export const maxHolderName = 40;

/** What is wrong with the holder's name ('' nothing): the rule of every name. */
export function holderNameProblem(name: string): string {
  return nameProblem(ta.holderName, name, maxHolderName);
}

/** What the form says of a wrong field. */
export function achProblemText(name: keyof ACHFields, f: ACHFields): string {
  return name === 'holderName' ? holderNameProblem(f.holderName) : ta.bad[name];
}

// Which dialog shows a refusal of precheck or payment, by its code
// (codes.go; texts.go has their texts).
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

// The e-invoice choice (the same rules as the server's rules/invoice.go):
// each carrier's format, the love code and the 統一編號's checksum.
export type InvoiceKind = InvoiceChoice['kind'];
export type InvoiceField = 'code' | 'title';

/** The 統一編號 checksum: weights 1,2,1,2,1,2,4,1, each product's digits added; the sum a multiple of 5 (or, when the seventh digit is 7, the sum plus one). */
export function validTaxId(s: string): boolean {
  if (!/^[0-9]{8}$/.test(s)) return false;
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const p = Number(s[i]) * weights[i]!;
    sum += Math.floor(p / 10) + (p % 10);
  }
  return sum % 5 === 0 || (s[6] === '7' && (sum + 1) % 5 === 0);
}

const codeFormats: Partial<Record<InvoiceKind, RegExp>> = {
  mobile: /^\/[0-9A-Z.+-]{7}$/,
  certificate: /^[A-Z]{2}[0-9]{14}$/,
  donation: /^[0-9]{3,7}$/,
};

/** The choice as sent: trimmed, a barcode or certificate upper-cased, what the kind takes. */
export function normalInvoice(c: InvoiceChoice): InvoiceChoice {
  const code = (c.code ?? '').trim();
  switch (c.kind) {
    case 'member':
      return { kind: 'member' };
    case 'company':
      return { kind: 'company', code, title: (c.title ?? '').trim() };
    case 'mobile':
    case 'certificate':
      return { kind: c.kind, code: code.toUpperCase() };
    default:
      return { kind: c.kind, code };
  }
}

/** What is wrong with the choice, at its field (null: nothing). */
export function invoiceProblem(raw: InvoiceChoice): { field: InvoiceField; message: string } | null {
  const c = normalInvoice(raw);
  if (c.kind === 'member') return null;
  const code = c.code ?? '';
  const labels: Record<string, string> = { mobile: ti.mobile, certificate: ti.certificate, donation: ti.loveCode, company: ti.taxId };
  if (!code) return { field: 'code', message: ti.required(labels[c.kind]!) };
  const format = codeFormats[c.kind];
  if (format ? !format.test(code) : !validTaxId(code)) return { field: 'code', message: ti.bad[c.kind]! };
  if (c.kind === 'company') {
    const title = c.title ?? '';
    if (!title) return { field: 'title', message: ti.required(ti.title) };
    if ([...title].length > 60) return { field: 'title', message: ti.titleTooLong };
  }
  return null;
}

/** The field a server's refusal of the choice belongs to, by its code (null: not the invoice's). */
export function invoiceRefusalField(code: number): InvoiceField | 'kind' | null {
  if (code === codes.InvoiceKind) return 'kind';
  if (code === codes.InvoiceCode) return 'code';
  if (code === codes.InvoiceTitle) return 'title';
  return null;
}

/** The first choice: the remembered one (the page's), the app's mobile barcode where the member has not chosen another carrier. */
export function firstInvoice(remembered: InvoiceChoice | null, appBarcode: string): InvoiceChoice | null {
  if (!remembered) return null;
  const barcode = codeFormats.mobile!.test(appBarcode) ? appBarcode : '';
  if (barcode && (remembered.kind === 'member' || (remembered.kind === 'mobile' && !remembered.code))) return { kind: 'mobile', code: barcode };
  return remembered;
}
