-- E-invoices (統一發票, issued through ezPay: providers/ezpay.go).
--
-- The buyer's choice, asked at checkout by the brands with the INVOICE
-- module and checked by rules.CheckInvoiceChoice, is kept on the order:
-- the member carrier (會員載具), a mobile barcode (手機條碼), a citizen
-- certificate (自然人憑證), a donation by love code (捐贈碼) or a company
-- invoice (統一編號 and title). null: the order asks for no invoice (a
-- brand that invoices elsewhere, or an order made before invoices).
alter table orders
    add column invoice_kind  text check (invoice_kind in ('member', 'mobile', 'certificate', 'donation', 'company')),
    add column invoice_code  text not null default '' check (length(invoice_code) <= 16),
    add column invoice_title text not null default '' check (length(invoice_title) <= 60);

-- A member's last choice, offered again at their next checkout: keyed by
-- the member (their id, not their e-mail, which may change).
create table invoice_choices (
    user_id    bigint primary key references users (id) on delete cascade,
    kind       text not null check (kind in ('member', 'mobile', 'certificate', 'donation', 'company')),
    code       text not null default '' check (length(code) <= 16),
    title      text not null default '' check (length(title) <= 60),
    updated_at timestamptz not null
);

-- One invoice per paid order, or per paid period of a recurring plan
-- (period >= 1), and one for a second charge of a period (the card-change
-- race of recurring_refunds: money received, then refunded: its invoice
-- is voided or gets an allowance). Written in the transaction that
-- records the payment, state 'issuing', with the outbox job that issues
-- it at the provider under merchant_order_no (rules.InvoiceOrderNo).
-- sent_at: a request may have reached the provider (its answer may have
-- been lost): the job asks the provider before issuing again.
create table invoices (
    id                bigint generated always as identity primary key,
    order_id          bigint not null references orders (id) on delete cascade,
    period            integer not null default 0 check (period >= 0),
    second_charge_id  bigint references recurring_refunds (id) on delete cascade,
    merchant_order_no text not null unique check (merchant_order_no ~ '^[A-Za-z0-9_]{1,20}$'),
    kind              text not null check (kind in ('member', 'mobile', 'certificate', 'donation', 'company')),
    code              text not null default '',
    title             text not null default '',
    amount            integer not null check (amount > 0), -- TWD, tax included
    state             text not null default 'issuing' check (state in ('issuing', 'issued', 'voided', 'allowance')),
    number            text check (number ~ '^[A-Z]{2}[0-9]{8}$'),
    random_code       text check (random_code ~ '^[0-9]{4}$'),
    trans_no          text check (length(trans_no) <= 40), -- the provider's InvoiceTransNo
    issued_at         timestamptz,
    sent_at           timestamptz,
    allowance_no      text check (length(allowance_no) <= 40),
    undone_at         timestamptz,
    -- the provider's last answer (status and message), for support
    answer            text not null default '',
    created_at        timestamptz not null,
    check ((state = 'issuing') = (number is null)),
    check ((state in ('voided', 'allowance')) = (undone_at is not null))
);
create unique index invoices_of_period on invoices (order_id, period) where second_charge_id is null;
create unique index invoices_of_second_charge on invoices (second_charge_id) where second_charge_id is not null;
