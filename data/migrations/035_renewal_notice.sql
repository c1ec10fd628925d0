-- The notice of a recurring plan about to renew (定期定額續扣通知): the
-- transaction that charges a period (or makes the mandate, paying the
-- first) queues the next period's notice as an outbox job (kind
-- 'renewal', key '{order id}:{period}:{charge day}': once whatever
-- replays), due a set time before that charge day (rules/renewal.go).
-- The job, under the order's and the plan's locks, tells the member only
-- while the plan still runs and the period is still to come, and records
-- it here in the transaction that queues the notice, so a job run again
-- (a host dying mid-job) or moved past a freeze tells them once per
-- period.
create table renewal_notices (
    order_id  bigint not null references recurring_plans (order_id) on delete cascade,
    period    integer not null check (period >= 2),
    charge_on date not null,
    sent_at   timestamptz not null,
    primary key (order_id, period)
);
