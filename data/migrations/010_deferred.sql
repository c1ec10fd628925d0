-- Deferred payments: ACH bank debit (the order waits for the
-- bank's answer) and Chailease instalments (the order is paid when the
-- instalment completes).
--
-- The payment-way and provider checks of migration 007 are widened by
-- adding values to whatever they allow now (another migration may have
-- widened them before this one): each check is rebuilt from its current
-- list plus ours.
create function pg_temp.widen_check(tbl text, col text, added text[]) returns void language plpgsql as $$
declare
    con  text;
    vals text[];
begin
    select c.conname, array(select m[1] from regexp_matches(pg_get_constraintdef(c.oid), '''([^'']*)''', 'g') as m)
      into con, vals
      from pg_constraint c
     where c.conrelid = tbl::regclass and c.contype = 'c'
       and pg_get_constraintdef(c.oid) like '%' || col || '%' and pg_get_constraintdef(c.oid) like '%ANY%';
    if con is null then
        raise exception 'no check constraint on %.%', tbl, col;
    end if;
    select array(select distinct v from unnest(vals || added) as v order by v) into vals;
    execute format('alter table %I drop constraint %I', tbl, con);
    execute format('alter table %I add constraint %I check (%I = any (%L::text[]))', tbl, con, col, vals);
end $$;

select pg_temp.widen_check('orders', 'pay_way', array['ACH', 'CHAILEASE']);
select pg_temp.widen_check('orders', 'provider', array['ach', 'chailease']);
select pg_temp.widen_check('provider_callbacks', 'provider', array['ach', 'chailease']);

-- The instalments a Chailease buyer chose (null: none, or not yet known).
alter table orders add column instalments smallint check (instalments between 1 and 60);

-- An ACH debit authorisation (授權扣款), one per ACH order: what the member
-- gave, the agreement they accepted and the bank's answer. The account
-- number and the national ID are stored sealed (AES-256-GCM with the key
-- of STOREFRONT_ACH_KEY: 12-byte nonce then ciphertext and tag, the order
-- number and field name as associated data, so a sealed value cannot be
-- moved to another row or field); only their masked forms are plain.
create table ach_mandates (
    id               bigint generated always as identity primary key,
    order_id         bigint not null unique references orders (id) on delete cascade,
    bank_code        text not null check (bank_code ~ '^[0-9]{3}$'),
    branch_code      text not null check (branch_code ~ '^[0-9]{4}$'),
    account_sealed   bytea not null check (length(account_sealed) > 28),
    account_last4    text not null check (account_last4 ~ '^[0-9]{4}$'),
    holder_name      text not null check (length(holder_name) between 1 and 40),
    holder_id_sealed bytea not null check (length(holder_id_sealed) > 28),
    holder_id_masked text not null,
    -- the SHA-256 (hex) of the ACH agreement text the member accepted
    agreement_hash   text not null check (agreement_hash ~ '^[0-9a-f]{64}$'),
    agreed_at        timestamptz not null,
    state            text not null default 'pending' check (state in ('pending', 'approved', 'rejected')),
    -- the bank's reference of the authorisation (set when submitted)
    bank_ref         text unique check (length(bank_ref) between 1 and 64),
    reason_code      text not null default '',
    reason           text not null default '',
    answered_at      timestamptz,
    created_at       timestamptz not null,
    check ((state = 'pending') = (answered_at is null))
);
create index ach_mandates_pending on ach_mandates (created_at) where state = 'pending';
