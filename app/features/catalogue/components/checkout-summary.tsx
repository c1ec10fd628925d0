// What is bought, at the top of the checkout form (the page puts it there):
// its name, what an item grants and for how long, when it starts, the unit
// price.
import { css } from '@emotion/css';
import type { CheckoutData } from '../../../contract/props';
import { price, validity } from '../../../lib/format';
import { card, factList } from '../../../ui/card';
import { items as ti } from '../../../strings/zh-hant';
import { checkout as t } from '../../../strings/zh-hant-checkout';
import { activationText } from '../activation';
import { grants } from './item-card';

const summary = css`
  h3 { font-size: 18px; }
`;

export function CheckoutSummary({ data, name, unitPrice }: { data: CheckoutData; name: string; unitPrice: number }) {
  const it = data.item;
  const v = it ? validity(it.validityValue, it.validityUnit) : '';
  const g = it ? grants(it) : '';
  return (
    <section className={`${card} ${summary}`} aria-label={t.summary}>
      <h3 data-testid="checkout-name">{name}</h3>
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
        <dd data-testid="unit-price">{price(unitPrice)}</dd>
      </dl>
    </section>
  );
}
