package host

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"storefront"
	"storefront/host/wire"
	"sync"
	"testing"
)

// The booking flows' lock order (data.Tx): sessions, then members,
// then entitlements. These tests send flows that take the same locks at
// once, round after round, and want every answer to be a rule's, never a
// deadlock's.

// lockRounds is how many times each race runs.
const lockRounds = 15

// addSession adds a session of 墊上皮拉提斯 at Xinyi on Thursday
// 2026-11-26 from start to end, with capacity seats.
func (ts *bookingServer) addSession(t *testing.T, start, end string, capacity int) int64 {
	t.Helper()
	return ts.id(t, `insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity)
		select c.brand_id, c.id, '2026-11-26', $1::time, $2::time, $3 from courses c join stores st on st.id = c.store_id
		 where c.brand_id = 'demo' and c.name = '墊上皮拉提斯' and st.short_name = '信義館' returning id`, start, end, capacity)
}

// wait puts the member on the session's waiting list.
func (ts *bookingServer) wait(t *testing.T, m member2, sid int64) {
	t.Helper()
	wantCode(t, scenario{Method: "POST", Path: "/api/schedule/waiting/add", Body: body("scheduleId", sid), Header: m.auth()}.run(t, ts), 200, 0)
}

// atOnce sends the scenarios at once and returns each answer's status and
// error code.
func (ts *bookingServer) atOnce(scs ...scenario) [][2]int {
	out := make([][2]int, len(scs))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, sc := range scs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := sc.request()
			<-start
			w := httptest.NewRecorder()
			ts.ServeHTTP(w, req)
			var env wire.Envelope
			json.Unmarshal(w.Body.Bytes(), &env)
			out[i] = [2]int{w.Code, env.ErrorCode}
		}()
	}
	close(start)
	wg.Wait()
	return out
}

func cancelOf(m member2, bookingID int64) scenario {
	return scenario{Method: "POST", Path: "/api/user/cancelBooking", Body: body("bookingId", bookingID), Header: m.auth()}
}

// TestCrossPromotionsDoNotDeadlock: A holds the one seat of S1 and waits
// for S2; B holds the one seat of S2 and waits for S1. Both cancel at
// once: each cancellation gives its member's visit back and books the
// other from the waiting list with theirs. Both succeed, each member
// ends in the other session, and neither waits on the other crosswise.
func TestCrossPromotionsDoNotDeadlock(t *testing.T) {
	ts := newBookingServer(t)
	for r := range lockRounds {
		s1, s2 := ts.addSession(t, "10:00", "10:50", 1), ts.addSession(t, "14:00", "14:50", 1)
		ms := ts.newMembers(t, fmt.Sprintf("cross%d-", r), 2, 5, true)
		a, b := ms[0], ms[1]
		ba, bb := ts.booked(t, a, s1), ts.booked(t, b, s2)
		ts.wait(t, a, s2)
		ts.wait(t, b, s1)
		got := ts.atOnce(cancelOf(a, ba), cancelOf(b, bb))
		if got[0] != [2]int{200, 0} || got[1] != [2]int{200, 0} {
			t.Fatalf("round %d: the cancellations answered %v; want both 200", r, got)
		}
		inOther := ts.id(t, `select count(*) from bookings where status = 'booked' and
			((user_id = $1 and schedule_id = $4) or (user_id = $2 and schedule_id = $3))`, a.id, b.id, s1, s2)
		if inOther != 2 {
			t.Fatalf("round %d: %d of the two members promoted into the other's session", r, inOther)
		}
	}
}

// TestBookingAndPromotionAtOnce: A holds the one seat of S1 and B waits
// for it. A cancels while B books, at once, either a session that
// overlaps S1 or S1 itself. Whichever comes first, B ends with exactly
// one booking at that time: a promotion after the booking skips B (time
// conflict), a booking after the promotion is refused with -33 or finds
// the seat B was given; nothing deadlocks.
func TestBookingAndPromotionAtOnce(t *testing.T) {
	ts := newBookingServer(t)
	for _, c := range []struct {
		name    string
		overlap bool
	}{{name: "an overlapping session", overlap: true}, {name: "the same session", overlap: false}} {
		t.Run(c.name, func(t *testing.T) {
			for r := range lockRounds {
				s1 := ts.addSession(t, "10:00", "10:50", 1)
				other := s1
				if c.overlap {
					other = ts.addSession(t, "10:30", "11:20", 5)
				}
				ms := ts.newMembers(t, fmt.Sprintf("wait%v%d-", c.overlap, r), 2, 5, true)
				a, b := ms[0], ms[1]
				held := ts.booked(t, a, s1)
				ts.wait(t, b, s1)
				got := ts.atOnce(cancelOf(a, held),
					scenario{Method: "POST", Path: "/api/schedule/booking", Body: body("scheduleId", other), Header: b.auth()})
				if got[0] != [2]int{200, 0} {
					t.Fatalf("round %d: the cancellation answered %v", r, got[0])
				}
				switch got[1] {
				case [2]int{200, 0}, [2]int{409, storefront.CodeTimeConflict}, [2]int{409, storefront.CodeSessionFull}:
				default:
					t.Fatalf("round %d: the booking answered %v", r, got[1])
				}
				if n := ts.id(t, `select count(*) from bookings where user_id = $1 and status = 'booked'`, b.id); n != 1 {
					t.Fatalf("round %d: B holds %d bookings at 10:00 (booking answered %v); want 1", r, n, got[1])
				}
			}
		})
	}
}
