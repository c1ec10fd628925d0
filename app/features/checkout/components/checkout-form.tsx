// The checkout form: what is bought (summary), the choices, the payment
// hint, the terms and the total. Paying runs precheck (each refusal in its dialog),
// asks for confirmation, creates the order and sends the buyer to the
// payment page the server names (use-checkout).
import { Suspense, type ReactNode } from 'react';
import { css } from '@emotion/css';
import type { CheckoutData } from '../../../contract/props';
import { usePage } from '../../../lib/page-context';
import { lazyDialog } from '../../../lib/chunk';
import { price } from '../../../lib/format';
import { TermsCheckbox } from '../../../lib/terms-checkbox';
import { FormError } from '../../../ui/form-fields';
import { primaryButton } from '../../../ui/button';
import { checkout as t } from '../../../strings/zh-hant-checkout';
import { colour } from '../../../ui/theme';
import { confirmRows, unitPrice } from '../rules';
import { PaymentHint } from './payment-hint';
import { CheckoutOptions } from './checkout-options';
import { useCheckout } from './use-checkout';

const ConfirmDialog = lazyDialog(() => import('../dialogs/checkout-confirm-dialog'));
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

/** summary: what is bought, shown first (the page composes it). */
export function CheckoutForm({ data, summary }: { data: CheckoutData; summary: ReactNode }) {
  const page = usePage();
  const c = useCheckout(data);
  const { choice, shown } = c;
  return (
    <>
      <form className={form} data-testid="checkout" noValidate onSubmit={(e) => (e.preventDefault(), void c.check())}>
        {summary}
        <CheckoutOptions data={data} choice={choice} change={c.change} chooseStore={c.chooseStore} />

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
          <strong data-testid="checkout-total">{price(unitPrice(data) * choice.quantity)}</strong>
        </div>
        <FormError>{c.error}</FormError>
        <button type="submit" className={primaryButton} aria-busy={c.busy}>
          {t.submit}
        </button>
      </form>

      <Suspense fallback={null}>
        {shown?.dialog === 'confirm' ? (
          <ConfirmDialog rows={confirmRows(data, choice, shown.answer)} total={price(shown.answer.amount)} busy={c.busy} error={c.payError} onConfirm={() => void c.pay()} onClose={c.close} />
        ) : shown ? (
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
