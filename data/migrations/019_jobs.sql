-- The outbox becomes a general job outbox: every piece of work that must
-- follow a committed change (a mail today; invoices, refunds, messages and
-- reminders next) is first a row here, written in the same transaction as
-- the change. A worker in each host process claims due rows of the kinds it
-- handles (FOR UPDATE SKIP LOCKED), runs them and retries a failure with
-- growing waits; a job that keeps failing is marked dead (kept, counted in
-- /metrics), never deleted.
--
-- The lease: a claim moves next_at to the end of the claimer's lease and
-- counts an attempt, so a process that dies mid-job leaves it due again
-- once the lease runs out, and no other host takes it before. attempts is
-- the claim's fencing token: a late answer of an expired claim records
-- nothing.
create table jobs (
    id         bigint generated always as identity primary key,
    kind       text not null check (kind <> ''),
    -- the job's identity within its kind: queuing the same (kind, key)
    -- again is a no-op, so a replayed use case queues its job once.
    -- null: none (mails; a newer mail replaces an unsent one instead)
    key        text check (key <> ''),
    payload    jsonb not null,
    attempts   integer not null default 0,
    next_at    timestamptz not null default now(),
    last_error text,
    done_at    timestamptz,
    dead_at    timestamptz,
    created_at timestamptz not null default now(),
    unique (kind, key),
    check (done_at is null or dead_at is null),
    -- a mail the outbox could never send is refused with the change that
    -- queues it (as mail_outbox's to_addr check did)
    constraint jobs_mail_to check (kind <> 'mail' or length(payload->>'to') between 3 and 254)
);

-- the worker's scan: jobs waiting (not done, not dead), by due time
create index jobs_due on jobs (next_at) where done_at is null and dead_at is null;
-- /metrics: jobs waiting or dead, per kind
create index jobs_open on jobs (kind) where done_at is null;
-- a newer mail of the same purpose to the same member replaces an unsent one
create index jobs_mail_user on jobs (((payload->>'userId')::bigint), (payload->>'purpose'))
    where kind = 'mail' and done_at is null and dead_at is null;

-- the mails queued so far, sent or not, become mail jobs (same ids)
insert into jobs (id, kind, payload, attempts, next_at, last_error, done_at, created_at)
overriding system value
select id, 'mail', jsonb_strip_nulls(jsonb_build_object(
        'to', to_addr,
        'fromName', nullif(from_name, ''),
        'subject', subject,
        'text', text_body,
        'html', nullif(html_body, ''),
        'userId', user_id,
        'purpose', nullif(purpose, ''),
        'attachment', case when attachment_name <> '' then jsonb_build_object(
            'name', attachment_name, 'type', attachment_type,
            'content', translate(encode(attachment, 'base64'), E'\n', '')) end,
        'unsubscribe', nullif(unsubscribe_url, ''))),
    attempts, next_attempt_at, last_error, sent_at, created_at
from mail_outbox;
select setval(pg_get_serial_sequence('jobs', 'id'), coalesce((select max(id) from jobs), 0) + 1, false);

drop table mail_outbox;

-- The mail jobs as the mail outbox read before, one column per field: for
-- reading (tests, support queries); jobs are written through data only.
create view mail_outbox as
select id,
    coalesce(payload->>'purpose', '') as purpose,
    (payload->>'userId')::bigint as user_id,
    payload->>'to' as to_addr,
    coalesce(payload->>'fromName', '') as from_name,
    payload->>'subject' as subject,
    coalesce(payload->>'text', '') as text_body,
    coalesce(payload->>'html', '') as html_body,
    coalesce(payload#>>'{attachment,name}', '') as attachment_name,
    coalesce(payload#>>'{attachment,type}', '') as attachment_type,
    decode(payload#>>'{attachment,content}', 'base64') as attachment,
    coalesce(payload->>'unsubscribe', '') as unsubscribe_url,
    attempts,
    next_at as next_attempt_at,
    last_error,
    done_at as sent_at,
    dead_at,
    created_at
from jobs where kind = 'mail';
