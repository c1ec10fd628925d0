// The member centre's orders waiting for payment: for the bank's answer
// (ACH) or for the member to pay. Each links to its order result page; a
// paid order leaves this list for what the member holds.
import type { PendingOrder } from '../../../contract/props';
import { usePage, brandPath } from '../../../lib/page-context';
import { Link } from '../../../lib/navigation';
import { price } from '../../../lib/format';
import { badge, badgeMuted, card, cardList, orderList } from '../../../ui/card';
import { sectionTitle } from '../../../ui/section-title';
import { member as t } from '../../../strings/zh-hant-members';

export function PendingOrders({ orders }: { orders: PendingOrder[] }) {
  const page = usePage();
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="pending-orders-title" data-testid="pending-orders">
      <h3 id="pending-orders-title" className={sectionTitle}>
        {t.pending.title}
      </h3>
      <ul className={`${cardList} ${orderList}`}>
        {orders.map((o) => (
          <li key={o.orderNo} className={card} data-testid="pending-order" data-order={o.orderNo}>
            <span className={o.state === 'awaiting_payment' ? badge : `${badge} ${badgeMuted}`}>{t.pending.state(o)}</span>
            <h4>{o.more ? t.pending.more(o.item, o.more) : o.item}</h4>
            <p>
              {t.pending.amount}
              {price(o.amount)}
            </p>
            <p>
              <Link href={brandPath(page, `/orderResult/${o.orderNo}`)}>{t.pending.open(o.orderNo)}</Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
