-- Orders: what a member buys online, its lines, every change
-- of its state, and what the payment providers told us.
--
-- An order is created → awaiting_payment → paid, or failed, cancelled or
-- expired. Each change is one transaction that locks the order row (select
-- … for update) and writes an order_events row; paying also creates the
-- holdings the order sold (member_passcards, member_tickets,
-- member_counting_passcards, whose order_id names it) and queues the
-- receipt mail, in that same transaction, once.

create table orders (
    id                bigint generated always as identity primary key,
    brand_id          text not null,
    user_id           bigint not null,
    -- random, URL-safe and not guessable (data/orders.go: newOrderNumber);
    -- also NewebPay's MerchantOrderNo and LINE Pay's orderId, so unique
    -- across brands (one merchant may serve several)
    number            text not null unique check (number ~ '^[A-Za-z0-9_]{12,30}$'),
    kind              text not null check (kind in ('item', 'course', 'plan')),
    amount            integer not null check (amount >= 0), -- TWD
    state             text not null default 'created'
        check (state in ('created', 'awaiting_payment', 'paid', 'failed', 'cancelled', 'expired')),
    -- the payment way (spec section 3: '2' online card; LINEPAY)
    pay_way           text not null check (pay_way in ('2', 'LINEPAY')),
    provider          text not null check (provider in ('newebpay', 'linepay', 'test')),
    -- the provider's trade number (NewebPay TradeNo, LINE Pay
    -- transactionId): a notification naming one already recorded is a
    -- repeat
    provider_trade_no text check (length(provider_trade_no) between 1 and 64),
    card_last4        text check (card_last4 ~ '^[0-9]{4}$'), -- never more of the card
    -- where the buyer approves a LINE Pay payment (web, app webview): a
    -- reloaded payment page goes there again (LINE Pay takes one request
    -- per orderId)
    pay_url_web       text not null default '',
    pay_url_app       text not null default '',
    failure           text not null default '', -- why it failed, for the buyer
    expires_at        timestamptz not null,
    paid_at           timestamptz,
    created_at        timestamptz not null default now(),
    updated_at        timestamptz not null default now(),
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade,
    unique (brand_id, number),
    unique (provider, provider_trade_no),
    check ((state = 'paid') = (paid_at is not null))
);
create index orders_user on orders (user_id, created_at desc);
create index orders_due on orders (expires_at) where state in ('created', 'awaiting_payment');

-- What an order sells, with the terms it was sold on (copied from the item
-- when the order is made: the item may change later). A course line is a
-- seat (course, store, and the schedule when one was chosen); the booking
-- flow links seats to bookings.
create table order_lines (
    id              bigint generated always as identity primary key,
    order_id        bigint not null references orders (id) on delete cascade,
    item_id         bigint references items (id) on delete set null,
    item_type       text check (item_type in ('passcard', 'countingPasscard', 'point', 'quantityPasscard')),
    course_id       bigint references courses (id) on delete set null,
    schedule_id     bigint references course_schedules (id) on delete set null,
    name            text not null,
    unit_price      integer not null check (unit_price >= 0),
    quantity        integer not null check (quantity > 0),
    store_id        bigint references stores (id) on delete set null,
    salesman_id     bigint references salesmen (id) on delete set null,
    -- the item's terms: what it grants (points, minutes, visits), its
    -- start type and validity, and the start the buyer chose (CUSTOM) or
    -- the operator set (ADMIN_CUSTOM)
    grants          integer check (grants > 0),
    activation_type text not null default 'IMMEDIATELY'
        check (activation_type in ('IMMEDIATELY', 'BOOKING', 'ATTEND', 'CUSTOM', 'ADMIN_CUSTOM')),
    start_on        date,
    validity_value  integer check (validity_value > 0),
    validity_unit   text check (validity_unit in ('M', 'W', 'D', 'Y')),
    -- set when paid: the holdings' period (null: waits for its first use)
    starts_on       date,
    ends_on         date,
    check ((item_id is null) <> (course_id is null) or (item_id is null and course_id is null)),
    check ((validity_value is null) = (validity_unit is null))
);
create index order_lines_order on order_lines (order_id, id);

-- Every state change of an order: when, from and to what, why, and the
-- SHA-256 of the provider's payload that caused it (hex; '' when none).
create table order_events (
    id             bigint generated always as identity primary key,
    order_id       bigint not null references orders (id) on delete cascade,
    at             timestamptz not null,
    from_state     text not null,
    to_state       text not null,
    cause          text not null,
    payload_digest text not null default '' check (payload_digest ~ '^([0-9a-f]{64})?$')
);
create index order_events_order on order_events (order_id, id);

-- What the providers sent us, verified or not: for audit and to tell a
-- replay (same digest) from a new message. Never the card number: only the
-- payload's digest and the fields we read from it.
create table provider_callbacks (
    id           bigint generated always as identity primary key,
    provider     text not null check (provider in ('newebpay', 'linepay', 'test')),
    kind         text not null check (kind in ('notify', 'return', 'confirm', 'cancel')),
    order_number text not null default '',
    digest       text not null check (digest ~ '^[0-9a-f]{64}$'),
    verified     boolean not null,
    status       text not null default '',
    amount       integer,
    trade_no     text not null default '',
    outcome      text not null default '',
    received_at  timestamptz not null default now()
);
create index provider_callbacks_order on provider_callbacks (order_number, received_at);
create index provider_callbacks_digest on provider_callbacks (provider, digest);

-- The holdings an order sold name it (migration 005 added the columns).
alter table member_passcards
    add constraint member_passcards_order foreign key (order_id) references orders (id) on delete set null;
alter table member_tickets
    add constraint member_tickets_order foreign key (order_id) references orders (id) on delete set null;
alter table member_counting_passcards
    add constraint member_counting_passcards_order foreign key (order_id) references orders (id) on delete set null;
