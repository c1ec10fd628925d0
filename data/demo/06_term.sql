-- Term purchase and counting passcards: trial sessions of some
-- term classes, the demo brand's charging of owed minutes (NT$50 per
-- started 10 minutes), and the demo member's counting-passcard history,
-- with one card gone 25 minutes below zero (owes NT$150): a card in debt
-- gives no minutes (not available) until the debt is paid.
update term_classes tc set trial_price = v.trial_price
  from term_schedules ts,
       (values ('term', 'winter-term', 'fitness-sat', 450), ('term', 'winter-term', 'hiphop-wed', 400),
               ('demo', 'weekend-pilates', 'sunday-morning', 500)) as v(brand_id, term, class, trial_price)
 where ts.id = tc.term_schedule_id and ts.brand_id = v.brand_id and ts.slug = v.term and tc.slug = v.class;

insert into counting_charging_settings (brand_id, unit_minutes, unit_price) values ('demo', 10, 50);

insert into member_counting_passcards (brand_id, user_id, item_id, name, total_minutes, remain_minutes, activated_on, ends_on, available, purchased_at)
select 'demo', u.id, i.id, i.name, 600, -25, pg_temp.demo_today() - 40, pg_temp.demo_today() + 50, false, pg_temp.demo_now() - interval '40 days'
  from users u join items i on i.brand_id = 'demo' and i.slug = 'minutes-600'
 where u.brand_id = 'demo' and u.email = 'member@example.com';

-- the history: the 420-minute card's visits, and the overdue card's
-- visits down to -25 (the last visit ran 25 minutes past its minutes)
insert into counting_usage (counting_passcard_id, at, minutes, note)
select m.id, pg_temp.demo_now() - v.ago, v.minutes, v.note
  from member_counting_passcards m
  join users u on u.id = m.user_id and u.email = 'member@example.com'
  join (values (420, interval '9 days', -60, '自由重訓入場'), (420, interval '6 days', -75, '自由重訓入場'),
               (420, interval '2 days', -45, '自由重訓入場'),
               (-25, interval '35 days', -240, '自由重訓入場'), (-25, interval '20 days', -210, '自由重訓入場'),
               (-25, interval '3 days', -175, '自由重訓入場（超過剩餘分鐘 25 分鐘）'))
       as v(remain, ago, minutes, note) on v.remain = m.remain_minutes
 where m.brand_id = 'demo'
 order by m.id, v.ago;
