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
		{"IMMEDIATELY: active from the Taipei day paid", StartImmediately, "", 1, "M", true, "2026-11-23", "2026-12-22"},
		{"IMMEDIATELY without validity: no end", StartImmediately, "", 0, "", true, "2026-11-23", ""},
		{"CUSTOM: from the buyer's day", StartCustom, "2026-12-01", 1, "M", true, "2026-12-01", "2026-12-31"},
		{"ADMIN_CUSTOM: from the operator's day", StartAdminCustom, "2027-01-01", 1, "Y", true, "2027-01-01", "2027-12-31"},
		{"ADMIN_CUSTOM without a date: waits", StartAdminCustom, "", 1, "Y", false, "", ""},
		{"BOOKING: waits for the first booking", StartBooking, "", 1, "M", false, "", ""},
		{"ATTEND: waits for the first check-in", StartAttend, "", 2, "W", false, "", ""},
		{"a week over the month end", StartImmediately, "", 1, "W", true, "2026-11-23", "2026-11-29"},
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
		{"CUSTOM today", StartCustom, "2026-11-23", "", "2026-11-23", ""},
		{"CUSTOM 30 days ahead", StartCustom, "2026-12-23", "", "2026-12-23", ""},
		{"CUSTOM 31 days ahead", StartCustom, "2026-12-24", "", "", "開始日期需在 30 天內（最晚 2026-12-23）"},
		{"CUSTOM yesterday", StartCustom, "2026-11-22", "", "", "開始日期不可早於今天（2026-11-23）"},
		{"CUSTOM without a date", StartCustom, "", "", "", "請選擇開始日期（30 天內）"},
		{"CUSTOM not a date", StartCustom, "2026-02-30", "", "", `日期格式需為 YYYY-MM-DD："2026-02-30"`},
		{"ADMIN_CUSTOM takes the operator's day", StartAdminCustom, "2026-11-30", "2027-01-01", "2027-01-01", ""},
		{"IMMEDIATELY ignores a date", StartImmediately, "2026-11-30", "", "", ""},
		{"BOOKING ignores a date", StartBooking, "2026-11-30", "", "", ""},
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
		{"one item", false, false, 1, ""},
		{"ten items", false, false, 10, ""},
		{"eleven items", false, false, 11, "購買數量需為 1 至 10"},
		{"no item", false, false, 0, "購買數量需為 1 至 10"},
		{"one seat", true, false, 1, ""},
		{"two seats", true, false, 2, "購買數量需為 1 至 1"},
		{"five seats with multi-booking", true, true, 5, ""},
		{"six seats with multi-booking", true, true, 6, "購買數量需為 1 至 5"},
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
		{"paid: settle", ProviderPaid, due.Add(time.Minute), ExpirySettle},
		{"paid long after: still settle", ProviderPaid, due.Add(48 * time.Hour), ExpirySettle},
		{"unpaid: expire", ProviderUnpaid, due, ExpiryExpire},
		{"unanswered at once: wait", ProviderUnanswered, due, ExpiryWait},
		{"unanswered just within the bound: wait", ProviderUnanswered, due.Add(UnansweredBound - time.Second), ExpiryWait},
		{"unanswered at the bound: expire unverified", ProviderUnanswered, due.Add(UnansweredBound), ExpiryExpireUnverified},
		{"unanswered a day later: expire unverified", ProviderUnanswered, due.Add(24 * time.Hour), ExpiryExpireUnverified},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := NextExpiryStep(c.says, due, c.now); got != c.want {
				t.Errorf("NextExpiryStep(%d, %s) = %d, want %d", c.says, c.now, got, c.want)
			}
		})
	}
}
