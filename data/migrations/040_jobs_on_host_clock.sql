-- A job's due time is on the hosts' clock, the clock every rule reads
-- (a reminder two hours before a class, a freeze's end, a renewal's
-- notice), not on the database's: the worker claims the jobs due at its
-- host's time (data.DB.ClaimJobs). A job queued without a time is due at
-- once on any clock: -infinity, not the database's now(). Jobs queued
-- before keep their time, already past.
alter table jobs alter column next_at set default '-infinity';
