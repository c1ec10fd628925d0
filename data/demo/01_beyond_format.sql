-- What the demo holds of its catalogue beyond the catalogue format (run
-- after the import of catalogue/, see demo.go): the closed brand's status,
-- the plan brand's yearly plan starting on the first of next month, and
-- the seats taken of every session (the demo's bookings made elsewhere).

update brands set status = 'terminated' where id = 'closed';

update items set admin_start_date = date_trunc('month', pg_temp.demo_today() + interval '1 month')::date
 where brand_id = 'plan' and slug = 'yearly';

-- about one in six of the demo brand's sessions full, the others partly
-- booked, the yoga brand's partly; a number drawn from the course and the
-- date, the same on every load of the same day
update course_schedules cs
   set booked = case when cs.brand_id = 'yoga' then abs(hashtext(cs.course_id::text || cs.date::timestamptz::text)) % (cs.capacity + 1)
                     when abs(hashtext(cs.course_id::text || cs.date::timestamptz::text)) % 6 = 0 then cs.capacity
                     else abs(hashtext(cs.date::timestamptz::text || cs.course_id::text)) % cs.capacity end
 where cs.brand_id in ('demo', 'yoga') and cs.term_class_id is null;

-- the term classes' seats taken, the same at every session of a class
update course_schedules cs set booked = v.booked
  from term_classes tc
  join term_schedules ts on ts.id = tc.term_schedule_id
  join (values ('term', 'winter-term', 'fitness-sat', 4), ('term', 'winter-term', 'swim-sun', 0),
               ('term', 'winter-term', 'hiphop-wed', 1), ('term', 'winter-term', 'toddler-tue', 7),
               ('term', 'winter-camp', 'camp', 18), ('demo', 'weekend-pilates', 'sunday-morning', 4))
       as v(brand_id, term, class, booked) on v.brand_id = ts.brand_id and v.term = ts.slug and v.class = tc.slug
 where cs.term_class_id = tc.id;
