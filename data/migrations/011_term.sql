-- Term-schedule purchase and overdue counting passcards.
--
-- A term order (kind 'term') buys a class of a term schedule whole (from
-- the next session on, priced pro rata when the term has begun) or one
-- trial session. Creating the order holds its seats (course_schedules.
-- booked, the conditional update and its check constraint never oversell)
-- in a term_holds row, in the order's transaction; paying books the held
-- sessions (bookings of pay kind 'order'); failing, cancelling or expiring
-- the order releases them. A member holds one live trial per term and one
-- live hold per class (unique indexes: a race loses with a clear code).
--
-- An overdue order (kind 'overdue') pays what a counting passcard that
-- went below zero owes, computed from the brand's charging setting; paying
-- adds the minutes owed back to the card, once.

alter table orders drop constraint orders_kind_check;
alter table orders add constraint orders_kind_check check (kind in ('item', 'course', 'plan', 'term', 'overdue'));

-- A trial session of a class costs trial_price (null: the class has no trial).
alter table term_classes add column trial_price integer check (trial_price >= 0);

alter table order_lines
    add column term_class_id        bigint references term_classes (id) on delete set null,
    add column trial                boolean not null default false,
    add column counting_passcard_id bigint references member_counting_passcards (id) on delete set null,
    add column overdue_minutes      integer check (overdue_minutes > 0),
    add check (counting_passcard_id is null or overdue_minutes is not null);

create table term_holds (
    id               bigint generated always as identity primary key,
    order_id         bigint not null references orders (id) on delete cascade,
    brand_id         text not null,
    user_id          bigint not null,
    term_schedule_id bigint not null references term_schedules (id) on delete cascade,
    term_class_id    bigint not null references term_classes (id) on delete cascade,
    trial            boolean not null,
    -- the sessions whose seats it holds (course_schedules ids)
    sessions         bigint[] not null check (cardinality(sessions) > 0),
    created_at       timestamptz not null,
    booked_at        timestamptz, -- paid: the bookings were made
    released_at      timestamptz, -- the order failed, was cancelled or expired
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade,
    check (booked_at is null or released_at is null)
);
create unique index term_holds_order on term_holds (order_id);
-- a trial once per member and term
create unique index term_holds_trial on term_holds (user_id, term_schedule_id) where trial and released_at is null;
-- a class bought once per member
create unique index term_holds_class on term_holds (user_id, term_class_id) where not trial and released_at is null;

-- A counting passcard may go below zero (a visit longer than the minutes
-- left): the member owes the minutes below zero.
alter table member_counting_passcards drop constraint member_counting_passcards_check;
alter table member_counting_passcards add constraint member_counting_passcards_remain check (remain_minutes <= total_minutes);

-- What owed minutes cost: every started block of unit_minutes costs
-- unit_price (rules.OverdueAmount).
create table counting_charging_settings (
    brand_id     text primary key references brands (id) on delete cascade,
    unit_minutes integer not null check (unit_minutes > 0),
    unit_price   integer not null check (unit_price >= 0),
    updated_at   timestamptz not null default now()
);

-- A counting passcard's history: minutes used (negative) or added back
-- (positive, a settled debt), with the amount paid when there is one.
create table counting_usage (
    id                   bigint generated always as identity primary key,
    counting_passcard_id bigint not null references member_counting_passcards (id) on delete cascade,
    at                   timestamptz not null,
    minutes              integer not null check (minutes <> 0),
    amount               integer not null default 0 check (amount >= 0),
    note                 text not null default '',
    order_id             bigint references orders (id) on delete set null
);
create index counting_usage_card on counting_usage (counting_passcard_id, at desc);
create unique index counting_usage_order on counting_usage (order_id) where order_id is not null;
