// The checkout form's state (the buyer's choice in one reducer) and its one
// step: the form's own checks, then the purchase's order (an Order: its
// checks on the server, then the payment page the server names), each
// refusal in its dialog or under the form.
import { useEffect, useReducer, useState } from 'react';
import type { CheckoutData, PageProps } from '../../../contract/props';
import { usePage, brandPath } from '../../../lib/page-context';
import { useUi } from '../../../lib/ui-state';
import { ApiError, errorText } from '../../../lib/api';
import { useRefresh } from '../../../lib/use-submit';
import { openInApp } from '../../../lib/app-bridge';
import { queryString } from '../../../lib/query';
import { cartFromQuery, cartPairs, checkoutRequest, choiceProblem, firstChoice, firstInvoice, invoiceRefusalField, storeChosen, type Choice, type InvoiceField, type Offer, refusalOf } from '../rules';
import { useNativeValues } from '../../../lib/use-native-values';
import { contractFor, precheck, startACHPayment, startPayment } from '../api';
import type { NoticeKind } from '../dialogs/refusal-dialog';

/**
 * How a kind of purchase is ordered once the form's own checks pass: it
 * leaves for the payment page (goToPayment), or throws the refusal (an
 * ApiError's code chooses its dialog), or returns a refusal's message.
 */
export type Order = (choice: Choice) => Promise<string | void>;

/** The refusal on show in its dialog, with its message. */
export type Shown = { dialog: NoticeKind; message: string } | null;

const merge = (c: Choice, change: Partial<Choice>): Choice => ({ ...c, ...change });

/** Leaves for the payment page at url; in the app, LINE Pay's page is the app's to open. */
export function goToPayment(page: PageProps, url: string, payWay: string): void {
  const href = new URL(url, window.location.href).href;
  if (!(page.webview && payWay === 'LINEPAY' && openInApp('openLinePay', href))) window.location.assign(href);
}

/** The order of an item, plan or course: precheck, then the payment (ACH: its authorisation, then the result page). */
export function itemOrder(page: PageProps, data: CheckoutData): Order {
  const brandId = page.brand!.brandId;
  return async (choice) => {
    const request = checkoutRequest(data, choice, page.webview);
    await precheck(brandId, request);
    if (choice.payWay === 'ACH' && data.achAgreement) {
      // no payment page: the order waits for the bank on its result page
      const a = await startACHPayment(brandId, { ...request, ...choice.ach, agreementHash: data.achAgreement.hash });
      window.location.assign(new URL(a.resultUrl, window.location.href).href);
      return;
    }
    const answer = await startPayment(brandId, request);
    goToPayment(page, answer.paymentUrl, choice.payWay);
  };
}

export function useCheckout(offer: Offer, order: Order) {
  const page = usePage();
  const ui = useUi();
  const refresh = useRefresh();
  const brandId = page.brand!.brandId;
  const [choice, change] = useReducer(merge, offer, (o) => firstChoice(o, cartFromQuery(page.query)));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown>(null);
  const [contractPath, setContractPath] = useState('');
  const unsigned = offer.contract === 'unsigned';
  // the invoice: sent once (every wrong field shows), a field the server refused
  const [sent, setSent] = useState(false);
  const [invoiceRefused, setInvoiceRefused] = useState<{ field: InvoiceField | 'kind'; message: string } | null>(null);
  // the app's mobile barcode fills the invoice choice the member has not changed
  const appBarcode = useNativeValues()?.mobileBarcode ?? '';
  useEffect(() => {
    const first = firstInvoice(offer.invoice, appBarcode);
    if (first && choice.invoice === offer.invoice) change({ invoice: first });
  }, [appBarcode]);

  // the contract this item needs in this store names the page to sign on
  const findContract = () => {
    contractFor(brandId, { itemId: offer.itemId || undefined, storeId: choice.storeId })
      .then((c) => setContractPath(c.pagePath))
      .catch(() => setContractPath(''));
  };
  useEffect(() => {
    if (unsigned) findContract();
  }, [unsigned, choice.storeId]);

  /** A refusal in its dialog, or its message under the form. */
  const refused = (e: unknown) => {
    const field = e instanceof ApiError ? invoiceRefusalField(e.code) : null;
    if (field) return setInvoiceRefused({ field, message: errorText(e) });
    const kind = e instanceof ApiError ? refusalOf(e.code) : null;
    if (kind === 'login') return ui.open('login', { next: page.url });
    if (kind === 'contactInfo') return ui.open('completeInfo', { mode: 'contact', then: () => void submit() });
    if (kind === 'pleaseSign') findContract();
    if (kind) return setShown({ dialog: kind, message: errorText(e) });
    setError(errorText(e));
  };

  const submit = async () => {
    setError('');
    setSent(true);
    setInvoiceRefused(null);
    const problem = choiceProblem(offer, choice);
    if (problem) return setError(problem);
    if (busy) return;
    setBusy(true);
    try {
      const message = await order(choice);
      if (message) {
        setBusy(false);
        setError(message);
      }
    } catch (e) {
      setBusy(false);
      refused(e);
    }
  };

  // the e-contract, which comes back here with this cart (the terms too)
  const back = page.url.split('?')[0] + queryString(cartPairs(choice, page.webview));
  const contractHref = brandPath(page, contractPath || `/e-contract/${choice.storeId}`) + queryString([['back', back], ['from', page.webview ? 'app' : '']]);

  return {
    choice,
    change: (c: Partial<Choice>) => (c.invoice ? setInvoiceRefused(null) : null, change(c)),
    sent,
    invoiceRefused,
    chooseStore: (id: number) => change(storeChosen(choice, offer.stores, id)),
    error,
    busy,
    shown,
    contractHref,
    submit,
    close: () => setShown(null),
    reload: () => (setShown(null), refresh()),
  };
}
