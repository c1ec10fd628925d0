// The member centre's order history, newest first: each paid order with
// its e-invoices, a link to its result page, and its refund (the state of
// the last one, or the button that asks for one: RefundDialog); an order
// closed unpaid with what became of it. The page brings the newest
// (data.MemberOrdersShown); 顯示更多 fetches the next older ones.
import { useEffect, useState } from 'react';
import type { MemberOrder } from '../../../contract/props';
import { errorText } from '../../../lib/api';
import { usePage, brandPath, kept } from '../../../lib/page-context';
import { Link } from '../../../lib/navigation';
import { price } from '../../../lib/format';
import { useUi } from '../../../lib/ui-state';
import { badge, badgeMuted, card, cardList, orderList } from '../../../ui/card';
import { secondaryButton, smallButton } from '../../../ui/button';
import { sectionTitle } from '../../../ui/section-title';
import { memberOrders as t, refund as tr } from '../../../strings/zh-hant-checkout';
import { OrderInvoices } from './order-invoices';
import { memberOrders } from '../api';

/**
 * The section, kept by the server's runtime with its orders (lib/page-context
 * kept: its server render is its props' alone), the list inside kept apart.
 */
export const MemberOrders = kept('MemberOrders', function MemberOrders({ orders, more }: { orders: MemberOrder[]; more: boolean }) {
  const page = usePage();
  const ui = useUi();
  // the page's newest orders, then each 顯示更多's older ones
  const [shown, setShown] = useState({ orders, more });
  const [busy, setBusy] = useState(false);
  useEffect(() => setShown({ orders, more }), [orders, more]);
  if (shown.orders.length === 0) return null;
  const showMore = async () => {
    setBusy(true);
    try {
      const next = await memberOrders(page.brand!.brandId, shown.orders[shown.orders.length - 1].orderNo);
      setShown((s) => ({ orders: [...s.orders, ...next.orders.filter((o) => !s.orders.some((x) => x.orderNo === o.orderNo))], more: next.more }));
    } catch (e) {
      ui.notify(errorText(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="member-orders-title" data-testid="member-orders">
      <h3 id="member-orders-title" className={sectionTitle}>
        {t.title}
      </h3>
      <OrderList orders={shown.orders} />
      {shown.more ? (
        <p>
          <button type="button" className={secondaryButton} disabled={busy} onClick={showMore} data-testid="member-orders-more">
            {t.more}
          </button>
        </p>
      ) : null}
    </section>
  );
});

/**
 * The list, kept by the server's runtime with its orders (one part for
 * the page's orders, not one a card: each card kept apart costs a stand-in
 * of its own), its cards kept apart as well, so an order that changed
 * renders only its own card again.
 */
const OrderList = kept('MemberOrderList', function OrderList({ orders }: { orders: MemberOrder[] }) {
  return (
    <ul className={`${cardList} ${orderList}`}>
      {orders.map((o) => (
        <OrderCard key={o.orderNo} o={o} />
      ))}
    </ul>
  );
});

/**
 * One order of the list, kept by the server's runtime with its props (an
 * order's card changes only when the order does): a member's next visit,
 * or the same page again after an action, renders only what changed.
 */
const OrderCard = kept('MemberOrderCard', function OrderCard({ o }: { o: MemberOrder }) {
  const page = usePage();
  const ui = useUi();
  return (
    <li className={card} data-testid="member-order" data-order={o.orderNo} data-state={o.state}>
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
  );
});
