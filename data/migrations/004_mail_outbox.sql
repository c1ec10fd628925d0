-- The mail outbox: every mail the storefront sends is first a row here,
-- written in the same transaction as the change it reports (a
-- registration and its verification token, a reset token). A worker in
-- each host process claims due rows with FOR UPDATE SKIP LOCKED, sends
-- them and retries with backoff until sent: at least once, never lost.
--
-- The body holds the mail's link with its token in clear until the mail is
-- sent; sending blanks it (the token's hash stays in user_tokens).
create table mail_outbox (
    id              bigint generated always as identity primary key,
    -- what the mail is about, so a newer mail of the same purpose to the
    -- same member can replace one not yet sent ('' and null: none)
    purpose         text not null default '',
    user_id         bigint references users (id) on delete cascade,
    to_addr         text not null check (length(to_addr) between 3 and 254),
    from_name       text not null default '',
    subject         text not null,
    text_body       text not null,
    html_body       text not null default '',
    attempts        integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error      text,
    sent_at         timestamptz,
    created_at      timestamptz not null default now()
);

-- the worker's scan: due rows not yet sent
create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null;
create index mail_outbox_user on mail_outbox (user_id, purpose) where sent_at is null;

-- Sessions revoked lately: every host loads them at start, so a stale
-- cached copy of one is refused.
create index sessions_revoked on sessions (revoked_at) where revoked_at is not null;
