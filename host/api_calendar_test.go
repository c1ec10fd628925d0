package host

import (
	"fmt"
	"storefront"
	"strings"
	"testing"
	"time"
)

// TestBookingCalendar: the .ics of a booking keeps its UID and is at the
// store's street address; once cancelled it carries METHOD:CANCEL; the
// confirmation mail arrives with it attached.
func TestBookingCalendar(t *testing.T) {
	ts := newBookingServer(t)
	later := ts.session(t, "墊上皮拉提斯", "2026-11-26")
	id := ts.booked(t, ts.me, later)
	path := fmt.Sprintf("/api/user/bookings/%d/calendar.ics?brandId=demo", id)
	uid := fmt.Sprintf("UID:booking-%d-demo@storefront", id)
	w := scenario{Path: path, Header: ts.me.auth(), Status: 200, Contains: []string{"METHOD:PUBLISH", uid, "DTSTART:20261126T041500Z"}}.run(t, ts)
	// the lines unfolded (RFC 5545 folds at 75 octets)
	if ics := strings.ReplaceAll(w.Body.String(), "\r\n ", ""); !strings.Contains(ics, "\r\nLOCATION:森活運動館 信義館\\, 台北市信義區松仁路 100 號 5 樓\r\n") {
		t.Errorf("the .ics's location:\n%s", ics)
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/calendar") {
		t.Errorf("Content-Type %q", ct)
	}
	m, ok := ts.box.Wait("member@example.com", 0, 5*time.Second)
	if !ok || !strings.Contains(m.Subject, "預約成功") || !strings.Contains(m.Raw, `booking.ics`) || !strings.Contains(m.Raw, "text/calendar") {
		t.Errorf("confirmation mail %q (attached: %v)", m.Subject, strings.Contains(m.Raw, "booking.ics"))
	}
	scenario{Method: "POST", Path: "/api/user/cancelBooking", Body: body("bookingId", id), Header: ts.me.auth(), Status: 200}.run(t, ts)
	scenario{Path: path, Header: ts.me.auth(), Status: 200, Contains: []string{"METHOD:CANCEL", uid, "STATUS:CANCELLED"}}.run(t, ts)
	scenario{Path: path, Header: ts.daan.auth(), Status: 404, Code: storefront.CodeBookingNotFound}.run(t, ts)
}
