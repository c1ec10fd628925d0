-- A signed contract names the account that signed it, as the
-- account was at signing. The signer's name is typed free text; the
-- account's name and e-mail are copied into the record when it is signed
-- (its member number is user_id, which never changes), so the contract's
-- PDF stays the same when the profile later changes or the account is
-- deleted. Records signed before this migration take the account as it
-- is now.

alter table signed_contracts
    add column account_name  text not null default '',
    add column account_email text not null default '';

update signed_contracts s set account_name = u.name, account_email = u.email
  from users u where u.id = s.user_id;

alter table signed_contracts
    alter column account_name drop default,
    alter column account_email drop default,
    add constraint signed_contracts_account check (account_name <> '' and account_email <> '');
