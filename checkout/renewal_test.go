package checkout

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"storefront/data"
	"storefront/data/dbtest"
)

// renewalJob is the payload of the renewal notice of period of the
// fixture's order (the first queued when several days are).
func (x *recurringFixture) renewalJob(t *testing.T, period int) json.RawMessage {
	t.Helper()
	var p json.RawMessage
	if err := x.db.Pool.QueryRow(context.Background(), `select payload from jobs where kind = $1 and (payload->>'orderId')::bigint = $2
		and (payload->>'period')::int = $3 order by id limit 1`, data.JobRenewal, x.o.ID, period).Scan(&p); err != nil {
		t.Fatalf("no renewal notice of period %d: %v", period, err)
	}
	return p
}

// concurrently runs fn n times at once and fails on any error.
func concurrently(t *testing.T, n int, fn func() error) {
	t.Helper()
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := fn(); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

// TestRenewalNoticeOncePerPeriod: the first mandate's creation (period 1,
// on the 23rd) queues period 2's notice, due three days before the 23rd
// of next month at 10:00 Taipei; its creation replayed eight times at
// once, and period 2 charged by eight replays at once, queue one notice
// per period. Period 2's notice, run four times at once and again later
// (a host dying mid-job), mails the member once: the plan, the period,
// the day, the amount, the card and the member centre's link; run once
// period 2 is charged, period 2's job sends nothing more. A declined
// period queues no notice.
func TestRenewalNoticeOncePerPeriod(t *testing.T) {
	x := newRecurringFixture(t)
	ctx := context.Background()
	concurrently(t, 8, func() error {
		_, err := x.f.ApplyCharge(ctx, data.Charge{MerOrderNo: x.m.MerOrderNo, PeriodNo: "P1", Created: true, Paid: true, TradeNo: "T1",
			Amount: x.o.Amount, At: paidAt})
		return err
	})
	jobs := func(period int) int {
		return dbtest.Count(t, x.db, `select count(*) from jobs where kind = $1 and (payload->>'orderId')::bigint = $2
			and (payload->>'period')::int = $3`, data.JobRenewal, x.o.ID, period)
	}
	if n := jobs(2); n != 1 {
		t.Fatalf("%d notices of period 2; want 1", n)
	}
	var due string
	if err := x.db.Pool.QueryRow(ctx, `select to_char(next_at at time zone 'Asia/Taipei', 'YYYY-MM-DD HH24:MI') || ' ' || (payload->>'day')
		from jobs where kind = $1`, data.JobRenewal).Scan(&due); err != nil || due != "2026-12-20 10:00 2026-12-23" {
		t.Fatalf("period 2's notice due %q (%v); want 2026-12-20 10:00 for the charge on 2026-12-23", due, err)
	}

	notices := func() []string {
		rows, err := x.db.Pool.Query(ctx, `select text_body from mail_outbox where to_addr = 'monthly@example.com' and subject like '%定期定額續扣通知%'`)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for rows.Next() {
			var s string
			rows.Scan(&s)
			out = append(out, s)
		}
		return out
	}
	two := x.renewalJob(t, 2)
	concurrently(t, 4, func() error { return x.f.RemindRenewal(ctx, two) })
	if err := x.f.RemindRenewal(ctx, two); err != nil {
		t.Fatal(err)
	}
	got := notices()
	if len(got) != 1 {
		t.Fatalf("%d renewal notices mailed; want 1", len(got))
	}
	for _, want := range []string{"「月費方案」", "2026/12/23（三）", "第 2 期（共 12 期）", "NT$1,299", "**** 4242", "https://shop.example/plan/user",
		"我的訂單", "暫停會籍"} {
		if !strings.Contains(got[0], want) {
			t.Errorf("the notice does not say %q:\n%s", want, got[0])
		}
	}

	concurrently(t, 8, func() error {
		_, err := x.f.ApplyCharge(ctx, data.Charge{MerOrderNo: x.m.MerOrderNo, PeriodNo: "P1", AlreadyTimes: 2, Paid: true, TradeNo: "T2",
			Amount: x.o.Amount, At: paidAt, Day: "2026-12-23"})
		return err
	})
	if n := jobs(3); n != 1 {
		t.Fatalf("%d notices of period 3; want 1", n)
	}
	var j data.RenewalJob
	if err := json.Unmarshal(x.renewalJob(t, 3), &j); err != nil || j.Day != "2027-01-23" {
		t.Fatalf("period 3's notice: %+v (%v); want the charge on 2027-01-23", j, err)
	}
	if err := x.f.RemindRenewal(ctx, two); err != nil {
		t.Fatal(err)
	}
	if n := len(notices()); n != 1 {
		t.Fatalf("%d renewal notices after period 2 was charged; want 1", n)
	}

	// period 3 declined: no notice of period 4, and period 3's sends none
	x.charge(t, data.Charge{AlreadyTimes: 3, Paid: false, Failure: "卡片遭拒", Day: "2027-01-23"}, 3, true)
	if n := jobs(4); n != 0 {
		t.Fatalf("a declined period queued %d notices", n)
	}
	if err := x.f.RemindRenewal(ctx, x.renewalJob(t, 3)); err != nil {
		t.Fatal(err)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from renewal_notices where order_id = $1`, x.o.ID); n != 1 {
		t.Fatalf("%d periods noticed; want 1 (period 2)", n)
	}
}
