-- A LINE Pay confirm in progress. The confirm that claims an
-- order awaiting payment sets confirming_until (its lease) in a short
-- transaction, calls LINE Pay with no lock held, and clears it when it
-- settles the order. Meanwhile another confirm answers "processing" and
-- the order neither expires nor is cancelled; a lease past its time (a
-- host that died mid-confirm) may be claimed again.

alter table orders add column confirming_until timestamptz;

-- What the expiry worker asked a provider before expiring an order
-- (kind 'query') is kept in the audit beside the providers' messages.
alter table provider_callbacks drop constraint provider_callbacks_kind_check,
    add constraint provider_callbacks_kind_check check (kind in ('notify', 'return', 'confirm', 'cancel', 'query'));
