package host

import (
	"fmt"
	"storefront"
	"strings"
	"testing"
	"time"

	"storefront/host/wire"
)

// TestQRCheckIn: the member centre's QR token checks the member in at the
// studio's scanner within the check-in window; the same token two minutes
// later (a screenshot) does not.
func TestQRCheckIn(t *testing.T) {
	ts := newBookingServer(t)
	sid := ts.session(t, "高強度間歇 HIIT", "2026-11-23") // 18:30
	id := ts.booked(t, ts.me, sid)
	ts.clock.t = bookingDay.Add(9*time.Hour + 20*time.Minute) // 18:20
	var qr wire.CheckInQR
	apiResult(t, scenario{Path: "/api/user/checkInQr?brandId=demo", Header: ts.me.auth(), Status: 200}.run(t, ts), &qr)
	scanner := []string{"Authorization", "Bearer " + testScannerToken}
	ts.clock.Add(checkInTTL)
	scenario{Method: "POST", Path: "/api/checkin/qr", Body: map[string]any{"token": qr.Token}, Header: scanner,
		Status: 403, Code: storefront.CodeCheckInInvalid}.run(t, ts)
	ts.clock.Add(-time.Minute)
	var a wire.CheckInAnswer
	apiResult(t, scenario{Method: "POST", Path: "/api/checkin/qr", Body: map[string]any{"token": qr.Token}, Header: scanner, Status: 200}.run(t, ts), &a)
	if a.BookingID != id || a.MemberName != "林小安" || a.CheckedInAt.IsZero() {
		t.Errorf("check-in answer %+v", a)
	}
	forged := strings.Replace(qr.Token, fmt.Sprintf(".%d.", ts.me.id), fmt.Sprintf(".%d.", ts.daan.id), 1)
	scenario{Method: "POST", Path: "/api/checkin/qr", Body: map[string]any{"token": forged}, Header: scanner,
		Status: 403, Code: storefront.CodeCheckInInvalid}.run(t, ts)
}
