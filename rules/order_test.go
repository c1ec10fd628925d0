package rules

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"storefront"
	"strings"
	"testing"
	"time"
)

// TestOrderNext: every order state x every order event, the refusals
// included (the codes a buyer sees today for an order that cannot be paid
// from its state).
func TestOrderNext(t *testing.T) {
	cells := []struct {
		from     string
		event    OrderEvent
		to       string
		releases bool // a term order's seats go back
		ignore   bool // nothing changes, no error
		refused  int  // the refusal's code
	}{
		// OrderCreated
		{from: OrderCreated, event: EventHandOff, to: OrderAwaitingPayment},
		{from: OrderCreated, event: EventSubmit, to: OrderAwaitingPayment},
		{from: OrderCreated, event: EventClaimConfirm, ignore: true},
		{from: OrderCreated, event: EventPay, to: OrderPaid},
		{from: OrderCreated, event: EventFail, to: OrderFailed, releases: true},
		{from: OrderCreated, event: EventCancel, to: OrderCancelled, releases: true},
		{from: OrderCreated, event: EventExpire, to: OrderExpired, releases: true},
		{from: OrderCreated, event: EventPeriod, refused: storefront.CodeOrderExpired},
		{from: OrderCreated, event: EventRefundedPart, refused: storefront.CodeOrderExpired},
		{from: OrderCreated, event: EventRefundedWhole, refused: storefront.CodeOrderExpired},
		// OrderAwaitingPayment
		{from: OrderAwaitingPayment, event: EventHandOff, to: OrderAwaitingPayment},
		{from: OrderAwaitingPayment, event: EventSubmit, refused: storefront.CodeOrderExpired},
		{from: OrderAwaitingPayment, event: EventClaimConfirm, to: OrderAwaitingPayment},
		{from: OrderAwaitingPayment, event: EventPay, to: OrderPaid},
		{from: OrderAwaitingPayment, event: EventFail, to: OrderFailed, releases: true},
		{from: OrderAwaitingPayment, event: EventCancel, to: OrderCancelled, releases: true},
		{from: OrderAwaitingPayment, event: EventExpire, to: OrderExpired, releases: true},
		{from: OrderAwaitingPayment, event: EventPeriod, refused: storefront.CodeOrderExpired},
		{from: OrderAwaitingPayment, event: EventRefundedPart, refused: storefront.CodeOrderExpired},
		{from: OrderAwaitingPayment, event: EventRefundedWhole, refused: storefront.CodeOrderExpired},
		// OrderPaid
		{from: OrderPaid, event: EventHandOff, refused: storefront.CodePaymentFailed},
		{from: OrderPaid, event: EventSubmit, refused: storefront.CodePaymentFailed},
		{from: OrderPaid, event: EventClaimConfirm, ignore: true},
		{from: OrderPaid, event: EventPay, ignore: true},
		{from: OrderPaid, event: EventFail, ignore: true},
		{from: OrderPaid, event: EventCancel, ignore: true},
		{from: OrderPaid, event: EventExpire, ignore: true},
		{from: OrderPaid, event: EventPeriod, to: OrderPaid},
		{from: OrderPaid, event: EventRefundedPart, to: OrderPartlyRefunded},
		{from: OrderPaid, event: EventRefundedWhole, to: OrderRefunded},
		// OrderFailed
		{from: OrderFailed, event: EventHandOff, refused: storefront.CodeOrderExpired},
		{from: OrderFailed, event: EventSubmit, refused: storefront.CodeOrderExpired},
		{from: OrderFailed, event: EventClaimConfirm, ignore: true},
		{from: OrderFailed, event: EventPay, to: OrderPaid},
		{from: OrderFailed, event: EventFail, ignore: true},
		{from: OrderFailed, event: EventCancel, ignore: true},
		{from: OrderFailed, event: EventExpire, ignore: true},
		{from: OrderFailed, event: EventPeriod, refused: storefront.CodeOrderExpired},
		{from: OrderFailed, event: EventRefundedPart, refused: storefront.CodeOrderExpired},
		{from: OrderFailed, event: EventRefundedWhole, refused: storefront.CodeOrderExpired},
		// OrderCancelled
		{from: OrderCancelled, event: EventHandOff, refused: storefront.CodeOrderExpired},
		{from: OrderCancelled, event: EventSubmit, refused: storefront.CodeOrderExpired},
		{from: OrderCancelled, event: EventClaimConfirm, ignore: true},
		{from: OrderCancelled, event: EventPay, to: OrderPaid},
		{from: OrderCancelled, event: EventFail, ignore: true},
		{from: OrderCancelled, event: EventCancel, ignore: true},
		{from: OrderCancelled, event: EventExpire, ignore: true},
		{from: OrderCancelled, event: EventPeriod, refused: storefront.CodeOrderExpired},
		{from: OrderCancelled, event: EventRefundedPart, refused: storefront.CodeOrderExpired},
		{from: OrderCancelled, event: EventRefundedWhole, refused: storefront.CodeOrderExpired},
		// OrderExpired
		{from: OrderExpired, event: EventHandOff, refused: storefront.CodeOrderExpired},
		{from: OrderExpired, event: EventSubmit, refused: storefront.CodeOrderExpired},
		{from: OrderExpired, event: EventClaimConfirm, ignore: true},
		{from: OrderExpired, event: EventPay, to: OrderPaid},
		{from: OrderExpired, event: EventFail, ignore: true},
		{from: OrderExpired, event: EventCancel, ignore: true},
		{from: OrderExpired, event: EventExpire, ignore: true},
		{from: OrderExpired, event: EventPeriod, refused: storefront.CodeOrderExpired},
		{from: OrderExpired, event: EventRefundedPart, refused: storefront.CodeOrderExpired},
		{from: OrderExpired, event: EventRefundedWhole, refused: storefront.CodeOrderExpired},
		// OrderPartlyRefunded
		{from: OrderPartlyRefunded, event: EventHandOff, refused: storefront.CodePaymentFailed},
		{from: OrderPartlyRefunded, event: EventSubmit, refused: storefront.CodePaymentFailed},
		{from: OrderPartlyRefunded, event: EventClaimConfirm, ignore: true},
		{from: OrderPartlyRefunded, event: EventPay, ignore: true},
		{from: OrderPartlyRefunded, event: EventFail, ignore: true},
		{from: OrderPartlyRefunded, event: EventCancel, ignore: true},
		{from: OrderPartlyRefunded, event: EventExpire, ignore: true},
		{from: OrderPartlyRefunded, event: EventPeriod, refused: storefront.CodePaymentFailed},
		{from: OrderPartlyRefunded, event: EventRefundedPart, to: OrderPartlyRefunded},
		{from: OrderPartlyRefunded, event: EventRefundedWhole, to: OrderRefunded},
		// OrderRefunded
		{from: OrderRefunded, event: EventHandOff, refused: storefront.CodePaymentFailed},
		{from: OrderRefunded, event: EventSubmit, refused: storefront.CodePaymentFailed},
		{from: OrderRefunded, event: EventClaimConfirm, ignore: true},
		{from: OrderRefunded, event: EventPay, ignore: true},
		{from: OrderRefunded, event: EventFail, ignore: true},
		{from: OrderRefunded, event: EventCancel, ignore: true},
		{from: OrderRefunded, event: EventExpire, ignore: true},
		{from: OrderRefunded, event: EventPeriod, refused: storefront.CodePaymentFailed},
		{from: OrderRefunded, event: EventRefundedPart, refused: storefront.CodePaymentFailed},
		{from: OrderRefunded, event: EventRefundedWhole, refused: storefront.CodePaymentFailed},
	}
	seen := map[string]bool{}
	for _, c := range cells {
		name := c.from + " x " + string(c.event)
		seen[name] = true
		step, err := OrderNext(c.from, c.event)
		switch {
		case c.refused != 0:
			if e := storefront.AsError(err); e == nil || e.Code != c.refused || e.Kind != storefront.KindConflict {
				t.Errorf("%s: %+v, %v; want refused %d", name, step, err, c.refused)
			}
		case err != nil:
			t.Errorf("%s: %v", name, err)
		case step != OrderStep{To: c.to, Ignore: c.ignore, ReleasesSeats: c.releases}:
			t.Errorf("%s: %+v; want to %q ignore %v releases %v", name, step, c.to, c.ignore, c.releases)
		}
	}
	for _, s := range OrderStates {
		for _, e := range OrderEvents {
			if !seen[s+" x "+string(e)] {
				t.Errorf("no case for %s x %s", s, e)
			}
		}
	}
	if len(cells) != len(OrderStates)*len(OrderEvents) {
		t.Errorf("%d cases for %d cells", len(cells), len(OrderStates)*len(OrderEvents))
	}
}

// TestOrderRefusalMessages: a refusal says why the order cannot be paid.
func TestOrderRefusalMessages(t *testing.T) {
	for _, c := range []struct {
		from    string
		message string
	}{
		{from: OrderPaid, message: storefront.TextOrderPaid},
		{from: OrderFailed, message: storefront.TextOrderFailed},
		{from: OrderCancelled, message: storefront.TextOrderCancelled},
		{from: OrderExpired, message: storefront.TextOrderExpired},
		{from: OrderAwaitingPayment, message: ""},
	} {
		if got := storefront.AsError(OrderRefusal(c.from)).Message; got != c.message {
			t.Errorf("%s: %q, want %q", c.from, got, c.message)
		}
	}
}

// TestRefundAndInvoiceNext: every refund and invoice state x event.
func TestRefundAndInvoiceNext(t *testing.T) {
	refunds := []struct {
		from  string
		event RefundEvent
		to    string // "": no such move
	}{}
	moves := map[string]map[RefundEvent]string{
		RefundRequested:  {RefundEventSend: RefundRequesting, RefundEventReject: RefundRejected},
		RefundRequesting: {RefundEventDone: RefundDone, RefundEventFailed: RefundFailed},
		RefundFailed:     {RefundEventRetry: RefundRequested},
	}
	for _, from := range RefundStates {
		for _, e := range RefundEvents {
			refunds = append(refunds, struct {
				from  string
				event RefundEvent
				to    string
			}{from, e, moves[from][e]})
		}
	}
	for _, c := range refunds {
		to, err := RefundNext(c.from, c.event)
		var want error
		if c.to == "" {
			want = ErrRowRefused
		}
		if to != c.to || !errors.Is(err, want) {
			t.Errorf("refund %s x %s: %q, %v; want %q, %v", c.from, c.event, to, err, c.to, want)
		}
	}
	invoices := []struct {
		from  string
		event InvoiceEvent
		to    string // "": refused
	}{
		{from: InvoiceIssuing, event: InvoiceEventIssue, to: InvoiceIssued},
		{from: InvoiceIssuing, event: InvoiceEventVoid},
		{from: InvoiceIssuing, event: InvoiceEventAllow},
		{from: InvoiceIssued, event: InvoiceEventIssue},
		{from: InvoiceIssued, event: InvoiceEventVoid, to: InvoiceVoided},
		{from: InvoiceIssued, event: InvoiceEventAllow, to: InvoiceAllowance},
		{from: InvoiceVoided, event: InvoiceEventIssue},
		{from: InvoiceVoided, event: InvoiceEventVoid},
		{from: InvoiceVoided, event: InvoiceEventAllow},
		{from: InvoiceAllowance, event: InvoiceEventIssue},
		{from: InvoiceAllowance, event: InvoiceEventVoid},
		{from: InvoiceAllowance, event: InvoiceEventAllow, to: InvoiceAllowance},
	}
	if len(invoices) != len(InvoiceStates)*len(InvoiceEvents) {
		t.Errorf("%d invoice cases for %d cells", len(invoices), len(InvoiceStates)*len(InvoiceEvents))
	}
	for _, c := range invoices {
		to, err := InvoiceNext(c.from, c.event)
		var want error
		if c.to == "" {
			want = ErrRowRefused
		}
		if to != c.to || !errors.Is(err, want) {
			t.Errorf("invoice %q x %s: %q, %v; want %q, %v", c.from, c.event, to, err, c.to, want)
		}
	}
}

// TestStatesInSchema: the states of the tables (orders, refunds, ACH and
// recurring mandates, periods) are the ones the database's check
// constraints allow (the last migration that sets each constraint).
func TestStatesInSchema(t *testing.T) {
	files, err := filepath.Glob("../data/migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("migrations: %v", err)
	}
	sort.Strings(files)
	var all strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	for _, c := range []struct {
		constraint string
		states     []string
	}{
		{constraint: "orders_state_check", states: OrderStates},
		{constraint: "refunds_state_check", states: RefundStates},
		{constraint: "invoices_state_check", states: InvoiceStates},
		{constraint: "ach_mandates_state_check", states: ACHStates},
		{constraint: "recurring_mandates_state_check", states: MandateStates},
		{constraint: "recurring_charges_state_check", states: []string{ChargePaid, ChargeFailed}},
	} {
		// named, or a column's own check in its table's create statement
		table := strings.TrimSuffix(c.constraint, "_state_check")
		re := regexp.MustCompile(`(?:constraint ` + c.constraint + `|create table ` + table + ` \((?s:[^;]*?)state +text[^\n]*?)\s+check \(state in \(([^)]*)\)\)`)
		m := re.FindAllStringSubmatch(all.String(), -1)
		if len(m) == 0 {
			t.Errorf("%s: not in the migrations", c.constraint)
			continue
		}
		var allowed []string
		for _, s := range strings.Split(m[len(m)-1][1], ",") {
			allowed = append(allowed, strings.Trim(strings.TrimSpace(s), "'"))
		}
		got, want := slices.Sorted(slices.Values(allowed)), slices.Sorted(slices.Values(c.states))
		if !slices.Equal(got, want) {
			t.Errorf("%s allows %v; the table has %v", c.constraint, got, want)
		}
	}
}

// TestConfirming: a live lease refuses, a lapsed one or none does not.
func TestConfirming(t *testing.T) {
	now := at(t, "2026-11-23 20:00")
	later, earlier := now.Add(1), now.Add(-1)
	for _, c := range []struct {
		name  string
		lease *time.Time
		held  bool
	}{
		{name: "no lease", lease: nil, held: false},
		{name: "a lease still running", lease: &later, held: true},
		{name: "a lease ending now", lease: &now, held: false},
		{name: "a lapsed lease", lease: &earlier, held: false},
	} {
		if got := Confirming(c.lease, now) != nil; got != c.held {
			t.Errorf("%s: held %v, want %v", c.name, got, c.held)
		}
	}
}
