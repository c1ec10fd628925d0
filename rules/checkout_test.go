package rules

import (
	"testing"
	"time"
)

// TestActivationOnPayment: what a paid line's holding starts as, on a
// frozen clock (a payment late in the evening counts for its Taipei day).
func TestActivationOnPayment(t *testing.T) {
	paid := time.Date(2026, 11, 23, 15, 30, 0, 0, time.UTC) // 23:30 in Taipei
	for _, c := range []struct {
		name, startType, chosen string
		value                   int
		unit                    string
		active                  bool
		start, end              string
	}{
		{name: "IMMEDIATELY: active from the Taipei day paid", startType: StartImmediately, chosen: "", value: 1, unit: "M", active: true, start: "2026-11-23", end: "2026-12-22"},
		{name: "IMMEDIATELY without validity: no end", startType: StartImmediately, chosen: "", value: 0, unit: "", active: true, start: "2026-11-23", end: ""},
		{name: "CUSTOM: from the buyer's day", startType: StartCustom, chosen: "2026-12-01", value: 1, unit: "M", active: true, start: "2026-12-01", end: "2026-12-31"},
		{name: "ADMIN_CUSTOM: from the operator's day", startType: StartAdminCustom, chosen: "2027-01-01", value: 1, unit: "Y", active: true, start: "2027-01-01", end: "2027-12-31"},
		{name: "ADMIN_CUSTOM without a date: waits", startType: StartAdminCustom, chosen: "", value: 1, unit: "Y", active: false, start: "", end: ""},
		{name: "BOOKING: waits for the first booking", startType: StartBooking, chosen: "", value: 1, unit: "M", active: false, start: "", end: ""},
		{name: "ATTEND: waits for the first check-in", startType: StartAttend, chosen: "", value: 2, unit: "W", active: false, start: "", end: ""},
		{name: "a week over the month end", startType: StartImmediately, chosen: "", value: 1, unit: "W", active: true, start: "2026-11-23", end: "2026-11-29"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var chosen TaipeiDay
			if c.chosen != "" {
				chosen = day(t, c.chosen)
			}
			a := ActivationOnPayment(c.startType, paid, chosen, c.value, c.unit)
			end := ""
			if !a.End.IsZero() {
				end = a.End.String()
			}
			start := ""
			if a.Active {
				start = a.Start.String()
			}
			if a.Active != c.active || start != c.start || end != c.end {
				t.Fatalf("got active %v %s..%s; want %v %s..%s", a.Active, start, end, c.active, c.start, c.end)
			}
		})
	}
}

// TestCheckoutStart: the start a buyer gives at checkout.
func TestCheckoutStart(t *testing.T) {
	today := day(t, "2026-11-23")
	for _, c := range []struct {
		name, startType, chosen, admin, want, err string
	}{
		{name: "CUSTOM today", startType: StartCustom, chosen: "2026-11-23", admin: "", want: "2026-11-23", err: ""},
		{name: "CUSTOM 30 days ahead", startType: StartCustom, chosen: "2026-12-23", admin: "", want: "2026-12-23", err: ""},
		{name: "CUSTOM 31 days ahead", startType: StartCustom, chosen: "2026-12-24", admin: "", want: "", err: "開始日期需在 30 天內（最晚 2026-12-23）"},
		{name: "CUSTOM yesterday", startType: StartCustom, chosen: "2026-11-22", admin: "", want: "", err: "開始日期不可早於今天（2026-11-23）"},
		{name: "CUSTOM without a date", startType: StartCustom, chosen: "", admin: "", want: "", err: "請選擇開始日期（30 天內）"},
		{name: "CUSTOM not a date", startType: StartCustom, chosen: "2026-02-30", admin: "", want: "", err: `日期格式需為 YYYY-MM-DD："2026-02-30"`},
		{name: "ADMIN_CUSTOM takes the operator's day", startType: StartAdminCustom, chosen: "2026-11-30", admin: "2027-01-01", want: "2027-01-01", err: ""},
		{name: "IMMEDIATELY ignores a date", startType: StartImmediately, chosen: "2026-11-30", admin: "", want: "", err: ""},
		{name: "BOOKING ignores a date", startType: StartBooking, chosen: "2026-11-30", admin: "", want: "", err: ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := CheckoutStart(c.startType, today, c.chosen, c.admin)
			got, msg := "", ""
			if !d.IsZero() {
				got = d.String()
			}
			if err != nil {
				msg, got = err.Error(), ""
			}
			if got != c.want || msg != c.err {
				t.Fatalf("got %q, %q; want %q, %q", got, msg, c.want, c.err)
			}
		})
	}
}

// TestCheckQuantity: items 1-10; a course seat 1, or up to 5 with
// multi-booking.
func TestCheckQuantity(t *testing.T) {
	for _, c := range []struct {
		name          string
		course, multi bool
		q             int
		err           string
	}{
		{name: "one item", course: false, multi: false, q: 1, err: ""},
		{name: "ten items", course: false, multi: false, q: 10, err: ""},
		{name: "eleven items", course: false, multi: false, q: 11, err: "購買數量需為 1 至 10"},
		{name: "no item", course: false, multi: false, q: 0, err: "購買數量需為 1 至 10"},
		{name: "one seat", course: true, multi: false, q: 1, err: ""},
		{name: "two seats", course: true, multi: false, q: 2, err: "購買數量需為 1 至 1"},
		{name: "five seats with multi-booking", course: true, multi: true, q: 5, err: ""},
		{name: "six seats with multi-booking", course: true, multi: true, q: 6, err: "購買數量需為 1 至 5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := CheckQuantity(c.course, c.multi, c.q)
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			if msg != c.err {
				t.Fatalf("got %q; want %q", msg, c.err)
			}
		})
	}
}

func TestOrderExpiryAndThousands(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, Taipei)
	if got := OrderExpiry(at, 30*time.Minute); !got.Equal(at.Add(30 * time.Minute)) {
		t.Fatalf("expiry %v", got)
	}
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 12999: "12,999", 1234567: "1,234,567", -2500: "-2,500"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q; want %q", n, got, want)
		}
	}
}

// TestNextExpiryStep: the expiry worker settles what the provider says is
// paid, expires what it says is unpaid, and waits for an answer up to
// UnansweredBound past the order's expiry, on a frozen Taipei clock.
func TestNextExpiryStep(t *testing.T) {
	due := time.Date(2026, 11, 22, 10, 30, 0, 0, Taipei)
	for _, c := range []struct {
		name string
		says ProviderSays
		now  time.Time
		want ExpiryStep
	}{
		{name: "paid: settle", says: ProviderPaid, now: due.Add(time.Minute), want: ExpirySettle},
		{name: "paid long after: still settle", says: ProviderPaid, now: due.Add(48 * time.Hour), want: ExpirySettle},
		{name: "unpaid: expire", says: ProviderUnpaid, now: due, want: ExpiryExpire},
		{name: "unanswered at once: wait", says: ProviderUnanswered, now: due, want: ExpiryWait},
		{name: "unanswered just within the bound: wait", says: ProviderUnanswered, now: due.Add(UnansweredBound - time.Second), want: ExpiryWait},
		{name: "unanswered at the bound: expire unverified", says: ProviderUnanswered, now: due.Add(UnansweredBound), want: ExpiryExpireUnverified},
		{name: "unanswered a day later: expire unverified", says: ProviderUnanswered, now: due.Add(24 * time.Hour), want: ExpiryExpireUnverified},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := NextExpiryStep(c.says, due, c.now); got != c.want {
				t.Errorf("NextExpiryStep(%d, %s) = %d, want %d", c.says, c.now, got, c.want)
			}
		})
	}
}
