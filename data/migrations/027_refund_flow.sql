-- Refunds asked by members (the fitness-centre rules' cooling-off and
-- termination) and approved by the operator. A refund is requested (a
-- termination waits for the operator; a cooling-off one is sent at once),
-- requesting while the provider is asked (a crash leaves it there: the
-- sweep asks the provider whether it refunded before asking again), then
-- refunded or failed; the operator may reject a requested one.
alter table refunds drop constraint refunds_state_check;
alter table refunds drop constraint refunds_check;
alter table refunds
    add column kind      text not null default 'termination' check (kind in ('cooling_off', 'termination')),
    -- what the rules offer (before the brand's fee) and the fee kept: amount = offered - fee
    add column offered   integer not null default 0 check (offered >= 0),
    add column fee       integer not null default 0 check (fee >= 0),
    add column sent_at   timestamptz, -- when it was marked requesting
    add constraint refunds_state_check check (state in ('requested', 'requesting', 'refunded', 'failed', 'rejected')),
    add constraint refunds_answered_check check ((state in ('requested', 'requesting')) = (answered_at is null)),
    add constraint refunds_fee_cap check (fee * 5 <= offered);
-- One open refund per order: a replayed or raced request finds it.
create unique index refunds_open on refunds (order_id) where state in ('requested', 'requesting');
create index refunds_requesting on refunds (sent_at) where state = 'requesting';

-- A refunded holding is revoked: no longer usable nor listed.
alter table member_passcards add column revoked_at timestamptz;
alter table member_tickets add column revoked_at timestamptz;
alter table member_counting_passcards add column revoked_at timestamptz;
