package host

import (
	"context"
	"net/http"
	"storefront"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/host/wire"
)

// The late-cancel and no-show policy through the real handlers, on
// PostgreSQL: a late cancel forfeits what the booking took (once, however
// raced), the no-show worker marks each booking once however many hosts
// run it, and late cancels and no-shows suspend online booking.

// remain is what a member's only ticket has left.
func (ts *bookingServer) remain(t *testing.T, m member2) int64 {
	t.Helper()
	return ts.id(t, `select remain from member_tickets where user_id = $1`, m.id)
}

// extraSession adds an hour's session of a course (at Xinyi) at a Taipei
// date and time, 40 seats.
func (ts *bookingServer) extraSession(t *testing.T, course, at string) int64 {
	t.Helper()
	day, start, _ := strings.Cut(at, " ")
	return ts.id(t, `insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity)
		select c.brand_id, c.id, $2::date, $3::time, $3::time + interval '1 hour', 40 from courses c join stores st on st.id = c.store_id
		 where c.brand_id = 'demo' and c.name = $1 and st.short_name = '信義館' returning id`, course, day, start)
}

// TestLateCancelForfeitsOnceEvenRaced: past the deadline of a course that
// allows late cancels, verify says cancellable with nothing given back,
// and ten cancels at once cancel once, the visit staying spent.
func TestLateCancelForfeitsOnceEvenRaced(t *testing.T) {
	ts := newBookingServer(t)
	ts.exec(t, `update courses set late_cancel = 'forfeit' where brand_id = 'demo' and name = '墊上皮拉提斯'`)
	pilates := ts.session(t, "墊上皮拉提斯", "2026-11-23") // 12:15: its 12-hour deadline passed at 00:15
	m := ts.newMembers(t, "late", 1, 5, true)[0]
	id := ts.booked(t, m, pilates)
	if got := ts.remain(t, m); got != 4 {
		t.Fatalf("after booking, %d visits left; want 4", got)
	}
	wantCode(t, scenario{Method: "POST", Path: "/api/user/cancelBooking/verify", Body: body("bookingId", id), Header: m.auth(),
		Contains: []string{`"cancellable":true`, `"forfeits":true`, `"refund":0`}}.run(t, ts), http.StatusOK, 0)

	var wg sync.WaitGroup
	codes := make([]int, 10)
	for i := range codes {
		wg.Go(func() {
			w := scenario{Method: "POST", Path: "/api/user/cancelBooking", Body: body("bookingId", id), Header: m.auth()}.run(t, ts)
			codes[i] = apiResult(t, w, nil).ErrorCode
		})
	}
	wg.Wait()
	ok := 0
	for _, c := range codes {
		switch c {
		case 0:
			ok++
		case storefront.CodeBookingCancelled:
		default:
			t.Errorf("a raced cancel answered %d", c)
		}
	}
	if ok != 1 {
		t.Errorf("%d cancels succeeded; want 1 (%v)", ok, codes)
	}
	if got := ts.remain(t, m); got != 4 {
		t.Errorf("after the late cancel, %d visits left; want 4 (forfeited, not given back)", got)
	}
	if n := ts.id(t, `select count(*) from bookings where id = $1 and status = 'cancelled' and late_cancel`, id); n != 1 {
		t.Errorf("the booking is not recorded as a late cancel")
	}
	if n := ts.id(t, `select booked from course_schedules where id = $1`, pilates); n != 0 {
		t.Errorf("the seat is not freed: %d booked", n)
	}

	// where the course keeps its deadline, the same cancel is refused
	ts.exec(t, `update courses set late_cancel = 'refused' where brand_id = 'demo' and name = '墊上皮拉提斯'`)
	other := ts.newMembers(t, "strict", 1, 5, true)[0]
	id2 := ts.booked(t, other, pilates)
	wantCode(t, scenario{Method: "POST", Path: "/api/user/cancelBooking", Body: body("bookingId", id2), Header: other.auth()}.run(t, ts),
		http.StatusConflict, storefront.CodePastCancelTime)
}

// TestNoShowMarkedOnceByTwoWorkers: two workers sweeping at once after
// the class mark each booking not checked in once; a checked-in or
// cancelled booking, or a course that does not count no-shows, is not
// marked; sweeping again changes nothing.
func TestNoShowMarkedOnceByTwoWorkers(t *testing.T) {
	ts := newBookingServer(t)
	ctx := context.Background()
	ts.exec(t, `update courses set no_show = 'counted' where brand_id = 'demo' and name = '高強度間歇 HIIT'`)
	counted := ts.extraSession(t, "高強度間歇 HIIT", "2026-11-23 10:00")
	ignored := ts.extraSession(t, "墊上皮拉提斯", "2026-11-23 10:00")
	ms := ts.newMembers(t, "noshow", 32, 5, true)
	for _, m := range ms[:30] {
		ts.booked(t, m, counted)
	}
	attended := ts.booked(t, ms[30], counted)
	wantCode(t, scenario{Method: "POST", Path: "/api/user/checkInBooking", Body: body("bookingId", attended), Header: ms[30].auth()}.run(t, ts), 200, 0)
	cancelled := ts.booked(t, ms[31], counted)
	ts.exec(t, `update bookings set status = 'cancelled', cancelled_at = now() where id = $1`, cancelled)
	other := ts.newMembers(t, "ignored", 1, 5, true)[0]
	ts.booked(t, other, ignored)

	ts.clock.t = bookingDay.Add(90 * time.Minute) // 10:30: the class is on
	if n, err := ts.bookings.MarkNoShows(ctx); err != nil || n != 0 {
		t.Fatalf("during the class: %d marked, %v; want none", n, err)
	}
	ts.clock.t = bookingDay.Add(2 * time.Hour) // 11:00: it ended
	var wg sync.WaitGroup
	marked := make([]int64, 2)
	for i := range marked {
		wg.Go(func() {
			n, err := ts.bookings.MarkNoShows(ctx)
			if err != nil {
				t.Error(err)
			}
			marked[i] = n
		})
	}
	wg.Wait()
	if marked[0]+marked[1] != 30 {
		t.Errorf("the two workers marked %v; want 30 in all", marked)
	}
	if n, err := ts.bookings.MarkNoShows(ctx); err != nil || n != 0 {
		t.Errorf("sweeping again: %d marked, %v; want none", n, err)
	}
	if n := ts.id(t, `select count(*) from bookings where no_show_at is not null`); n != 30 {
		t.Errorf("%d no-shows; want the 30 not checked in", n)
	}
	w := scenario{Method: "GET", Path: "/api/user/bookingList?brandId=demo", Header: ms[0].auth(), Contains: []string{`"noShow":true`}}.run(t, ts)
	wantCode(t, w, 200, 0)
}

// TestSuspensionAfterStrikesWithinDaysEndsAfterDays: with the brand's rule
// of two strikes within 30 days for 7 days, a late cancel and then a
// no-show suspend online booking, with the reason and the end shown in
// the refusal and the member centre; 7 days after the no-show it ends.
func TestSuspensionAfterStrikesWithinDaysEndsAfterDays(t *testing.T) {
	ts := newBookingServer(t)
	ctx := context.Background()
	ts.exec(t, `update brands set suspension_strikes = 2, suspension_within_days = 30, suspension_days = 7 where id = 'demo'`)
	ts.exec(t, `update courses set late_cancel = 'forfeit', no_show = 'counted' where brand_id = 'demo' and name = '墊上皮拉提斯'`)
	m := ts.newMembers(t, "strikes", 1, 10, true)[0]
	suspension := func() wire.BookingSuspension {
		var s wire.BookingSuspension
		apiResult(t, scenario{Method: "GET", Path: "/api/user/bookingSuspension?brandId=demo", Header: m.auth()}.run(t, ts), &s)
		return s
	}

	late := ts.booked(t, m, ts.session(t, "墊上皮拉提斯", "2026-11-23")) // 12:15, past its deadline
	wantCode(t, scenario{Method: "POST", Path: "/api/user/cancelBooking", Body: body("bookingId", late), Header: m.auth()}.run(t, ts), 200, 0)
	if s := suspension(); s.Suspended {
		t.Fatalf("suspended after one strike: %+v", s)
	}
	ts.booked(t, m, ts.extraSession(t, "墊上皮拉提斯", "2026-11-24 19:00")) // not attended
	// full classes, the member waiting for the first
	other := ts.newMembers(t, "seated", 1, 10, true)[0]
	full, fuller := ts.extraSession(t, "墊上皮拉提斯", "2026-11-27 19:00"), ts.extraSession(t, "墊上皮拉提斯", "2026-11-28 19:00")
	ts.exec(t, `update course_schedules set capacity = 1 where id in ($1, $2)`, full, fuller)
	seat := ts.booked(t, other, full)
	ts.booked(t, other, fuller)
	wantCode(t, scenario{Method: "POST", Path: "/api/schedule/waiting/add", Body: body("scheduleId", full), Header: m.auth()}.run(t, ts), 200, 0)
	ts.clock.t = time.Date(2026, 11, 24, 21, 0, 0, 0, bookingDay.Location())
	if _, err := ts.bookings.MarkNoShows(ctx); err != nil {
		t.Fatal(err)
	}
	end := ts.id(t, `select extract(epoch from max(ends_at))::bigint from bookings where user_id = $1 and no_show_at is not null`, m.id)
	until := time.Unix(end, 0).Add(7 * 24 * time.Hour).In(bookingDay.Location())
	untilText := until.Format("2006/01/02")

	s := suspension()
	if !s.Suspended || s.Until == nil || !s.Until.Equal(until) || !strings.Contains(s.Message, untilText) || !strings.Contains(s.Message, "30 天內已有 2 次") {
		t.Fatalf("member centre: %+v; want suspended until %v, said", s, until)
	}
	next := ts.extraSession(t, "墊上皮拉提斯", "2026-11-26 19:00")
	env := wantCode(t, ts.book(t, m, next), http.StatusConflict, storefront.CodeBookingSuspended)
	if !strings.Contains(env.Message, untilText) || !strings.Contains(env.Message, "逾時取消或未到") {
		t.Errorf("the refusal says %q; want the reason and %s", env.Message, untilText)
	}

	// nor may they join a waiting list, and the seat they waited for goes past them
	wantCode(t, scenario{Method: "POST", Path: "/api/schedule/waiting/add", Body: body("scheduleId", fuller), Header: m.auth()}.run(t, ts),
		http.StatusConflict, storefront.CodeBookingSuspended)
	wantCode(t, scenario{Method: "POST", Path: "/api/user/cancelBooking", Body: body("bookingId", seat), Header: other.auth()}.run(t, ts), 200, 0)
	if n := ts.id(t, `select count(*) from booking_waitlist where user_id = $1 and status = 'skipped' and reason like '%逾時取消或未到%'`, m.id); n != 1 {
		t.Errorf("the suspended member's wait was not skipped with its reason")
	}

	ts.clock.t = until // the suspension's end
	if s := suspension(); s.Suspended {
		t.Errorf("still suspended at its end: %+v", s)
	}
	later := ts.extraSession(t, "墊上皮拉提斯", "2026-12-03 19:00")
	ts.booked(t, m, later)
}
