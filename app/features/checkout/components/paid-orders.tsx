// The member centre's paid orders, newest first, each with its
// e-invoices and a link to its result page.
import type { PaidOrder } from '../../../contract/props';
import { usePage, brandPath } from '../../../lib/page-context';
import { Link } from '../../../lib/navigation';
import { price } from '../../../lib/format';
import { card, cardList, orderList } from '../../../ui/card';
import { sectionTitle } from '../../../ui/section-title';
import { paidOrders as t } from '../../../strings/zh-hant-checkout';
import { OrderInvoices } from './order-invoices';

export function PaidOrders({ orders }: { orders: PaidOrder[] }) {
  const page = usePage();
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="paid-orders-title" data-testid="paid-orders">
      <h3 id="paid-orders-title" className={sectionTitle}>
        {t.title}
      </h3>
      <ul className={`${cardList} ${orderList}`}>
        {orders.map((o) => (
          <li key={o.orderNo} className={card} data-testid="paid-order" data-order={o.orderNo}>
            <h4>{o.item}</h4>
            <p>{t.paid(o.paidOn, price(o.amount))}</p>
            <OrderInvoices invoices={o.invoices} />
            <p>
              <Link href={brandPath(page, `/orderResult/${o.orderNo}`)}>{t.open(o.orderNo)}</Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
