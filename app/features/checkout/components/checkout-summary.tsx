// What is bought, at the top of the checkout form: its name, what an item
// grants and for how long, when it starts, the unit price.
import { css } from '@emotion/css';
import type { CheckoutData } from '../../../contract/props';
import { price, validity } from '../../../lib/format';
import { activationText, grants } from '../../../lib/item-facts';
import { card, factList } from '../../../ui/card';
import { items as ti } from '../../../strings/zh-hant';
import { checkout as t } from '../../../strings/zh-hant-checkout';
import { boughtName, unitPrice } from '../rules';

const summary = css`
  h3 { font-size: 18px; }
`;

export function CheckoutSummary({ data }: { data: CheckoutData }) {
  const it = data.item;
  const v = it ? validity(it.validityValue, it.validityUnit) : '';
  const g = it ? grants(it) : '';
  return (
    <section className={`${card} ${summary}`} aria-label={t.summary}>
      <h3 data-testid="checkout-name">{boughtName(data)}</h3>
      <dl className={factList}>
        {it ? (
          <>
            <dt>{ti.typeTitles[it.type]}</dt>
            <dd>{[g, v].filter(Boolean).join('・') || '—'}</dd>
            <dt>{t.activation}</dt>
            <dd>{activationText(it)}</dd>
          </>
        ) : null}
        <dt>{t.unitPrice}</dt>
        <dd data-testid="unit-price">{price(unitPrice(data))}</dd>
      </dl>
    </section>
  );
}
