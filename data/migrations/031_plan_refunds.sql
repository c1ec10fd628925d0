-- Refunding a recurring plan (定期定額): its periods were paid by trades
-- of their own (a period's MerchantOrderNo is its mandate's MerOrderNo_n,
-- the creation's charge the MerOrderNo itself), so a plan's refund gives
-- money back trade by trade, through the card refund of each.
alter table recurring_charges add column trade_order_no text not null default '';
update recurring_charges c set trade_order_no = case when m.first_period = c.period then m.mer_order_no
    else m.mer_order_no || '_' || (c.period - m.base) end
    from recurring_mandates m where m.id = c.mandate_id;

-- The period trades a plan's refund gives back, and how much of each:
-- written when the refund is sent, the latest periods first; refunded_at
-- set once the provider refunded that part (a crash before it: the sweep
-- asks the provider what the trade refunded before asking again).
create table refund_trades (
    refund_id      bigint not null references refunds (id) on delete cascade,
    period         integer not null check (period >= 1),
    trade_no       text not null check (length(trade_no) between 1 and 64),
    trade_order_no text not null check (length(trade_order_no) between 1 and 40),
    charged        integer not null check (charged > 0), -- what the trade charged
    amount         integer not null check (amount > 0 and amount <= charged),
    refunded_at    timestamptz,
    primary key (refund_id, period)
);
create index refund_trades_trade on refund_trades (trade_no);

-- A plan's member may end it when the rules leave nothing to give back
-- (the months elapsed cost all that was paid): a termination of NT$0,
-- which ends the plan and the holding and gives back nothing.
alter table refunds drop constraint refunds_amount_check;
alter table refunds add constraint refunds_amount_check check (amount > 0 or kind = 'termination' and amount = 0);

-- What a plan's periods had paid when its member asked (null: not a
-- plan): a period charged after the member's notice (its mandate not yet
-- terminated at NewebPay) is given back whole with the refund.
alter table refunds add column plan_paid integer check (plan_paid >= 0);
