-- Booking: a member books a class session with an entitlement
-- they hold, cancels by the course's rules, checks in, and waits on a
-- waiting list for a full session. The rules themselves are pure
-- functions in data/rules/booking.go; these tables keep their state.

-- Each course's booking rules. Booking opens booking_opens_hours before a
-- session starts and closes booking_closes_minutes before; a booking may
-- be cancelled online until cancel_hours before the start. What one
-- session costs each kind of entitlement: points_cost points of a point
-- ticket, hours_cost hours of an hour ticket (null: that kind cannot pay),
-- one visit of a count or package ticket (count_allowed), nothing from a
-- passcard valid on the day (passcard_allowed), the session's minutes
-- from a timing card (timing_allowed). A private-coach course takes the
-- private-coach ticket variants only, and its bookings are not cancelled
-- online (-60000010).
alter table courses
    add column booking_opens_hours    integer not null default 336 check (booking_opens_hours > 0),
    add column booking_closes_minutes integer not null default 30 check (booking_closes_minutes >= 0),
    add column cancel_hours           integer not null default 12 check (cancel_hours >= 0),
    add column points_cost            integer check (points_cost > 0),
    add column hours_cost             integer check (hours_cost > 0),
    add column count_allowed          boolean not null default true,
    add column passcard_allowed       boolean not null default true,
    add column timing_allowed         boolean not null default false,
    add column private_coach          boolean not null default false;

-- A brand may require a verified e-mail before its members book.
alter table brands add column booking_needs_verified_email boolean not null default false;

-- A booking changes course_schedules.booked, which is not catalogue data:
-- only the other columns bump the brand's data_version (a booking never
-- flushes the brand's cached pages; the booking panel reads live seats
-- through the API) or its updated_at (the sitemap's lastmod).
drop trigger course_schedules_changed on course_schedules;
create trigger course_schedules_changed after insert or delete or update of
    brand_id, course_id, teacher_id, term_class_id, date, start_time, end_time, capacity on course_schedules
    for each row execute function brand_child_changed();
drop trigger course_schedules_touch on course_schedules;
create trigger course_schedules_touch before update of
    brand_id, course_id, teacher_id, term_class_id, date, start_time, end_time, capacity on course_schedules
    for each row execute function touch_updated_at();

-- The bookings of 002 named a course and a coach and no session; they were
-- demo rows only (the demo is reloaded). A booking now is one member's
-- seat in one session, paid by one entitlement.
delete from bookings;
alter table bookings
    drop column course_name,
    drop column coach_name,
    add column schedule_id          bigint not null references course_schedules (id) on delete cascade,
    -- what paid: kind passcard, ticket or timing (a counting passcard), or
    -- order (a seat bought by checkout, which cannot be cancelled online:
    -- -60000008); the holding it came from and what it consumed (visits,
    -- points, hours or minutes; 0 for a passcard)
    add column pay_kind             text not null check (pay_kind in ('passcard', 'ticket', 'timing', 'order')),
    add column passcard_id          bigint references member_passcards (id) on delete set null,
    add column ticket_id            bigint references member_tickets (id) on delete set null,
    add column counting_passcard_id bigint references member_counting_passcards (id) on delete set null,
    add column consumed             integer not null default 0 check (consumed >= 0),
    -- the booking that started its holding's validity (start type BOOKING):
    -- cancelling it, with no other booking on the holding, unsets the start
    add column activated_holding    boolean not null default false,
    add column order_id             bigint,
    add column checked_in_at        timestamptz,
    add column cancelled_at         timestamptz,
    add check ((status = 'attended') = (checked_in_at is not null)),
    add check ((status = 'cancelled') = (cancelled_at is not null)),
    add check (pay_kind <> 'order' or order_id is not null);
-- one live booking per member and session
create unique index bookings_live on bookings (schedule_id, user_id) where status <> 'cancelled';
create index bookings_schedule on bookings (schedule_id) where status <> 'cancelled';
create index bookings_ticket on bookings (ticket_id) where ticket_id is not null;
create index bookings_passcard on bookings (passcard_id) where passcard_id is not null;

-- The idempotency keys of booking calls: a repeated key of the same member
-- answers the first answer.
create table booking_requests (
    user_id    bigint not null references users (id) on delete cascade,
    key        text not null check (length(key) between 1 and 200),
    answer     jsonb not null,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
);

-- The waiting list of a full session, first come first served. A member
-- waits at most once per session; an entry ends promoted (booked when a
-- seat freed), left (the member left) or skipped (no longer eligible when
-- their turn came: reason says why).
create table booking_waitlist (
    id          bigint generated always as identity primary key,
    brand_id    text not null,
    user_id     bigint not null,
    schedule_id bigint not null references course_schedules (id) on delete cascade,
    status      text not null default 'waiting' check (status in ('waiting', 'promoted', 'left', 'skipped')),
    reason      text not null default '',
    booking_id  bigint references bookings (id) on delete set null,
    created_at  timestamptz not null default now(),
    updated_at  timestamptz not null default now(),
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade
);
create unique index booking_waitlist_live on booking_waitlist (schedule_id, user_id) where status = 'waiting';
create index booking_waitlist_queue on booking_waitlist (schedule_id, created_at, id) where status = 'waiting';
create index booking_waitlist_user on booking_waitlist (user_id, created_at desc);

-- A mail may carry one attachment (the booking confirmation's .ics).
alter table mail_outbox
    add column attachment_name text not null default '',
    add column attachment_type text not null default '',
    add column attachment      bytea;
