package host

import (
	"fmt"
	"testing"

	"storefront/host/wire"
)

// TestScheduleSeatsAndPayment: the schedule call carries the live seats
// and the member's own state; paymentInfo preselects the best.
func TestScheduleSeatsAndPayment(t *testing.T) {
	ts := newBookingServer(t)
	full := ts.id(t, `select schedule_id from bookings where user_id = $1`, ts.daan.id)
	later := ts.session(t, "墊上皮拉提斯", "2026-11-26")
	var seats []wire.ScheduleSeat
	apiResult(t, scenario{Path: fmt.Sprintf("/api/schedule?brandId=demo&scheduleId=%d", full), Header: ts.xiaomei.auth(), Status: 200}.run(t, ts), &seats)
	if len(seats) != 1 || !seats[0].Full || seats[0].SeatsLeft == nil || *seats[0].SeatsLeft != 0 || seats[0].WaitingCount != 1 || seats[0].MyWaitingPosition != 1 || seats[0].BookableNow {
		t.Errorf("the full class: %+v", seats)
	}
	var info wire.PaymentInfo
	apiResult(t, scenario{Path: fmt.Sprintf("/api/schedule/paymentInfo?brandId=demo&scheduleId=%d", later), Header: ts.me.auth(), Status: 200}.run(t, ts), &info)
	if info.Preselected == nil || info.Preselected.Kind != "passcard" || info.Options[0].Name != "季卡通行卡" || info.Options[0].Cost != 0 {
		t.Fatalf("paymentInfo: %+v", info)
	}
	id := ts.booked(t, ts.me, later)
	apiResult(t, scenario{Path: fmt.Sprintf("/api/schedule?brandId=demo&scheduleId=%d", later), Header: ts.me.auth(), Status: 200}.run(t, ts), &seats)
	if seats[0].MyBookingID != id || seats[0].MyBookingStatus != "booked" || *seats[0].SeatsLeft != *seats[0].Capacity-1 {
		t.Errorf("after booking: %+v", seats[0])
	}
	// the visitor's view: no member state
	apiResult(t, scenario{Path: fmt.Sprintf("/api/schedule?brandId=demo&scheduleId=%d", later), Status: 200}.run(t, ts), &seats)
	if seats[0].MyBookingID != 0 || !seats[0].BookableNow {
		t.Errorf("a visitor's view: %+v", seats[0])
	}
}
