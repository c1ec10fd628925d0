// The checkout form of every purchase (item, plan, course, term class,
// a counting passcard's debt): the contract to sign first where one is
// needed, what is bought (summary, the page's), the choices the offer
// asks for, the payment hint, the terms and the amount to pay. Its button
// checks the form and runs the purchase's order (use-checkout), which
// leaves for the payment page; a refusal shows in its dialog or under the
// form, the choices kept.
import { Suspense, type ReactNode } from 'react';
import { css } from '@emotion/css';
import { usePage } from '../../../lib/page-context';
import { buysHere } from '../../../lib/modules';
import { lazyDialog } from '../../../lib/chunk';
import { price } from '../../../lib/format';
import { Link } from '../../../lib/navigation';
import { TermsCheckbox } from '../../../lib/terms-checkbox';
import { FormError } from '../../../ui/form-fields';
import { primaryButton } from '../../../ui/button';
import { checkout as t, refusal as tr } from '../../../strings/zh-hant-checkout';
import { colour, radius } from '../../../ui/theme';
import type { Offer } from '../rules';
import { PaymentHint } from './payment-hint';
import { CheckoutOptions } from './checkout-options';
import { InvoiceForm } from './invoice-form';
import { useCheckout, type Order } from './use-checkout';

const RefusalDialog = lazyDialog(() => import('../dialogs/refusal-dialog'));

const form = css`
  display: flex;
  flex-direction: column;
  gap: 18px;
`;
const totalRow = css`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;
  padding-top: 12px;
  border-top: 1px solid ${colour.line};
  strong { font-size: 24px; color: var(--brand); }
`;
const notice = css`
  padding: 12px 16px;
  border-radius: ${radius};
  border: 1px solid var(--brand);
  background: ${colour.surface};
  display: flex;
  flex-direction: column;
  gap: 6px;
  h3 { font-size: 16px; margin: 0; }
  p { margin: 0; font-size: 14px; }
  a { align-self: flex-start; }
`;

export function CheckoutForm({ offer, order, summary, testId = 'checkout', storeLabel = t.store }: {
  offer: Offer;
  order: Order;
  /** what is bought, shown first */
  summary: ReactNode;
  testId?: string;
  /** the store choice's legend */
  storeLabel?: string;
}) {
  const page = usePage();
  const c = useCheckout(offer, order);
  const { choice, shown } = c;
  if (!buysHere(page)) {
    return (
      <p className={notice} data-testid="not-in-app">
        {t.notInApp}
      </p>
    );
  }
  return (
    <>
      <form className={form} data-testid={testId} noValidate onSubmit={(e) => (e.preventDefault(), void c.submit())}>
        {offer.contract === 'unsigned' ? (
          <section className={notice} data-testid="contract-notice" aria-labelledby="contract-notice">
            <h3 id="contract-notice">{tr.signTitle}</h3>
            <p>{t.contractFirst}</p>
            <Link className={primaryButton} href={c.contractHref}>
              {tr.signLink}
            </Link>
          </section>
        ) : null}
        {summary}
        <CheckoutOptions offer={offer} storeLabel={storeLabel} choice={choice} change={c.change} chooseStore={c.chooseStore} />
        {offer.invoice ? (
          <InvoiceForm value={choice.invoice} onChange={(invoice) => c.change({ invoice })} sent={c.sent} refused={c.invoiceRefused} />
        ) : null}

        <PaymentHint />

        <TermsCheckbox
          checked={choice.accepted}
          onChange={(accepted) => c.change({ accepted })}
          lead={t.termsAgree + ' '}
          and={t.and}
          docs={[
            [t.termsLink, 'terms'],
            [t.refundLink, 'refund'],
          ]}
        />

        <div className={totalRow}>
          <span>{t.total}</span>
          <strong data-testid="checkout-total">{price(offer.price * choice.quantity)}</strong>
        </div>
        <FormError>{c.error}</FormError>
        <button type="submit" className={primaryButton} aria-busy={c.busy}>
          {t.submit}
        </button>
      </form>

      <Suspense fallback={null}>
        {shown ? (
          <RefusalDialog
            kind={shown.dialog}
            message={shown.message}
            shopHref={page.nav.home}
            contractHref={c.contractHref}
            email={page.user?.email ?? ''}
            onReload={c.reload}
            onClose={c.close}
          />
        ) : null}
      </Suspense>
    </>
  );
}
