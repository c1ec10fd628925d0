-- The late-cancel and no-show policy (rules/policy.go). A course may let
-- its members cancel online after the cancellation deadline (until the
-- class begins) with the entitlement the booking spent forfeited, not
-- given back (late_cancel 'forfeit'; 'refused': the deadline holds), and
-- may count a booking not checked in by the end of the class as a
-- no-show (no_show 'counted'), marked by any host's worker (one
-- statement, repeatable). The brand sets how many late cancels and
-- no-shows (suspension_strikes, 0: none) within suspension_within_days
-- suspend the member's online booking for suspension_days.
alter table courses
    add column late_cancel text not null default 'refused' check (late_cancel in ('refused', 'forfeit')),
    add column no_show     text not null default 'ignored' check (no_show in ('ignored', 'counted'));

alter table bookings
    add column late_cancel boolean not null default false,
    add column no_show_at  timestamptz,
    add check (not late_cancel or status = 'cancelled'),
    add check (no_show_at is null or status = 'booked');
-- the no-show worker's sweep: live bookings by their end
create index bookings_live_by_end on bookings (ends_at) where status = 'booked' and no_show_at is null;
-- a member's late cancels and no-shows
create index bookings_strikes on bookings (user_id) where late_cancel or no_show_at is not null;

alter table brands
    add column suspension_strikes     integer not null default 0 check (suspension_strikes >= 0),
    add column suspension_within_days integer not null default 0 check (suspension_within_days >= 0),
    add column suspension_days        integer not null default 0 check (suspension_days >= 0);
