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
       (values ('季卡通行卡', pg_temp.demo_today() - 20, pg_temp.demo_today() + 70, pg_temp.demo_now() - interval '20 days'),
               ('單月暢遊通行卡', null::date, null::date, pg_temp.demo_now() - interval '2 days'),
               ('週末體驗通行卡', pg_temp.demo_today() - 60, pg_temp.demo_today() - 53, pg_temp.demo_now() - interval '60 days'))
           as p (item, starts_on, ends_on, purchased_at)
  join items i on i.brand_id = 'demo' and i.name = p.item
 where u.brand_id = 'demo' and u.email = 'member@example.com';

insert into member_tickets (brand_id, user_id, item_id, name, ticket_type, total, remain, ends_on, purchased_at,
                            activation_type, starts_on, validity_value, validity_unit)
select u.brand_id, u.id, i.id, i.name, t.ticket_type, t.total, t.remain, t.ends_on, t.purchased_at,
       i.activation_type, (t.purchased_at at time zone 'Asia/Taipei')::date, i.validity_value, i.validity_unit
  from users u,
       (values ('demo', '儲值票券 1,000 點', 'onlinePoint', 1000, 640, pg_temp.demo_today() + 300, pg_temp.demo_now() - interval '65 days'),
               ('demo', '團課 10 堂計次卡', 'count', 10, 7, pg_temp.demo_today() + 150, pg_temp.demo_now() - interval '30 days'),
               ('yoga', '瑜珈 8 堂課程卡', 'count', 8, 5, pg_temp.demo_today() + 90, pg_temp.demo_now() - interval '30 days'))
           as t (brand_id, item, ticket_type, total, remain, ends_on, purchased_at)
  join items i on i.brand_id = t.brand_id and i.name = t.item
 where u.brand_id = t.brand_id and u.email = 'member@example.com';

insert into member_counting_passcards (brand_id, user_id, item_id, name, total_minutes, remain_minutes, activated_on, ends_on, available, purchased_at)
select 'demo', u.id, i.id, i.name, c.total, c.remain, c.activated_on, c.ends_on, true, c.purchased_at
  from users u,
       (values ('自由重訓 600 分鐘卡', 600, 420, pg_temp.demo_today() - 10, pg_temp.demo_today() + 80, pg_temp.demo_now() - interval '10 days'),
               ('自由重訓 1,500 分鐘卡', 1500, 1500, null::date, null::date, pg_temp.demo_now() - interval '1 day'),
               ('自由重訓 600 分鐘卡', 600, 35, pg_temp.demo_today() - 120, pg_temp.demo_today() - 30, pg_temp.demo_now() - interval '120 days'))
           as c (item, total, remain, activated_on, ends_on, purchased_at)
  join items i on i.brand_id = 'demo' and i.name = c.item
 where u.brand_id = 'demo' and u.email = 'member@example.com';

insert into member_passcards (brand_id, user_id, item_id, name, activation_type, starts_on, ends_on, validity_value, validity_unit)
select 'plan', u.id, i.id, i.name, i.activation_type, pg_temp.demo_today() - 5, pg_temp.demo_today() + 25, i.validity_value, i.validity_unit
  from users u join items i on i.brand_id = 'plan' and i.name = '月費方案'
 where u.brand_id = 'plan' and u.email = 'member@example.com';

-- The demo member's bookings are classes of the catalogue: the two
-- upcoming ones are sessions on its schedules (the 2nd and 9th coming
-- session that has a teacher), the attended and the cancelled one are
-- earlier sessions of its first and third course with their teacher.
insert into bookings (brand_id, user_id, store_id, course_name, coach_name, starts_at, ends_at, status)
select 'demo', u.id, c.store_id, c.name, t.name,
       (cs.date + cs.start_time) at time zone 'Asia/Taipei', (cs.date + cs.end_time) at time zone 'Asia/Taipei', 'booked'
  from users u,
       (select *, row_number() over (order by date, start_time, id) as n
          from course_schedules
         where brand_id = 'demo' and term_class_id is null and teacher_id is not null and date > pg_temp.demo_today()) cs
  join courses c on c.id = cs.course_id
  join teachers t on t.id = cs.teacher_id
 where u.brand_id = 'demo' and u.email = 'member@example.com' and cs.n in (2, 9);

insert into bookings (brand_id, user_id, store_id, course_name, coach_name, starts_at, ends_at, status)
select 'demo', u.id, c.store_id, c.name, t.name, p.starts_at at time zone 'Asia/Taipei',
       (p.starts_at + interval '1 hour') at time zone 'Asia/Taipei', p.status
  from users u,
       (select *, row_number() over (order by id) as n
          from courses where brand_id = 'demo' and teacher_id is not null) c
  join teachers t on t.id = c.teacher_id
  -- Taiwan wall-clock times
  join (values (1, (pg_temp.demo_today() - 3) + time '12:00', 'attended'),
               (3, (pg_temp.demo_today() - 8) + time '18:00', 'cancelled')) as p (n, starts_at, status) on p.n = c.n
 where u.brand_id = 'demo' and u.email = 'member@example.com';
