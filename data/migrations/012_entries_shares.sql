-- The studio door's scanner and plan sharing.
--
-- A timing card's visit: the scanner's first read of the member's timing
-- card QR opens it, the next read closes it and takes its minutes from the
-- member's timing cards in the same transaction. A member has at most one
-- open visit. What the cards could not pay is kept as overdue (the
-- counting-passcard overdue purchase pays it).
create table timing_visits (
    id         bigint generated always as identity primary key,
    brand_id   text not null,
    user_id    bigint not null,
    started_at timestamptz not null,
    ended_at   timestamptz,
    minutes    integer check (minutes >= 0),  -- the visit's length, rounded up
    charged    integer not null default 0 check (charged >= 0), -- taken from the cards
    overdue    integer not null default 0 check (overdue >= 0),  -- not covered by them
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade,
    check ((ended_at is null) = (minutes is null)),
    check (ended_at is null or ended_at >= started_at),
    check (minutes is null or charged + overdue = minutes)
);
create unique index timing_visits_open on timing_visits (user_id) where ended_at is null;
create index timing_visits_user on timing_visits (user_id, started_at desc);

-- Points a member shared with another member of the brand (module
-- PLAN_SHARING): taken from the sender's ticket and given as a new ticket
-- of the same kind and end, in one transaction; the request's
-- Idempotency-Key (booking_requests) makes a repeat a no-op.
create table point_shares (
    id          bigint generated always as identity primary key,
    brand_id    text not null,
    from_user   bigint not null,
    to_user     bigint not null,
    from_ticket bigint references member_tickets (id) on delete set null,
    to_ticket   bigint references member_tickets (id) on delete set null,
    name        text not null,
    points      integer not null check (points > 0),
    created_at  timestamptz not null default now(),
    foreign key (brand_id, from_user) references users (brand_id, id) on delete cascade,
    foreign key (brand_id, to_user) references users (brand_id, id) on delete cascade,
    check (from_user <> to_user)
);
create index point_shares_from on point_shares (from_user, created_at desc);
create index point_shares_to on point_shares (to_user, created_at desc);
