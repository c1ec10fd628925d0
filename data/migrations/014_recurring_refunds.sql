-- A period charged twice (the card-change race: the old card was
-- charged for a period before its mandate ended, and the new card for the
-- same period): the second charge is refunded at NewebPay (信用卡請退款),
-- once. One row per duplicate charge, keyed by its trade, so a replayed or
-- raced notification finds it; 'requesting' while one request holds it at
-- the provider, 'pending' when a request failed and a later one may retry.
create table recurring_refunds (
    id             bigint generated always as identity primary key,
    order_id       bigint not null references recurring_plans (order_id) on delete cascade,
    period         integer not null check (period >= 1),
    mandate_id     bigint not null references recurring_mandates (id) on delete cascade,
    trade_no       text not null unique check (length(trade_no) between 1 and 64),
    trade_order_no text not null check (length(trade_order_no) between 1 and 40),
    amount         integer not null check (amount > 0),
    state          text not null check (state in ('requesting', 'pending', 'refunded')),
    failure        text not null default '',
    created_at     timestamptz not null,
    refunded_at    timestamptz
);
create index recurring_refunds_order on recurring_refunds (order_id);
