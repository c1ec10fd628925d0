-- Membership freezes (暫停會籍): a member asks with a reason and its
-- evidence (rules/freeze.go: the statutory reasons and the brand's caps),
-- the operator approves or rejects (`storefront freeze approve|reject`);
-- an approved freeze moves the end of the member's holdings by its days,
-- suspends their recurring plans at NewebPay for its span (outbox jobs)
-- and refuses bookings inside it. Dates are Taipei days, both included.
create table freezes (
    id           bigint generated always as identity primary key,
    brand_id     text not null,
    user_id      bigint not null,
    reason       text not null check (reason in ('abroad', 'injury', 'pregnancy', 'military', 'transfer', 'voluntary')),
    evidence     text not null default '' check (length(evidence) <= 500),
    starts_on    date not null,
    ends_on      date not null,
    state        text not null default 'requested' check (state in ('requested', 'approved', 'rejected', 'ended')),
    decided_at   timestamptz,
    decided_note text not null default '' check (length(decided_note) <= 500),
    created_at   timestamptz not null,
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade,
    check (ends_on >= starts_on),
    check ((state = 'requested') = (decided_at is null))
);
create index freezes_user on freezes (user_id, starts_on);
create index freezes_brand_open on freezes (brand_id, created_at) where state = 'requested';

-- The brand's caps (brand.json "freeze"): the longest freeze for being
-- abroad (1 to 6 months), and the voluntary freeze's shortest and longest
-- span and how many a member may have a calendar year (0: none offered).
alter table brands
    add column freeze_abroad_months      integer not null default 6 check (freeze_abroad_months between 1 and 6),
    add column freeze_voluntary_min_days integer not null default 0 check (freeze_voluntary_min_days >= 0),
    add column freeze_voluntary_max_days integer not null default 0 check (freeze_voluntary_max_days >= 0),
    add column freeze_voluntary_per_year integer not null default 0 check (freeze_voluntary_per_year between 0 and 12);
