package demo_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/rules"
)

// The demo's numeric ids are in its URLs (/demo/activity/1/1,
// /demo/passcard/2, /demo/termSchedule/1/intro) and in the golden pages:
// they follow the order of demo.Brands and of the entries in each
// brand's files, and this pins them. A new entry goes at the end of its
// file (or the goldens and tests that name an id change with it).
func TestDemoIDs(t *testing.T) {
	db := dbtest.NewDemoAt(t, time.Date(2026, 11, 23, 9, 0, 0, 0, rules.Taipei))
	expectRows(t, db, []rowsCase{
		{"stores", "select brand_id || '/' || slug || '=' || id from stores order by id",
			"demo/xinyi=1 demo/zhubei=2 yoga/daan=3 plan/zhongshan=4 term/banqiao=5 noshop/main=6"},
		{"teachers", "select brand_id || '/' || slug || '=' || id from teachers order by id",
			"demo/lin-yuhan=1 demo/chen-boyu=2 demo/wang-siyu=3 demo/zhang-jiahao=4 demo/li-xinyi=5 demo/huang-zixuan=6 demo/wu-peishan=7 demo/liu-guanting=8 yoga/zhou-pinyan=9 yoga/cai-chenghan=10 term/guo-yijun=11 term/xu-jiaming=12 term/zheng-yating=13"},
		{"items", "select brand_id || '/' || slug || '=' || id from items order by id",
			"demo/month-pass=1 demo/season-pass=2 demo/year-pass=3 demo/weekend-trial-pass=4 demo/group-10=5 demo/group-20=6 demo/coach-5=7 demo/points-1000=8 demo/points-5000=9 demo/minutes-600=10 demo/minutes-1500=11 demo/summer-pass=12 yoga/yoga-8=13 yoga/yoga-month=14 plan/monthly=15 plan/quarterly=16 plan/yearly=17 plan/points-3000=18"},
		{"courses", "select brand_id || '/' || slug || '=' || id from courses order by id",
			"demo/aerial-yoga-intro-xinyi=1 demo/aerial-yoga-intro-zhubei=2 demo/aerial-yoga-advanced-xinyi=3 demo/aerial-yoga-advanced-zhubei=4 demo/hatha-yoga-xinyi=5 demo/hatha-yoga-zhubei=6 demo/yin-yoga-xinyi=7 demo/yin-yoga-zhubei=8 demo/vinyasa-xinyi=9 demo/vinyasa-zhubei=10 demo/prenatal-yoga-xinyi=11 demo/prenatal-yoga-zhubei=12 demo/mat-pilates-xinyi=13 demo/mat-pilates-zhubei=14 demo/reformer-pilates-xinyi=15 demo/reformer-pilates-zhubei=16 demo/strength-basics-xinyi=17 demo/strength-basics-zhubei=18 demo/kettlebell-xinyi=19 demo/kettlebell-zhubei=20 demo/barbell-workshop-xinyi=21 demo/barbell-workshop-zhubei=22 demo/cycling-45-xinyi=23 demo/cycling-45-zhubei=24 demo/party-ride-xinyi=25 demo/party-ride-zhubei=26 demo/boxing-xinyi=27 demo/boxing-zhubei=28 demo/muay-thai-xinyi=29 demo/muay-thai-zhubei=30 demo/hiphop-intro-xinyi=31 demo/hiphop-intro-zhubei=32 demo/kpop-dance-xinyi=33 demo/kpop-dance-zhubei=34 demo/fascia-stretch-xinyi=35 demo/fascia-stretch-zhubei=36 demo/morning-stretch-xinyi=37 demo/morning-stretch-zhubei=38 demo/senior-fitness-xinyi=39 demo/senior-fitness-zhubei=40 demo/hiit-xinyi=41 demo/hiit-zhubei=42 demo/trx-xinyi=43 demo/trx-zhubei=44 demo/family-yoga-xinyi=45 demo/family-yoga-zhubei=46 yoga/morning-hatha=47 yoga/yin-yoga=48 yoga/aerial-basics=49 yoga/aerial-flow=50 yoga/prenatal-yoga=51 yoga/vinyasa=52 term/kids-fitness=53 term/kids-swim=54 term/kids-hiphop=55 term/toddler-rhythm=56"},
		{"term schedules", "select brand_id || '/' || slug || '=' || id from term_schedules order by id",
			"demo/weekend-pilates=1 term/winter-term=2 term/winter-camp=3"},
		{"term classes", `select ts.slug || '/' || tc.slug || '=' || tc.id from term_classes tc
		   join term_schedules ts on ts.id = tc.term_schedule_id order by tc.id`,
			"weekend-pilates/sunday-morning=1 winter-term/fitness-sat=2 winter-term/swim-sun=3 winter-term/hiphop-wed=4 winter-term/toddler-tue=5 winter-camp/camp=6"},
		{"banners", "select brand_id || '/' || slug || '=' || id from banners order by id",
			"demo/season-pass-offer=1 demo/pilates-term=2 yoga/aerial-basics=3"},
		{"salesmen", "select brand_id || '/' || slug || '=' || id from salesmen order by id",
			"demo/s001=1 demo/s002=2 demo/s101=3"},
		// a course's sessions follow it, by date and start
		{"schedules of the first courses", `select c.slug || '=' || string_agg(cs.id::text, ',' order by cs.id) from course_schedules cs
		   join courses c on c.id = cs.course_id where c.id in (1, 2, 47) and cs.date >= '2026-11-23' group by c.slug, c.id order by c.id`,
			"aerial-yoga-intro-xinyi=1,2,3,4,5,6,7,8,9,10 aerial-yoga-intro-zhubei=11,12,13,14,15,16,17,18,19,20 morning-hatha=319,320,321,322,323,324,325,326,327,328,329,330,331,332,333"},
	})
}

// The yoga demo brand shows the late-cancel and no-show policy and the
// class reminders to whoever tries the demo: its brand.json reminds two
// hours before and suspends after three strikes in 30 days for 7 days;
// two of its courses forfeit a late cancel and count a no-show. No other
// demo brand switches them on.
func TestDemoYogaHasPolicyAndReminders(t *testing.T) {
	db := dbtest.NewDemoAt(t, time.Date(2026, 11, 23, 9, 0, 0, 0, rules.Taipei))
	expectRows(t, db, []rowsCase{
		{"brands", `select id || '=' || coalesce(reminder_before_minutes::text, '-') || '/' || suspension_strikes || '/' ||
		   suspension_within_days || '/' || suspension_days from brands
		   where reminder_before_minutes is not null or reminder_evening_at is not null or suspension_strikes > 0 order by id`,
			"yoga=120/3/30/7"},
		{"courses", `select brand_id || '/' || slug || '=' || late_cancel || '/' || no_show from courses
		   where late_cancel <> 'refused' or no_show <> 'ignored' order by id`,
			"yoga/morning-hatha=forfeit/counted yoga/yin-yoga=forfeit/counted"},
	})
}

// The demo's dates are relative to the load day, its weekly timetable and
// terms to the Monday of that week: whatever the weekday, late in the
// evening (the day's sessions over), the demo shows four full weeks of
// classes, no term class has begun (a begun one sells pro rata), and the
// demo member's two upcoming bookings are still ahead. (CI once failed on
// a Tuesday for what a Monday's load hid.)
func TestDemoOnEveryWeekday(t *testing.T) {
	monday := time.Date(2026, 11, 23, 23, 30, 0, 0, rules.Taipei)
	for d := range 7 {
		now := monday.AddDate(0, 0, d)
		t.Run(now.Weekday().String(), func(t *testing.T) {
			db := dbtest.NewDemoAt(t, now)
			var days, begun, upcoming int
			err := db.Pool.QueryRow(context.Background(), `select
				(select count(distinct date) from course_schedules where brand_id = 'demo' and term_class_id is null
				   and date - ($1 at time zone 'Asia/Taipei')::date between 0 and 27),
				(select count(*) from course_schedules where term_class_id is not null
				   and (date + start_time) at time zone 'Asia/Taipei' <= $1),
				(select count(*) from bookings b join users u on u.id = b.user_id
				  where u.brand_id = 'demo' and u.email = 'member@example.com' and b.status = 'booked' and b.starts_at > $1)`,
				now).Scan(&days, &begun, &upcoming)
			if err != nil {
				t.Fatal(err)
			}
			if days != 28 || begun != 0 || upcoming != 2 {
				t.Errorf("loaded %s: classes on %d of the next 28 days, %d term sessions past, %d upcoming bookings; want 28, 0, 2",
					now.Format("Mon 2006-01-02 15:04"), days, begun, upcoming)
			}
		})
	}
}

// rowsCase is a query whose rows (one text column), joined by spaces,
// must be want.
type rowsCase struct{ name, sql, want string }

// expectRows runs each case's query on db and compares its rows.
func expectRows(t *testing.T, db *data.DB, cases []rowsCase) {
	t.Helper()
	for _, c := range cases {
		rows, _ := db.Pool.Query(context.Background(), c.sql)
		got, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, g, c.want)
		}
	}
}
