// Checkout (/{brandId}/{itemType}/{itemId}/checkout and
// /{brandId}/activity/{storeId}/{courseId}/checkout): what is bought
// (features/catalogue) in the checkout form (features/checkout), or a note
// when the item is off the shelf.
import { css } from '@emotion/css';
import type { CheckoutData } from '../contract/props';
import { usePage } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { heading } from '../ui/section-title';
import { checkout as t } from '../strings/zh-hant-checkout';
import { boughtName, itemOffer, unitPrice } from '../features/checkout/rules';
import { CheckoutForm } from '../features/checkout/components/checkout-form';
import { itemOrder } from '../features/checkout/components/use-checkout';
import { OffShelf } from '../features/checkout/components/off-shelf';
import { CheckoutSummary } from '../features/catalogue/components/checkout-summary';
import { taipeiDateTime } from '../ui/date';
import { radius } from '../ui/theme';

const note = css`
  margin: 0 0 16px;
  padding: 10px 14px;
  border-radius: ${radius};
  background: var(--brand-tint);
`;

export default function Checkout({ data }: { data: CheckoutData }) {
  const page = usePage();
  const name = boughtName(data);
  return (
    <>
      <PageHead title={t.title(name, page.brand!.settings.brandName)} description={t.heading} noindex />
      <h2 className={heading}>{t.heading}</h2>
      {data.bookSession ? (
        <p className={note} role="note" data-testid="book-after-pay">
          {t.bookAfterPay(data.bookSession.courseName, taipeiDateTime(data.bookSession.startsAt))}
        </p>
      ) : null}
      {data.offShelf ? <OffShelf /> : <CheckoutForm offer={itemOffer(data)} order={itemOrder(page, data)} summary={<CheckoutSummary data={data} name={name} unitPrice={unitPrice(data)} />} />}
    </>
  );
}
