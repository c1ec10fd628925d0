package e2e

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// fixtures are what a browser file needs in its storefront's database
// besides the demo catalogue, by file name.
var fixtures = map[string]func(ctx context.Context, url string) error{
	"booking.test.mjs": soonSessions,
}

// soonCourses (at SoonStore) each get a session starting soonMinutes from
// now (soonSessions): booking closes 30 minutes before a start and
// check-in opens an hour before, so the booking journey can book them and
// check in at once, whatever the time of day. The two overlap: booking
// the second asks the conflict check.
var soonCourses = []string{"筋膜放鬆伸展", "晨間伸展"}

const (
	soonStore   = "信義館"
	soonMinutes = 45
	// scannerToken is the studio scanners' token the browser tests use
	// (STOREFRONT_CHECKIN_SCANNER_TOKEN).
	scannerToken = "e2e-scanner-token-0123456789abcdef"
	// checkInKey signs the storefront's tokens (STOREFRONT_CHECKIN_KEY): the
	// tests sign a mail's unsubscribe link with it
	checkInKey = "e2e-checkin-key-0123456789abcdef0123"
)

// soonSessions adds those sessions to the demo catalogue in the database
// at url (its trigger bumps the brand's data version, so no cached page
// hides them). Near midnight a session is shortened to end by 23:59.
func soonSessions(ctx context.Context, url string) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, `
		with t as (select (now() at time zone 'Asia/Taipei') + make_interval(mins => $3) as at)
		insert into course_schedules (brand_id, course_id, teacher_id, date, start_time, end_time, capacity)
		select c.brand_id, c.id, c.teacher_id, t.at::date, t.at::time(0),
		       case when t.at::time(0) < time '23:19' then t.at::time(0) + interval '40 minutes' else time '23:59:59' end, 10
		  from t, courses c join stores s on s.id = c.store_id
		 where c.brand_id = 'demo' and c.name = any($1) and s.short_name = $2`, soonCourses, soonStore, soonMinutes)
	return err
}
