-- Demo members: one per brand with a web shop, all with the e-mail
-- member@example.com and the password demo1234 (the same e-mail is a
-- separate member of each brand). password_hash is bcrypt of the MD5 hex
-- the browser sends, md5('demo1234') = 6e9bece1914809fb8493146417e722f6.
-- The demo brand's member holds a little of everything so the member
-- centre is not empty; the others hold one item each or nothing (the
-- empty states). Dates are relative to today.

insert into users (brand_id, email, name, phone, password_hash, custom_values, email_verified_at) values
('demo', 'member@example.com', '林小安', '0912345678', '$2a$10$3Vi8pEYpEVCmbwfNGKTlsu4zbtBk5224PsfVjq41srLgzCVAplV2y',
 '{"phone": "0912345678", "birthday": "1992-08-15", "gender": "女"}', pg_temp.demo_now()),
('yoga', 'member@example.com', '林小安', '0912345678', '$2a$10$3Vi8pEYpEVCmbwfNGKTlsu4zbtBk5224PsfVjq41srLgzCVAplV2y',
 '{"phone": "0912345678"}', pg_temp.demo_now()),
('plan', 'member@example.com', '林小安', '0912345678', '$2a$10$3Vi8pEYpEVCmbwfNGKTlsu4zbtBk5224PsfVjq41srLgzCVAplV2y',
 '{"phone": "0912345678"}', pg_temp.demo_now()),
('term', 'member@example.com', '林小安', '0912345678', '$2a$10$3Vi8pEYpEVCmbwfNGKTlsu4zbtBk5224PsfVjq41srLgzCVAplV2y',
 '{"phone": "0912345678", "childName": "林小樂"}', pg_temp.demo_now());

insert into member_passcards (brand_id, user_id, item_id, name, activation_type, starts_on, ends_on, purchased_at, validity_value, validity_unit)
select 'demo', u.id, i.id, i.name, i.activation_type, p.starts_on, p.ends_on, p.purchased_at, i.validity_value, i.validity_unit
  from users u,
       (values ('season-pass', pg_temp.demo_today() - 20, pg_temp.demo_today() + 70, pg_temp.demo_now() - interval '20 days'),
               ('month-pass', null::date, null::date, pg_temp.demo_now() - interval '2 days'),
               ('weekend-trial-pass', pg_temp.demo_today() - 60, pg_temp.demo_today() - 53, pg_temp.demo_now() - interval '60 days'))
           as p (item, starts_on, ends_on, purchased_at)
  join items i on i.brand_id = 'demo' and i.slug = p.item
 where u.brand_id = 'demo' and u.email = 'member@example.com';

insert into member_tickets (brand_id, user_id, item_id, name, ticket_type, total, remain, ends_on, purchased_at,
                            activation_type, starts_on, validity_value, validity_unit)
select u.brand_id, u.id, i.id, i.name, t.ticket_type, t.total, t.remain, t.ends_on, t.purchased_at,
       i.activation_type, (t.purchased_at at time zone 'Asia/Taipei')::date, i.validity_value, i.validity_unit
  from users u,
       (values (1, 'demo', 'points-1000', 'onlinePoint', 1000, 640, pg_temp.demo_today() + 300, pg_temp.demo_now() - interval '65 days'),
               (2, 'demo', 'group-10', 'count', 10, 7, pg_temp.demo_today() + 150, pg_temp.demo_now() - interval '30 days'),
               (3, 'yoga', 'yoga-8', 'count', 8, 5, pg_temp.demo_today() + 90, pg_temp.demo_now() - interval '30 days'))
           as t (n, brand_id, item, ticket_type, total, remain, ends_on, purchased_at)
  join items i on i.brand_id = t.brand_id and i.slug = t.item
 where u.brand_id = t.brand_id and u.email = 'member@example.com'
 order by t.n;

insert into member_counting_passcards (brand_id, user_id, item_id, name, total_minutes, remain_minutes, activated_on, ends_on, available, purchased_at)
select 'demo', u.id, i.id, i.name, c.total, c.remain, c.activated_on, c.ends_on, true, c.purchased_at
  from users u,
       (values (1, 'minutes-600', 600, 420, pg_temp.demo_today() - 10, pg_temp.demo_today() + 80, pg_temp.demo_now() - interval '10 days'),
               (2, 'minutes-600', 600, 35, pg_temp.demo_today() - 120, pg_temp.demo_today() - 30, pg_temp.demo_now() - interval '120 days'),
               (3, 'minutes-1500', 1500, 1500, null::date, null::date, pg_temp.demo_now() - interval '1 day'))
           as c (n, item, total, remain, activated_on, ends_on, purchased_at)
  join items i on i.brand_id = 'demo' and i.slug = c.item
 where u.brand_id = 'demo' and u.email = 'member@example.com'
 order by c.n;

insert into member_passcards (brand_id, user_id, item_id, name, activation_type, starts_on, ends_on, validity_value, validity_unit)
select 'plan', u.id, i.id, i.name, i.activation_type, pg_temp.demo_today() - 5, pg_temp.demo_today() + 25, i.validity_value, i.validity_unit
  from users u join items i on i.brand_id = 'plan' and i.slug = 'monthly'
 where u.brand_id = 'plan' and u.email = 'member@example.com';

-- Two more members of the demo brand (same password) for the waiting
-- list: 陳大文 holds a seat in the full class below, 王小美 waits for one
-- with a count card used up meanwhile (her turn skips her, and tells her
-- why). Log in as member2@example.com to cancel and see the demo member
-- promoted.
insert into users (brand_id, email, name, phone, password_hash, custom_values, email_verified_at) values
('demo', 'member2@example.com', '陳大文', '0922333444', '$2a$10$3Vi8pEYpEVCmbwfNGKTlsu4zbtBk5224PsfVjq41srLgzCVAplV2y',
 '{"phone": "0922333444", "birthday": "1988-03-02"}', pg_temp.demo_now()),
('demo', 'member3@example.com', '王小美', '0933444555', '$2a$10$3Vi8pEYpEVCmbwfNGKTlsu4zbtBk5224PsfVjq41srLgzCVAplV2y',
 '{"phone": "0933444555", "birthday": "1995-11-30"}', pg_temp.demo_now());

insert into member_tickets (brand_id, user_id, item_id, name, ticket_type, total, remain, ends_on, purchased_at,
                            activation_type, starts_on, validity_value, validity_unit)
select u.brand_id, u.id, i.id, i.name, 'count', 10, t.remain, pg_temp.demo_today() + 150, pg_temp.demo_now() - interval '30 days',
       i.activation_type, pg_temp.demo_today() - 30, i.validity_value, i.validity_unit
  from users u
  join (values ('member2@example.com', 8), ('member3@example.com', 0)) as t (email, remain) on t.email = u.email
  join items i on i.brand_id = 'demo' and i.slug = 'group-10'
 where u.brand_id = 'demo';

-- The demo member's bookings are sessions of the catalogue paid with the
-- count card: the two upcoming ones are the next sessions after today of
-- hatha yoga at Zhubei and boxing at Xinyi (both on Tuesdays and
-- Thursdays, so at most a week ahead on any load day); the attended and the cancelled one are sessions of
-- the two aerial-yoga courses at Xinyi three and eight days ago (added
-- here: the catalogue's schedules are this week's and later). 10 visits
-- - 3 used = 7 left.
create temp table demo_past (course text, days_ago int, start time) on commit drop;
insert into demo_past values ('aerial-yoga-intro-xinyi', 3, '12:00'), ('aerial-yoga-advanced-xinyi', 8, '18:00');

insert into course_schedules (brand_id, course_id, teacher_id, date, start_time, end_time, capacity, booked)
select 'demo', c.id, c.teacher_id, pg_temp.demo_today() - p.days_ago, p.start, p.start + interval '1 hour', 20, 12
  from demo_past p join courses c on c.brand_id = 'demo' and c.slug = p.course;

insert into bookings (brand_id, user_id, store_id, schedule_id, starts_at, ends_at, status, pay_kind, ticket_id, consumed,
                      checked_in_at, cancelled_at, created_at)
select 'demo', u.id, c.store_id, cs.id,
       (cs.date + cs.start_time) at time zone 'Asia/Taipei', (cs.date + cs.end_time) at time zone 'Asia/Taipei',
       b.status, 'ticket', t.id, 1,
       case when b.status = 'attended' then (cs.date + cs.start_time - interval '5 minutes') at time zone 'Asia/Taipei' end,
       case when b.status = 'cancelled' then (cs.date + cs.start_time - interval '2 days') at time zone 'Asia/Taipei' end,
       (cs.date + cs.start_time - interval '7 days') at time zone 'Asia/Taipei'
  from users u
  join member_tickets t on t.user_id = u.id and t.item_id = (select id from items where brand_id = 'demo' and slug = 'group-10')
  cross join lateral (
        (select distinct on (s.course_id) s.id, 'booked' as status
           from course_schedules s join courses c on c.id = s.course_id
          where c.brand_id = 'demo' and c.slug in ('hatha-yoga-zhubei', 'boxing-xinyi')
            and s.date > pg_temp.demo_today()
          order by s.course_id, s.date, s.start_time)
        union all
        (select s.id, case when p.days_ago = 3 then 'attended' else 'cancelled' end
           from demo_past p
           join courses c on c.brand_id = 'demo' and c.slug = p.course
           join course_schedules s on s.course_id = c.id and s.date = pg_temp.demo_today() - p.days_ago and s.start_time = p.start)
       ) as b
  join course_schedules cs on cs.id = b.id
  join courses c on c.id = cs.course_id
 where u.brand_id = 'demo' and u.email = 'member@example.com'
 order by b.status <> 'booked', b.status, cs.date, cs.start_time;

-- The full class: the reformer pilates session at Xinyi three or more days
-- ahead, every seat taken (陳大文's among them), 王小美 waiting.
with full_class as (
  select s.id from course_schedules s join courses c on c.id = s.course_id
   where c.brand_id = 'demo' and c.slug = 'reformer-pilates-xinyi' and s.date >= pg_temp.demo_today() + 3
   order by s.date, s.start_time limit 1),
seats as (update course_schedules set booked = capacity where id in (select id from full_class) returning id)
insert into bookings (brand_id, user_id, store_id, schedule_id, starts_at, ends_at, pay_kind, ticket_id, consumed)
select 'demo', u.id, c.store_id, cs.id,
       (cs.date + cs.start_time) at time zone 'Asia/Taipei', (cs.date + cs.end_time) at time zone 'Asia/Taipei', 'ticket', t.id, 1
  from seats join course_schedules cs on cs.id = seats.id join courses c on c.id = cs.course_id
  join users u on u.brand_id = 'demo' and u.email = 'member2@example.com'
  join member_tickets t on t.user_id = u.id;

insert into booking_waitlist (brand_id, user_id, schedule_id, created_at)
select 'demo', u.id, b.schedule_id, pg_temp.demo_now() - interval '1 day'
  from bookings b join users u on u.brand_id = 'demo' and u.email = 'member3@example.com'
 where b.user_id = (select id from users where brand_id = 'demo' and email = 'member2@example.com');

-- every live booking holds a seat
update course_schedules s set booked = greatest(s.booked, n.live)
  from (select schedule_id, count(*) as live from bookings where status <> 'cancelled' group by schedule_id) n
 where n.schedule_id = s.id and s.booked < n.live;
