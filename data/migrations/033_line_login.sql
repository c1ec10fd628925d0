-- LINE Login: a brand's own LINE Login channel is kept with its merchant
-- accounts (kind 'line'), the members' links to their LINE users, and the
-- logins under way.
alter table brand_credentials drop constraint brand_credentials_kind_check;
alter table brand_credentials add constraint brand_credentials_kind_check
    check (kind in ('newebpay', 'linepay', 'ezpay', 'ach', 'chailease', 'line'));

-- A member linked to a LINE user of the brand's channel (LINE's user id,
-- sub, is unique per provider: a changed channel does not find old
-- links). One LINE user per member and one member per LINE user.
create table line_links (
    brand_id   text not null,
    user_id    bigint not null,
    channel_id text not null check (channel_id <> ''),
    line_sub   text not null check (length(line_sub) between 1 and 64),
    created_at timestamptz not null,
    primary key (brand_id, user_id),
    unique (brand_id, channel_id, line_sub),
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade
);

-- A LINE login under way: its state (only its SHA-256 kept), bound to the
-- browser that started it (the SHA-256 of the secret of its HttpOnly
-- cookie), its nonce and the page to go back to; user_id is set for a
-- member linking LINE from the member centre. Used once (used_at). After
-- the callback a LINE user who is no member yet waits here (line_*) for
-- the registration form, once (registered_at).
create table line_logins (
    state_hash    bytea primary key check (length(state_hash) = 32),
    brand_id      text not null references brands (id) on delete cascade,
    browser_hash  bytea not null check (length(browser_hash) = 32),
    nonce         text not null,
    next          text not null default '',
    user_id       bigint references users (id) on delete cascade,
    created_at    timestamptz not null,
    expires_at    timestamptz not null,
    used_at       timestamptz,
    channel_id    text,
    line_sub      text,
    line_name     text,
    line_email    text,
    registered_at timestamptz
);
create index line_logins_browser on line_logins (browser_hash) where line_sub is not null and registered_at is null;
create index line_logins_expiry on line_logins (expires_at);
