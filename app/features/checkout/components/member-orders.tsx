// The member centre's order history, newest first: each paid order with
// its e-invoices, a link to its result page, and its refund (the state of
// the last one, or the button that asks for one: RefundDialog); an order
// closed unpaid with what became of it.
import type { MemberOrder } from '../../../contract/props';
import { usePage, brandPath } from '../../../lib/page-context';
import { Link } from '../../../lib/navigation';
import { price } from '../../../lib/format';
import { useUi } from '../../../lib/ui-state';
import { badge, badgeMuted, card, cardList, orderList } from '../../../ui/card';
import { secondaryButton, smallButton } from '../../../ui/button';
import { sectionTitle } from '../../../ui/section-title';
import { memberOrders as t, refund as tr } from '../../../strings/zh-hant-checkout';
import { OrderInvoices } from './order-invoices';

export function MemberOrders({ orders }: { orders: MemberOrder[] }) {
  const page = usePage();
  const ui = useUi();
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="member-orders-title" data-testid="member-orders">
      <h3 id="member-orders-title" className={sectionTitle}>
        {t.title}
      </h3>
      <ul className={`${cardList} ${orderList}`}>
        {orders.map((o) => (
          <li key={o.orderNo} className={card} data-testid="member-order" data-order={o.orderNo} data-state={o.state}>
            {o.refund ? <span className={o.refund === 'refunded' ? badge : `${badge} ${badgeMuted}`} data-testid="refund-state">{tr.states[o.refund]}</span> : null}
            {o.paidOn ? null : <span className={`${badge} ${badgeMuted}`} data-testid="order-closed">{t.closed[o.state]}</span>}
            <h4>{o.item}</h4>
            <p>{o.paidOn ? t.paid(o.paidOn, price(o.amount)) : t.unpaid(o.day, price(o.amount))}</p>
            <OrderInvoices invoices={o.invoices} />
            <p>
              <Link href={brandPath(page, `/orderResult/${o.orderNo}`)}>{t.open(o.orderNo)}</Link>
            </p>
            {o.paidOn && o.state !== 'refunded' && o.refund !== 'requested' && o.refund !== 'requesting' ? (
              <p>
                <button
                  type="button"
                  className={`${secondaryButton} ${smallButton}`}
                  aria-haspopup="dialog"
                  onClick={() => ui.open('refundOrder', { orderNo: o.orderNo, item: o.item })}
                  data-testid="refund-open"
                >
                  {tr.open}
                </button>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
