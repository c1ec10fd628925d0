-- The order states the refunds need (rules/order.go, not reached yet): a
-- paid order whose refunds add up to part of its amount is
-- partially_refunded, to all of it refunded; both keep their paid_at.
alter table orders drop constraint orders_state_check;
alter table orders add constraint orders_state_check
    check (state in ('created', 'awaiting_payment', 'paid', 'failed', 'cancelled', 'expired', 'partially_refunded', 'refunded'));
alter table orders drop constraint orders_check;
alter table orders add constraint orders_paid_at_check
    check ((state in ('paid', 'partially_refunded', 'refunded')) = (paid_at is not null));

-- A refund is its own row: an order may have several, each of part of its
-- amount or of what is left of it (whole). requested while the provider
-- is asked, then refunded or failed (a failed one may be asked again:
-- requested). No flow makes one yet (rules.RefundNext refuses).
create table refunds (
    id           bigint generated always as identity primary key,
    order_id     bigint not null references orders (id) on delete cascade,
    amount       integer not null check (amount > 0), -- TWD
    whole        boolean not null,
    state        text not null default 'requested',
    reason       text not null default '',
    -- the provider's reference of the refund, once it answered
    provider_ref text check (length(provider_ref) between 1 and 64),
    failure      text not null default '', -- why the provider refused
    requested_at timestamptz not null,
    answered_at  timestamptz,
    constraint refunds_state_check check (state in ('requested', 'refunded', 'failed')),
    check ((state = 'requested') = (answered_at is null))
);
create index refunds_order on refunds (order_id);
