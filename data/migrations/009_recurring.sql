-- Recurring card payments (spec section 3, payment way '1'):
-- an item sold by NewebPay's periodic payment (定期定額). The order is
-- paid by its first period (the existing order → holding path); each
-- later period extends what it sold, once (recurring_charges is unique per
-- order and period); a declined period marks the holding payment-failed
-- until a card change re-charges it.

alter table orders drop constraint orders_pay_way_check;
alter table orders add constraint orders_pay_way_check check (pay_way in ('1', '2', 'LINEPAY'));

-- an item sold by recurring payment: how many periods (of its validity)
-- one purchase runs; null: not sold that way
alter table items add column recurring_periods integer check (recurring_periods between 2 and 99);

-- One per recurring order: its terms (copied when the buyer is handed to
-- NewebPay) and where it stands.
create table recurring_plans (
    order_id      bigint primary key references orders (id) on delete cascade,
    amount        integer not null check (amount > 0),               -- each period, TWD
    period_type   text not null check (period_type in ('D', 'W', 'M', 'Y')),
    period_point  text not null,                                     -- M: day of the month, 01-31
    periods       integer not null check (periods between 1 and 99),
    paid_periods  integer not null default 0 check (paid_periods >= 0),
    -- the earliest declined period not paid since (null: none): the
    -- holding is payment-failed while it is set
    failed_period integer check (failed_period >= 1),
    card_last4    text check (card_last4 ~ '^[0-9]{4}$'),            -- never more of the card
    updated_at    timestamptz not null
);

-- Each mandate made at NewebPay for a recurring order: the first, and one
-- per card change. A mandate's period AlreadyTimes = n is the order's
-- period base + n; its creation pays first_period (null: nothing charged,
-- the ten-dollar check).
create table recurring_mandates (
    id            bigint generated always as identity primary key,
    order_id      bigint not null references recurring_plans (order_id) on delete cascade,
    mer_order_no  text not null unique check (mer_order_no ~ '^[A-Za-z0-9_]{12,30}$'),
    start_type    smallint not null check (start_type in (1, 2)),
    first_period  integer check (first_period >= 1),
    base          integer not null,
    times         integer not null check (times between 1 and 99),
    state         text not null default 'pending' check (state in ('pending', 'active', 'failed', 'terminated')),
    period_no     text unique check (length(period_no) between 1 and 40),
    card_last4    text check (card_last4 ~ '^[0-9]{4}$'),
    failure       text not null default '',
    created_at    timestamptz not null,
    activated_at  timestamptz,
    check ((start_type = 2) = (first_period is not null))
);
create index recurring_mandates_order on recurring_mandates (order_id, id);

-- Each period charged: once per order and period (a replayed
-- notification finds its row); a declined period may be paid later (a
-- card change), never the other way.
create table recurring_charges (
    order_id    bigint not null references recurring_plans (order_id) on delete cascade,
    period      integer not null check (period >= 1),
    state       text not null check (state in ('paid', 'failed')),
    amount      integer not null check (amount > 0),
    mandate_id  bigint not null references recurring_mandates (id) on delete cascade,
    trade_no    text not null default '',
    at          timestamptz not null,
    primary key (order_id, period)
);

alter table member_passcards add column payment_failed boolean not null default false;
