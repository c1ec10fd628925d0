// The checkout form's state (the buyer's choice in one reducer) and its two
// steps: check (the form's own checks, then precheck, each refusal in its
// dialog) and pay (create the order, go to the payment page the server
// names).
import { useReducer, useState } from 'react';
import type { CheckoutData, PrecheckAnswer } from '../../../contract/props';
import { usePage, brandPath } from '../../../lib/page-context';
import { useUi } from '../../../lib/ui-state';
import { ApiError, errorText } from '../../../lib/api';
import { useRefresh } from '../../../lib/use-submit';
import { openInApp } from '../../../lib/app-bridge';
import { queryString } from '../../../lib/query';
import { cartFromQuery, cartPairs, checkoutRequest, choiceProblem, firstChoice, storeChosen, type Choice, refusalOf } from '../rules';
import { contractFor, precheck, startACHPayment, startPayment } from '../api';
import type { NoticeKind } from '../dialogs/refusal-dialog';

/** The dialog on show: the confirmation with precheck's answer, or a refusal with its message. */
export type Shown = { dialog: 'confirm'; answer: PrecheckAnswer } | { dialog: NoticeKind; message: string } | null;

const merge = (c: Choice, change: Partial<Choice>): Choice => ({ ...c, ...change });

export function useCheckout(data: CheckoutData) {
  const page = usePage();
  const ui = useUi();
  const refresh = useRefresh();
  const brandId = page.brand!.brandId;
  const [choice, change] = useReducer(merge, data, (d) => firstChoice(d, cartFromQuery(page.query)));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown>(null);
  const [payError, setPayError] = useState('');
  const [contractPath, setContractPath] = useState('');
  const request = () => checkoutRequest(data, choice, page.webview);

  /** A refusal in its dialog, or its message under the form. */
  const refused = (e: unknown) => {
    const kind = e instanceof ApiError ? refusalOf(e.code) : null;
    if (kind === 'login') return ui.open('login', { next: page.url });
    if (kind === 'contactInfo') return ui.open('completeInfo', { mode: 'contact', then: () => void check() });
    if (kind === 'pleaseSign' && data.item) {
      // the contract this item needs in this store names the page to sign on
      contractFor(brandId, { itemId: data.item.id, storeId: choice.storeId })
        .then((c) => setContractPath(c.pagePath))
        .catch(() => setContractPath(''));
    }
    if (kind) return setShown({ dialog: kind, message: errorText(e) });
    setError(errorText(e));
  };

  const check = async () => {
    setError('');
    const problem = choiceProblem(data, choice);
    if (problem) return setError(problem);
    if (busy) return;
    setBusy(true);
    try {
      setShown({ dialog: 'confirm', answer: await precheck(brandId, request()) });
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  };

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    setPayError('');
    try {
      if (choice.payWay === 'ACH' && data.achAgreement) {
        // no payment page: the order waits for the bank on its result page
        const a = await startACHPayment(brandId, { ...request(), ...choice.ach, agreementHash: data.achAgreement.hash });
        window.location.assign(new URL(a.resultUrl, window.location.href).href);
        return;
      }
      const answer = await startPayment(brandId, request());
      // the host's payment page, a full page load; in the app, LINE Pay's
      // answer is its paymentUrl.app, which the app opens (openLinePay)
      const url = new URL(answer.paymentUrl, window.location.href).href;
      if (!(page.webview && choice.payWay === 'LINEPAY' && openInApp('openLinePay', url))) window.location.assign(url);
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && refusalOf(e.code)) {
        setShown(null);
        refused(e);
      } else setPayError(errorText(e));
    }
  };

  // the e-contract, which comes back here with this cart
  const back = page.url.split('?')[0] + queryString(cartPairs(choice, page.webview));
  const contractHref = brandPath(page, contractPath || `/e-contract/${choice.storeId}`) + queryString([['back', back], ['from', page.webview ? 'app' : '']]);

  return {
    choice,
    change,
    chooseStore: (id: number) => change(storeChosen(choice, data.stores, id)),
    error,
    busy,
    shown,
    payError,
    contractHref,
    check,
    pay,
    close: () => setShown(null),
    reload: () => (setShown(null), refresh()),
  };
}
