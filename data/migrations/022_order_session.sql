-- The session a purchase was made to book: the booking panel offers what
-- pays for a session (a single class, an item that covers it) and the
-- order remembers the session, checked by the checkout flow (the brand's,
-- and what is bought can pay for it). Once the order is paid, its result
-- page books it, once (the booking's idempotency key is the order's).
alter table orders add column book_schedule_id bigint references course_schedules (id) on delete set null;
