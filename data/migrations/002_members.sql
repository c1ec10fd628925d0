-- Members of a brand: accounts, sessions, e-mailed tokens, login
-- throttling, and what a member holds (passcards, tickets, counting
-- passcards, bookings).
--
-- These tables have brand_id but are NOT brand catalogue data: they carry
-- no brand_child_changed() trigger, so a login or a registration never bumps
-- brands.data_version (which would flush the brand's cached pages).

-- An account belongs to one brand: the same e-mail may be a member of two
-- brands. A deleted account keeps its row (its phone cannot be reused,
-- error -60000014); only accounts not deleted hold their e-mail uniquely.
create table users (
    id                bigint generated always as identity primary key,
    brand_id          text not null references brands (id) on delete cascade,
    email             text not null check (email = lower(email) and length(email) between 3 and 254),
    name              text not null check (length(name) between 1 and 50),
    -- the phone of the brand's phone-type custom field, digits only
    -- (0912345678), '' when none
    phone             text not null default '' check (phone ~ '^[0-9]{0,15}$'),
    -- bcrypt of the MD5 hex the client sends; bcrypt holds its own salt
    password_hash     text not null,
    -- values of the brand's USER custom fields, key -> text
    custom_values     jsonb not null default '{}' check (jsonb_typeof(custom_values) = 'object'),
    email_verified_at timestamptz,
    unsubscribed_at   timestamptz,
    deleted_at        timestamptz,
    created_at        timestamptz not null default now(),
    updated_at        timestamptz not null default now(),
    unique (brand_id, id)
);
create unique index users_brand_email on users (brand_id, email) where deleted_at is null;
create index users_deleted_phone on users (brand_id, phone) where deleted_at is not null and phone <> '';

-- Server-side sessions. The session id lives only in the member's cookie
-- (or Authorization header); the table keeps its SHA-256.
create table sessions (
    id_hash    bytea primary key check (length(id_hash) = 32),
    brand_id   text not null,
    user_id    bigint not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz,
    user_agent text not null default '',
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade
);
create index sessions_user on sessions (user_id) where revoked_at is null;

-- Tokens sent by e-mail: e-mail verification and password reset. A mail
-- carries a long token (in its link) and a 6-digit code; only their
-- SHA-256 is kept. sent_at is when the mail went out (a new one may follow
-- 3 minutes later, error -10049). Sending a new mail replaces the old token.
create table user_tokens (
    id         bigint generated always as identity primary key,
    user_id    bigint not null references users (id) on delete cascade,
    purpose    text not null check (purpose in ('verify', 'reset')),
    token_hash bytea not null check (length(token_hash) = 32),
    code_hash  bytea not null check (length(code_hash) = 32),
    -- wrong codes tried; past the limit the code is spent
    attempts   integer not null default 0,
    sent_at    timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at    timestamptz
);
create index user_tokens_user on user_tokens (user_id, purpose, sent_at desc);

-- Wrong passwords per key ('account:{brand}:{email}' or 'address:{ip}'):
-- the failures of the current window and when the key is refused until.
create table login_throttle (
    key             text primary key check (length(key) <= 400),
    failures        integer not null default 0,
    window_start    timestamptz not null default now(),
    last_failure_at timestamptz not null default now(),
    locked_until    timestamptz
);

-- What a member holds.

-- Passcards (定期通行卡): valid from starts_on to ends_on; starts_on is null
-- until the pass is activated (activation types of spec section 4).
create table member_passcards (
    id              bigint generated always as identity primary key,
    brand_id        text not null,
    user_id         bigint not null,
    item_id         bigint references items (id) on delete set null,
    name            text not null,
    activation_type text not null default 'IMMEDIATELY'
        check (activation_type in ('IMMEDIATELY', 'BOOKING', 'ATTEND', 'CUSTOM', 'ADMIN_CUSTOM')),
    starts_on       date,
    ends_on         date,
    purchased_at    timestamptz not null default now(),
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade,
    check (ends_on is null or starts_on is null or ends_on >= starts_on)
);
create index member_passcards_user on member_passcards (user_id, purchased_at desc);

-- Tickets: stored-value points and count cards (ticket types of spec
-- section 3). remain counts down from total.
create table member_tickets (
    id           bigint generated always as identity primary key,
    brand_id     text not null,
    user_id      bigint not null,
    item_id      bigint references items (id) on delete set null,
    name         text not null,
    ticket_type  text not null check (ticket_type in (
        'onlinePoint', 'point', 'count', 'hour', 'package', 'couponPoint', 'couponCount', 'couponHour',
        'privatePoint', 'privateCount', 'privateHour', 'privatePackage',
        'privateCouponPoint', 'privateCouponCount', 'privateCouponHour')),
    total        integer not null check (total >= 0),
    remain       integer not null check (remain >= 0 and remain <= total),
    ends_on      date,
    purchased_at timestamptz not null default now(),
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade
);
create index member_tickets_user on member_tickets (user_id, purchased_at desc);

-- Counting (timing) passcards (分鐘計費卡): minutes left. A card is active
-- once activated_on is set, expired after ends_on, and available unless the
-- operator suspended it; remaining points count only cards that are all
-- three (spec section 4).
create table member_counting_passcards (
    id             bigint generated always as identity primary key,
    brand_id       text not null,
    user_id        bigint not null,
    item_id        bigint references items (id) on delete set null,
    name           text not null,
    total_minutes  integer not null check (total_minutes >= 0),
    remain_minutes integer not null check (remain_minutes >= 0 and remain_minutes <= total_minutes),
    activated_on   date,
    ends_on        date,
    available      boolean not null default true,
    purchased_at   timestamptz not null default now(),
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade
);
create index member_counting_passcards_user on member_counting_passcards (user_id, purchased_at desc);

-- Bookings of classes.
create table bookings (
    id          bigint generated always as identity primary key,
    brand_id    text not null,
    user_id     bigint not null,
    store_id    bigint references stores (id) on delete set null,
    course_name text not null,
    coach_name  text not null default '',
    starts_at   timestamptz not null,
    ends_at     timestamptz not null,
    status      text not null default 'booked' check (status in ('booked', 'cancelled', 'attended')),
    created_at  timestamptz not null default now(),
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade,
    check (ends_at > starts_at)
);
create index bookings_user on bookings (user_id, starts_at desc);

-- Every process drops a revoked session from its own cache.
create function session_revoked() returns trigger language plpgsql as $$
begin
    perform pg_notify('session_revoked', encode(new.id_hash, 'hex'));
    return null;
end $$;

create trigger sessions_revoked after update of revoked_at on sessions
    for each row when (new.revoked_at is not null and old.revoked_at is null)
    execute function session_revoked();
