-- A member may delete their account (member centre, 刪除帳號). The row
-- stays, anonymised: its id still names the orders, invoices and signed
-- contracts a business must keep, but it holds no personal data. Its
-- e-mail becomes a tombstone (deleted-{id}@deleted.invalid), which frees
-- the e-mail for a new registration; its phone is erased and only
-- phone_hash is kept: HMAC-SHA-256 of the phone under the environment's
-- member key (STOREFRONT_MEMBER_KEY), so the phone of a deleted account
-- cannot register again (error -60000014) without the number being kept.
alter table users add column phone_hash bytea check (length(phone_hash) = 32);

drop index users_deleted_phone;
create index users_deleted_phone_hash on users (brand_id, phone_hash) where deleted_at is not null;

-- Accounts deleted before this migration (by the operators, by hand) kept
-- their phone in clear; SQL has no member key to hash it, so the program
-- hashes them at its next start (data.HashDeletedPhones) and clears the
-- number. A deleted account never holds a phone again:
alter table users add constraint users_deleted_no_phone
    check (deleted_at is null or phone = '') not valid;
