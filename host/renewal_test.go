package host

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"storefront"
	"storefront/data"
	"storefront/members"
)

// renewalDue makes the renewal notice of period of plan no, for the
// charge on day, due now and waits until a worker ran it.
func (s *buyer) renewalDue(t *testing.T, no string, period int, day string) {
	t.Helper()
	const job = `from jobs j join orders o on o.id = (j.payload->>'orderId')::bigint
		where j.kind = $1 and o.number = $2 and (j.payload->>'period')::int = $3 and j.payload->>'day' = $4`
	if n := s.count(t, `select count(*) `+job, data.JobRenewal, no, period, day); n != 1 {
		t.Fatalf("%d renewal notices of period %d on %s; want 1", n, period, day)
	}
	if _, err := s.db.Pool.Exec(context.Background(), `update jobs set next_at = '-infinity' where id in (select j.id `+job+`)`,
		data.JobRenewal, no, period, day); err != nil {
		t.Fatal(err)
	}
	s.outbox.Kick()
	waitFor(t, "the renewal notice runs", func() bool {
		return s.count(t, `select count(*) `+job+` and j.done_at is not null`, data.JobRenewal, no, period, day) == 1
	})
}

// renewalMails are the renewal notices mailed to the member so far.
func (s *buyer) renewalMails() []string {
	var out []string
	for _, m := range s.box.Messages() {
		if strings.Contains(m.Subject, storefront.TextMailRenewalTitle) && strings.Contains(strings.Join(m.To, ","), "member@example.com") {
			out = append(out, m.Text)
		}
	}
	return out
}

// TestRenewalNotice: the monthly plan bought on 2026-11-22 through the
// NewebPay periodic sandbox queues period 2's notice, due 2026-12-19
// 10:00 Taipei; run, it is mailed (the plan, period, day, amount and the
// member centre's link). The member then chooses LINE for renewals:
// period 3's notice, queued when the sandbox charged period 2, is pushed
// to LINE, not mailed. A freeze approved over period 4's charge day
// (2027-02-22) sends nothing then and moves the notice to the first
// charge day after the freeze (2027-03-22); the member ending the plan
// (a refund request) meanwhile, the moved notice sends nothing either.
func TestRenewalNotice(t *testing.T) {
	s := recurringShop(t)
	s.cfg.LineBot.HTTP = &http.Client{Transport: s.hc}
	ctx := context.Background()
	no, _ := s.paidPlan(t)
	if n := s.count(t, `select count(*) from jobs j join orders o on o.id = (j.payload->>'orderId')::bigint where j.kind = $1
		and o.number = $2 and (j.payload->>'period')::int = 2 and j.payload->>'day' = '2026-12-22'
		and to_char(j.next_at at time zone 'Asia/Taipei', 'YYYY-MM-DD HH24:MI') = '2026-12-19 10:00'`, data.JobRenewal, no); n != 1 {
		t.Fatal("period 2's notice is not due 2026-12-19 10:00 for the charge on 2026-12-22")
	}
	s.renewalDue(t, no, 2, "2026-12-22")
	waitFor(t, "the notice mailed", func() bool { return len(s.renewalMails()) == 1 })
	text := s.renewalMails()[0]
	for _, want := range []string{"「月費方案」", "2026/12/22（二）", "第 2 期（共 12 期）", "NT$1,299", "http://example.com/plan/user"} {
		if !strings.Contains(text, want) {
			t.Errorf("the notice does not say %q:\n%s", want, text)
		}
	}

	u, err := s.db.UserByEmail(ctx, "plan", "member@example.com", storefront.CodeMemberNotFound)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.db.LinkLine(ctx, "plan", u.ID, "1700000000", "Urenews", s.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if err := s.db.SetNotifyChoice(ctx, "plan", u.ID, data.NotifyRenewal, data.ChannelLine); err != nil {
		t.Fatal(err)
	}
	pushed := func() int { return len(s.lineBotSandbox.Pushed("Urenews")) }
	s.newebpaySandbox.AdvancePeriods(1) // period 2, on 2026-12-22
	s.renewalDue(t, no, 3, "2027-01-22")
	waitFor(t, "the notice pushed to LINE", func() bool { return pushed() == 1 })
	if p := s.lineBotSandbox.Pushed("Urenews")[0].Text; !strings.Contains(p, storefront.TextMailRenewalTitle) ||
		!strings.Contains(p, "2027/01/22") || !strings.Contains(p, "http://example.com/plan/user") {
		t.Errorf("pushed:\n%s", p)
	}

	fz, err := s.members.RequestFreeze(ctx, u, members.FreezeRequest{Reason: "abroad", Start: "2027-02-01", End: "2027-03-15", Evidence: "外派東京"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.members.DecideFreeze(ctx, "plan", fz.ID, true, ""); err != nil {
		t.Fatal(err)
	}
	s.newebpaySandbox.AdvancePeriods(1) // period 3, on 2027-01-22
	s.renewalDue(t, no, 4, "2027-02-22")
	if n := s.count(t, `select count(*) from jobs where kind = $1 and payload->>'day' = '2027-03-22' and done_at is null
		and to_char(next_at at time zone 'Asia/Taipei', 'YYYY-MM-DD HH24:MI') = '2027-03-19 10:00'`, data.JobRenewal); n != 1 {
		t.Fatal("the frozen charge day's notice was not moved to 2027-03-22")
	}

	w := s.b.post(t, "/api/user/order/refund", map[string]any{"brandId": "plan", "orderNumber": no})
	if w.Code != 200 {
		t.Fatalf("refund request: %d %s", w.Code, w.Body)
	}
	s.renewalDue(t, no, 4, "2027-03-22")
	s.outbox.Kick()
	waitFor(t, "no notice job left to run", func() bool {
		return s.count(t, `select count(*) from jobs where kind in ($1, $2) and done_at is null and next_at <= $3`, data.JobLine, data.JobMail, s.now()) == 0
	})
	if n := s.count(t, `select count(*) from renewal_notices n join orders o on o.id = n.order_id where o.number = $1`, no); n != 2 {
		t.Errorf("%d periods noticed; want 2 (periods 2 and 3)", n)
	}
	if pushed() != 1 || len(s.renewalMails()) != 1 {
		t.Errorf("after the freeze and the plan's end: %d pushes, %d mails; want 1 and 1", pushed(), len(s.renewalMails()))
	}
}
