-- Class reminders: the brand chooses when (brand.json "reminder"): a
-- set time before each booked class (reminder_before_minutes) or the
-- evening before at a set hour (reminder_evening_at); neither: none.
-- Booking queues the reminder as an outbox job due then (kind 'reminder',
-- key the booking: one per booking); the job, under the booking's lock,
-- mails only a booking still booked and marks it reminded in the same
-- transaction (reminded_at), so several hosts send it once.
alter table brands
    add column reminder_before_minutes integer check (reminder_before_minutes > 0),
    add column reminder_evening_at     time,
    add check (reminder_before_minutes is null or reminder_evening_at is null);

alter table bookings
    add column reminded_at timestamptz;
