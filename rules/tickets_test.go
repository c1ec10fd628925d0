package rules

import "testing"

func TestTicketKind(t *testing.T) {
	for typ, want := range map[string]int{
		"onlinePoint": 1, "point": 1, "couponPoint": 1, "privatePoint": 1, "privateCouponPoint": 1,
		"count": 2, "couponCount": 2, "privateCount": 2, "privateCouponCount": 2,
		"hour": 3, "couponHour": 3, "privateHour": 3, "privateCouponHour": 3,
		"package": 4, "privatePackage": 4,
		"": 0, "coupon": 0, "private": 0, "gift": 0,
	} {
		if got := TicketKind(typ); got != want {
			t.Errorf("TicketKind(%q) = %d; want %d", typ, got, want)
		}
	}
}
