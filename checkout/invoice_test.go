package checkout

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/outbox"
	"storefront/providers"
	"storefront/rules"
)

// The e-invoice flows on the real PostgreSQL, issuing at ezPay's sandbox
// over a real socket.

var ezpayTest = providers.EzPay{MerchantID: "EZ_TEST", HashKey: "ezpay-test-hashkey-0123456789abc", HashIV: "ezpay-test-iv-01"}

// testClock is a clock the test moves.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// withEzPay has x's flows invoice at a new ezPay sandbox on clock's time.
func withEzPay(t *testing.T, f *Flows, clock func() time.Time) *providers.EzPaySandbox {
	sb := providers.NewEzPaySandbox(ezpayTest)
	sb.Now = clock
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	cfg := ezpayTest
	cfg.URL = srv.URL
	f.Merchants = &Merchants{PlatformCollects: true, Platform: func(string) providers.Accounts { return providers.Accounts{EzPay: cfg} }}
	return sb
}

// invoiceOrder is an order of the fixture's member for 季卡通行卡 asking
// for invoice c.
func (x *orderFixture) invoiceOrder(t *testing.T, c rules.InvoiceChoice) *data.Order {
	t.Helper()
	typ, id, price := item(t, x.db, "demo", "季卡通行卡")
	o, err := dbtest.CreateOrder(x.db, data.NewOrder{BrandID: "demo", UserID: x.userID, Kind: data.OrderKindItem,
		PayWay: data.PayWayCard, Provider: data.ProviderNewebPay, ExpiresAt: paidAt.Add(30 * time.Minute),
		Lines: []data.NewOrderLine{{ItemType: typ, ItemID: id, StoreID: x.storeID, Quantity: 1, ShownPrice: price}}, Invoice: &c}, paidAt)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// runJobs runs the outbox's invoice jobs with x's flows until stop.
func runJobs(t *testing.T, db *data.DB, f *Flows) *outbox.Worker {
	w := outbox.Start(db, outbox.Options{Poll: 20 * time.Millisecond, Backoff: 20 * time.Millisecond, MaxWait: 100 * time.Millisecond})
	w.Handle(JobIssueInvoice, f.IssueInvoice)
	w.Handle(JobUndoInvoice, f.UndoInvoice)
	t.Cleanup(w.Stop)
	return w
}

// waitFor waits until sql counts want (a state, never a duration: the
// deadline only ends a test that would hang).
func waitFor(t *testing.T, db *data.DB, want int, sql string, args ...any) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); ; {
		if dbtest.Count(t, db, sql, args...) == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("never %d: %s", want, sql)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// runJob runs the job of kind for invoice id once with handler.
func runJob(t *testing.T, db *data.DB, kind string, handler func(context.Context, json.RawMessage) error) error {
	t.Helper()
	var p json.RawMessage
	if err := db.Pool.QueryRow(context.Background(), `select payload from jobs where kind = $1 order by id desc limit 1`, kind).Scan(&p); err != nil {
		t.Fatal(err)
	}
	return handler(context.Background(), p)
}

// TestInvoiceIssuedOnceUnderReplays: a payment replayed 100 times at
// once writes one invoice and one job; the job issues it once at ezPay
// (the sandbox counts), records its number, date and random code on the
// order and mails them.
func TestInvoiceIssuedOnceUnderReplays(t *testing.T) {
	x := newOrderFixture(t)
	sb := withEzPay(t, x.f, func() time.Time { return paidAt })
	o := x.invoiceOrder(t, rules.InvoiceChoice{Kind: rules.InvoiceMobile, Code: "/ABC+123"})
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := x.f.Pay(context.Background(), payment(o, o.Amount)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := dbtest.Count(t, x.db, `select count(*) from jobs where kind = $1`, JobIssueInvoice); n != 1 {
		t.Fatalf("%d invoice jobs", n)
	}
	runJobs(t, x.db, x.f)
	waitFor(t, x.db, 1, `select count(*) from invoices where order_id = $1 and state = 'issued'`, o.ID)
	if n := sb.Issues(); n != 1 {
		t.Fatalf("ezPay issued %d invoices", n)
	}
	got, err := x.db.Order(context.Background(), "demo", o.Number)
	if err != nil {
		t.Fatal(err)
	}
	inv := got.Invoices
	number, _, _, _ := sb.Invoice(rules.InvoiceOrderNo(o.Number, 0, false))
	if len(inv) != 1 || inv[0].Number != number || inv[0].Date != "2026-11-23" || len(inv[0].RandomCode) != 4 || inv[0].Amount != o.Amount {
		t.Fatalf("the order's invoices %+v (ezPay's %s)", inv, number)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from mail_outbox where subject like '%電子發票開立通知' and text_body like '%' || $1 || '%'`, number); n != 1 {
		t.Fatalf("%d invoice mails naming %s", n, number)
	}
}

// TestInvoiceWaitsForProvider: with ezPay refusing, then hanging up, the
// job fails and is retried; once ezPay is back it issues the invoice,
// once.
func TestInvoiceWaitsForProvider(t *testing.T) {
	x := newOrderFixture(t)
	sb := withEzPay(t, x.f, func() time.Time { return paidAt })
	o := x.invoiceOrder(t, rules.InvoiceChoice{Kind: rules.InvoiceDonation, Code: "8585"})
	sb.SetDown(providers.EzPayRefuses)
	if _, _, err := x.f.Pay(context.Background(), payment(o, o.Amount)); err != nil {
		t.Fatal(err)
	}
	runJobs(t, x.db, x.f)
	waitFor(t, x.db, 1, `select count(*) from jobs where kind = $1 and attempts >= 2 and last_error is not null and done_at is null`, JobIssueInvoice)
	sb.SetDown(providers.EzPayCloses)
	waitFor(t, x.db, 1, `select count(*) from jobs where kind = $1 and attempts >= 4 and done_at is null`, JobIssueInvoice)
	if n := dbtest.Count(t, x.db, `select count(*) from invoices where state = 'issuing'`); n != 1 {
		t.Fatalf("%d invoices waiting", n)
	}
	sb.SetDown(providers.EzPayUp)
	waitFor(t, x.db, 1, `select count(*) from invoices where order_id = $1 and state = 'issued'`, o.ID)
	waitFor(t, x.db, 1, `select count(*) from jobs where kind = $1 and done_at is not null`, JobIssueInvoice)
	if n := sb.Issues(); n != 1 {
		t.Fatalf("ezPay issued %d invoices", n)
	}
}

// TestInvoiceLostAnswer: ezPay issues the invoice but its answer is lost;
// the job's next run asks ezPay first and records that invoice, issuing
// no second one.
func TestInvoiceLostAnswer(t *testing.T) {
	x := newOrderFixture(t)
	sb := withEzPay(t, x.f, func() time.Time { return paidAt })
	o := x.invoiceOrder(t, rules.InvoiceChoice{Kind: rules.InvoiceCompany, Code: "04595257", Title: "好好健身股份有限公司"})
	if _, _, err := x.f.Pay(context.Background(), payment(o, o.Amount)); err != nil {
		t.Fatal(err)
	}
	sb.LoseNextIssue()
	if err := runJob(t, x.db, JobIssueInvoice, x.f.IssueInvoice); err == nil {
		t.Fatal("a lost answer was taken for an answer")
	}
	if sb.Issues() != 1 || dbtest.Count(t, x.db, `select count(*) from invoices where state = 'issuing' and sent_at is not null`) != 1 {
		t.Fatalf("after the lost answer: %d issued at ezPay", sb.Issues())
	}
	if err := runJob(t, x.db, JobIssueInvoice, x.f.IssueInvoice); err != nil {
		t.Fatal(err)
	}
	number, _, _, _ := sb.Invoice(rules.InvoiceOrderNo(o.Number, 0, false))
	if n := dbtest.Count(t, x.db, `select count(*) from invoices where state = 'issued' and number = $1`, number); n != 1 || sb.Issues() != 1 {
		t.Fatalf("after asking: %d recorded as %s, %d issued at ezPay", n, number, sb.Issues())
	}
}

// TestInvoiceVoidAndAllowance: each paid period of a plan has its own
// invoice; a second charge of a period gets one too, and its refund
// voids it within the period's window (the same month), and gives an
// allowance once the window closed (the refund retried in January, past
// the 13th).
func TestInvoiceVoidAndAllowance(t *testing.T) {
	clock := &testClock{t: paidAt}
	db := dbtest.NewDemo(t)
	x := newRecurringFixtureWith(t, db, &rules.InvoiceChoice{Kind: rules.InvoiceMember}, clock.Now)
	sb := withEzPay(t, x.f, clock.Now)
	ctx := context.Background()
	issueAll := func() {
		t.Helper()
		rows, err := db.Pool.Query(ctx, `select payload from jobs where kind = $1 and done_at is null`, JobIssueInvoice)
		if err != nil {
			t.Fatal(err)
		}
		var payloads []json.RawMessage
		for rows.Next() {
			var p json.RawMessage
			rows.Scan(&p)
			payloads = append(payloads, p)
		}
		rows.Close()
		for _, p := range payloads {
			if err := x.f.IssueInvoice(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	x.charge(t, data.Charge{AlreadyTimes: 2, Paid: true, TradeNo: "T2"}, 2, true)
	x.charge(t, data.Charge{AlreadyTimes: 3, Paid: true, TradeNo: "T3"}, 3, true)
	second := x.charge(t, data.Charge{AlreadyTimes: 2, Paid: true, TradeNo: "T2b", TradeOrderNo: "O2b"}, 2, false)
	third := x.charge(t, data.Charge{AlreadyTimes: 3, Paid: true, TradeNo: "T3b", TradeOrderNo: "O3b"}, 3, false)
	if second.Refund == nil || third.Refund == nil {
		t.Fatal("the second charges were not claimed for refund")
	}
	issueAll()
	for _, no := range []string{rules.InvoiceOrderNo(x.o.Number, 1, false), rules.InvoiceOrderNo(x.o.Number, 2, false),
		rules.InvoiceOrderNo(x.o.Number, 3, false), rules.InvoiceOrderNo(x.o.Number, 2, true), rules.InvoiceOrderNo(x.o.Number, 3, true)} {
		if _, _, _, ok := sb.Invoice(no); !ok {
			t.Fatalf("no invoice %s at ezPay", no)
		}
	}
	if sb.Issues() != 5 {
		t.Fatalf("ezPay issued %d invoices, want 5 (periods 1-3, two second charges)", sb.Issues())
	}
	// period 2's second charge refunded the same day: voided
	if err := x.f.settleRefund(ctx, second.Refund, nil, clock.Now()); err != nil {
		t.Fatal(err)
	}
	if err := runJob(t, db, JobUndoInvoice, x.f.UndoInvoice); err != nil {
		t.Fatal(err)
	}
	if _, voided, allowances, _ := sb.Invoice(rules.InvoiceOrderNo(x.o.Number, 2, true)); !voided || allowances != 0 {
		t.Fatalf("period 2's second charge: voided %v, %d allowances", voided, allowances)
	}
	// period 3's refund fails, and is made in January past the window
	if err := x.f.settleRefund(ctx, third.Refund, errProvider(providers.ErrNotConfigured), clock.Now()); err != nil {
		t.Fatal(err)
	}
	clock.Set(time.Date(2027, 1, 20, 10, 0, 0, 0, rules.Taipei))
	again := x.charge(t, data.Charge{AlreadyTimes: 3, Paid: true, TradeNo: "T3b", TradeOrderNo: "O3b"}, 3, false)
	if again.Refund == nil {
		t.Fatal("the failed refund was not claimed again")
	}
	if err := x.f.settleRefund(ctx, again.Refund, nil, clock.Now()); err != nil {
		t.Fatal(err)
	}
	if err := runJob(t, db, JobUndoInvoice, x.f.UndoInvoice); err != nil {
		t.Fatal(err)
	}
	if _, voided, allowances, _ := sb.Invoice(rules.InvoiceOrderNo(x.o.Number, 3, true)); voided || allowances != 1 {
		t.Fatalf("period 3's second charge: voided %v, %d allowances", voided, allowances)
	}
	if n := dbtest.Count(t, db, `select count(*) from invoices where state = 'voided'`); n != 1 {
		t.Fatalf("%d voided", n)
	}
	if n := dbtest.Count(t, db, `select count(*) from invoices where state = 'allowance' and allowance_no is not null`); n != 1 {
		t.Fatalf("%d with an allowance", n)
	}
	if n := dbtest.Count(t, db, `select count(*) from invoices where state = 'issued' and second_charge_id is null`); n != 3 {
		t.Fatalf("%d period invoices still issued, want 3", n)
	}
	// the undo jobs run again change nothing at ezPay
	if err := runJob(t, db, JobUndoInvoice, x.f.UndoInvoice); err != nil {
		t.Fatal(err)
	}
	if _, _, allowances, _ := sb.Invoice(rules.InvoiceOrderNo(x.o.Number, 3, true)); allowances != 1 {
		t.Fatalf("%d allowances after a replay", allowances)
	}
}

// TestNoInvoiceWithoutModule: a brand without the INVOICE module takes no
// choice (whatever is sent) and its paid orders get no invoice nor job;
// one with it refuses a bad choice at its field.
func TestNoInvoiceWithoutModule(t *testing.T) {
	x := newOrderFixture(t)
	ctx := context.Background()
	plan, err := x.db.LoadBrand(ctx, "plan")
	if err != nil {
		t.Fatal(err)
	}
	if c, err := invoiceChoice(plan, &rules.InvoiceChoice{Kind: "mobile", Code: "bad"}); c != nil || err != nil {
		t.Fatalf("brand plan: %+v, %v", c, err)
	}
	demo, err := x.db.LoadBrand(ctx, "demo")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := invoiceChoice(demo, &rules.InvoiceChoice{Kind: "company", Code: "04595257"}); codeOf(err) != -77 {
		t.Fatalf("a company invoice without a title: %v", err)
	}
	if c, err := invoiceChoice(demo, nil); err != nil || c.Kind != rules.InvoiceMember {
		t.Fatalf("no choice: %+v, %v", c, err)
	}
	o := x.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt) // an order asking for no invoice
	if _, _, err := x.f.Pay(ctx, payment(o, o.Amount)); err != nil {
		t.Fatal(err)
	}
	if n := dbtest.Count(t, x.db, `select (select count(*) from invoices) + (select count(*) from jobs where kind like 'invoice-%')`); n != 0 {
		t.Fatalf("%d invoices and jobs for an order asking none", n)
	}
}
