package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// historyOrders is how many orders the member-centre row's member has
// made: the member centre lists its order history, and a member who buys
// every month has tens of orders (the checkout row buys as a member of its
// own: its thousand orders are not the demo member's).
var historyOrders = flag.Int("orders", 30, "orders in the member-centre row's member's history (given in the bench's database before the row)")

// giveOrderHistory tops the demo member's order history up to n orders, as
// a member who has bought for a few years holds them: most paid, with
// their issued e-invoices, every fifth refunded (its invoice given an
// allowance) or with a refund asked for, every seventh closed unpaid
// (failed, cancelled or expired).
func giveOrderHistory(ctx context.Context, dbURL string, n int) error {
	return giveOrderHistories(ctx, dbURL, demoMember, n)
}

// giveOrderHistories is giveOrderHistory for each member of the demo brand
// whose e-mail is like emails (SQL's like).
func giveOrderHistories(ctx context.Context, dbURL, emails string, n int) error {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, `
		with member as (
			select u.id as user_id from users u where u.brand_id = 'demo' and u.email like $2
		), want as (
			select g as i, m.user_id,
				case when g % 7 = 0 then (array['failed', 'cancelled', 'expired'])[1 + g / 7 % 3]
				     when g % 5 = 0 then 'refunded' else 'paid' end as state,
				now() - make_interval(days => 20 * g::int) as at
			from member m,
				generate_series(1, greatest(0, $1 - (select count(*) from orders o where o.user_id = m.user_id))) g
		), made as (
			insert into orders (brand_id, user_id, number, kind, amount, state, pay_way, provider, provider_trade_no, card_last4, expires_at, paid_at, created_at)
			select 'demo', user_id, 'BENCHH' || lpad(user_id::text, 8, '0') || lpad(i::text, 5, '0'), 'item',
				(array[1800, 3600, 7200, 12000])[1 + i % 4], state, '2', 'newebpay',
				case when i % 7 = 0 then null else 'T' || md5(random()::text) end,
				case when i % 7 = 0 then null else '4242' end,
				at + interval '15 minutes', case when i % 7 = 0 then null else at end, at
			from want
			returning id, number, amount, state, paid_at
		), lines as (
			insert into order_lines (order_id, name, unit_price, quantity)
			select id, (array['季卡通行卡', '十堂課程卡', '年度會籍', '儲值點數 3600 點'])[1 + abs(hashtext(number)) % 4], amount, 1 from made
		), invoiced as (
			insert into invoices (order_id, merchant_order_no, kind, amount, state, number, random_code, issued_at, undone_at, created_at)
			select id, substr(number, 1, 20), 'member', amount,
				case when state = 'refunded' then 'allowance' else 'issued' end,
				'AB' || lpad(id::text, 8, '0'), lpad((abs(hashtext(number)) % 10000)::text, 4, '0'),
				paid_at, case when state = 'refunded' then paid_at + interval '3 days' end, paid_at
			from made where paid_at is not null
		)
		insert into refunds (order_id, amount, whole, state, reason, requested_at, answered_at, kind, offered)
		select id, amount, true, case when state = 'refunded' then 'refunded' else 'rejected' end, '搬家',
			paid_at + interval '1 day', paid_at + interval '3 days', 'termination', amount
		from made where state = 'refunded' or (paid_at is not null and abs(hashtext(number)) % 4 = 0)`, n, emails)
	if err != nil {
		return fmt.Errorf("the order history of %s: %w", emails, err)
	}
	return nil
}
