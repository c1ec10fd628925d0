package host

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"storefront"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/host/wire"
	"storefront/members"
	"storefront/providers"
	"storefront/rules"
)

// dueNow makes the freeze's job of kind due now (the day it waits for has
// come) and tells the outbox.
func (ts *memberServer) dueNow(t *testing.T, kind string, freezeID int64) {
	t.Helper()
	if _, err := ts.db.Pool.Exec(context.Background(), `update jobs set next_at = '-infinity' where kind = $1 and key = $2`, kind, strconv.FormatInt(freezeID, 10)); err != nil {
		t.Fatal(err)
	}
	ts.outbox.Kick()
}

// refusedAt asserts err is a storefront error of code at field.
func refusedAt(t *testing.T, name string, err error, code int, field string) {
	t.Helper()
	var e *storefront.Error
	if !errors.As(err, &e) || e.Code != code || e.Field != field || e.Message == "" {
		t.Fatalf("%s: %v (want code %d at %q)", name, err, code, field)
	}
}

// TestFreezeRecurringPlan: a member paying a monthly plan by NewebPay's
// periodic payment asks to freeze for six weeks abroad. A request over the
// brand's cap is refused at its end date, one without evidence at its
// note, a voluntary one (the brand offers none) at its reason. Approved:
// the pass ends 46 days later, the decision is mailed, on the freeze's
// first day the mandate is suspended at NewebPay and nothing is charged
// while it is; a declined charge dated inside the freeze (arriving before
// the suspension) is not recorded, so the pass is not payment-failed; the
// day after its last the mandate is restarted, the freeze ended, and the
// next month charged again.
func TestFreezeRecurringPlan(t *testing.T) {
	s := recurringShop(t)
	ctx := context.Background()
	orderNo, mandate := s.paidPlan(t)
	sb := s.newebpaySandbox
	end, _ := s.passEnd(t, orderNo)
	if end != "2026-12-21" {
		t.Fatalf("the pass ends %s before the freeze", end)
	}
	u, err := s.db.UserByEmail(ctx, "plan", "member@example.com", storefront.CodeMemberNotFound)
	if err != nil {
		t.Fatal(err)
	}

	_, err = s.members.RequestFreeze(ctx, u, members.FreezeRequest{Reason: "abroad", Start: "2026-12-01", End: "2027-06-15", Evidence: "外派東京"})
	refusedAt(t, "over the six months' cap", err, storefront.CodeFreezeRefused, "end")
	_, err = s.members.RequestFreeze(ctx, u, members.FreezeRequest{Reason: "abroad", Start: "2026-12-01", End: "2027-01-15"})
	refusedAt(t, "no evidence", err, storefront.CodeFreezeRefused, "evidence")
	_, err = s.members.RequestFreeze(ctx, u, members.FreezeRequest{Reason: "voluntary", Start: "2026-12-01", End: "2026-12-10"})
	refusedAt(t, "voluntary, none offered", err, storefront.CodeFreezeRefused, "reason")
	_, err = s.members.RequestFreeze(ctx, u, members.FreezeRequest{Reason: "abroad", Start: "2026-11-01", End: "2027-01-15", Evidence: "外派東京"})
	refusedAt(t, "a start in the past", err, storefront.CodeFreezeRefused, "start")
	if n := s.count(t, `select count(*) from freezes`); n != 0 {
		t.Fatalf("refused requests recorded: %d", n)
	}

	fz, err := s.members.RequestFreeze(ctx, u, members.FreezeRequest{Reason: "abroad", Start: "2026-12-01", End: "2027-01-15", Evidence: "外派東京"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.members.RequestFreeze(ctx, u, members.FreezeRequest{Reason: "injury", Start: "2027-01-10", End: "2027-02-10", Evidence: "骨折"})
	refusedAt(t, "overlapping", err, storefront.CodeFreezeOverlap, "start")
	if end, _ := s.passEnd(t, orderNo); end != "2026-12-21" {
		t.Fatalf("a request alone moved the pass's end to %s", end)
	}

	if _, err := s.members.DecideFreeze(ctx, "plan", fz.ID, true, ""); err != nil {
		t.Fatal(err)
	}
	if end, _ := s.passEnd(t, orderNo); end != "2027-02-05" { // 46 days later
		t.Fatalf("after approval the pass ends %s, want 2027-02-05", end)
	}
	_, err = s.members.DecideFreeze(ctx, "plan", fz.ID, false, "重複")
	refusedAt(t, "decided twice", err, storefront.CodeFreezeDecided, "")
	waitFor(t, "the decision mailed", func() bool {
		return s.count(t, `select count(*) from jobs where kind = 'mail' and payload->>'to' = 'member@example.com'
			and payload->>'subject' like '%暫停會籍申請已核准%'`) == 1
	})
	if st := sb.MandateState(mandate); st != "active" {
		t.Fatalf("the mandate is %q before the freeze's first day", st)
	}
	// the suspension not made yet, December's charge (the 22nd, inside the
	// freeze) comes declined: nothing is owed while frozen
	sb.DeclineNext(providers.TestCardApproved)
	sb.AdvancePeriods(1)
	if end, failed := s.passEnd(t, orderNo); end != "2027-02-05" || failed {
		t.Fatalf("a declined charge in the freeze: the pass ends %s, payment-failed %v", end, failed)
	}
	if n := s.count(t, `select count(*) from recurring_charges c join orders o on o.id = c.order_id where o.number = $1`, orderNo); n != 1 {
		t.Fatalf("a declined charge in the freeze recorded: %d periods", n)
	}
	if n := s.count(t, `select count(*) from jobs where kind = 'mail' and payload->>'subject' like '%扣款失敗%'`); n != 0 {
		t.Fatalf("a declined charge in the freeze mailed: %d", n)
	}

	s.dueNow(t, data.JobFreezeStart, fz.ID)
	waitFor(t, "the mandate suspended at NewebPay", func() bool { return sb.MandateState(mandate) == "suspended" })
	sb.AdvancePeriods(1) // suspended: no charge comes while it is
	if n := s.count(t, `select count(*) from recurring_charges c join orders o on o.id = c.order_id where o.number = $1`, orderNo); n != 1 {
		t.Fatalf("charged during the freeze: %d periods", n)
	}
	if end, _ := s.passEnd(t, orderNo); end != "2027-02-05" {
		t.Fatalf("during the freeze the pass ends %s", end)
	}

	s.dueNow(t, data.JobFreezeEnd, fz.ID)
	waitFor(t, "the mandate restarted and the freeze ended", func() bool {
		return sb.MandateState(mandate) == "active" && s.count(t, `select count(*) from freezes where id = $1 and state = 'ended'`, fz.ID) == 1
	})
	sb.AdvancePeriods(1)
	if n := s.count(t, `select count(*) from recurring_charges c join orders o on o.id = c.order_id where o.number = $1 and c.state = 'paid'`, orderNo); n != 2 {
		t.Fatalf("after the freeze: %d periods paid", n)
	}
}

// TestFreezeBooking: a member with an approved freeze cannot book a
// session inside it (a clear message) nor join its waiting list (a place
// taken before is skipped when a seat frees, saying why), and still can
// book outside it; a rejected
// request changes nothing (holdings, bookings) and mails its note; a
// rejection without a note is refused at the note.
func TestFreezeBooking(t *testing.T) {
	ts := newBookingServer(t)
	ctx := context.Background()
	inside := ts.session(t, "墊上皮拉提斯", "2026-11-26")
	outside := ts.session(t, "墊上皮拉提斯", "2026-11-30")
	ends := func(userID int64) string {
		var s string
		if err := ts.db.Pool.QueryRow(ctx, `select string_agg(coalesce(to_char(ends_on, 'YYYY-MM-DD'), '-'), ',' order by id)
			from member_tickets where user_id = $1`, userID).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}

	daan, err := ts.db.User(ctx, "demo", ts.daan.id, storefront.CodeMemberNotFound)
	if err != nil {
		t.Fatal(err)
	}
	before := ends(ts.daan.id)
	rj, err := ts.members.RequestFreeze(ctx, daan, members.FreezeRequest{Reason: "injury", Start: "2026-11-24", End: "2026-12-05", Evidence: "膝傷"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = ts.members.DecideFreeze(ctx, "demo", rj.ID, false, " ")
	refusedAt(t, "a rejection without a note", err, storefront.CodeFreezeRefused, "note")
	if _, err := ts.members.DecideFreeze(ctx, "demo", rj.ID, false, "請補上診斷證明"); err != nil {
		t.Fatal(err)
	}
	if after := ends(ts.daan.id); after != before {
		t.Fatalf("a rejection moved the tickets' ends: %s -> %s", before, after)
	}
	if n := ts.id(t, `select count(*) from jobs where kind in ('freeze-start', 'freeze-end')`); n != 0 {
		t.Fatalf("a rejection queued %d plan jobs", n)
	}
	waitFor(t, "the rejection mailed with its note", func() bool {
		return ts.id(t, `select count(*) from jobs where kind = 'mail' and payload->>'subject' like '%暫停會籍申請未核准%'`) == 1
	})
	daanBooking := ts.booked(t, ts.daan, inside)

	me, err := ts.db.User(ctx, "demo", ts.me.id, storefront.CodeMemberNotFound)
	if err != nil {
		t.Fatal(err)
	}
	fz, err := ts.members.RequestFreeze(ctx, me, members.FreezeRequest{Reason: "injury", Start: "2026-11-24", End: "2026-11-28", Evidence: "腳踝扭傷，附診斷證明"})
	if err != nil {
		t.Fatal(err)
	}
	ts.booked(t, ts.me, ts.session(t, "高強度間歇 HIIT", "2026-11-26")) // requested, not yet approved: bookable
	// and on the full session's waiting list, before the approval
	ts.exec(t, `update course_schedules set booked = capacity where id = $1`, inside)
	wantCode(t, scenario{Method: "POST", Path: "/api/schedule/waiting/add", Body: map[string]any{"brandId": "demo", "scheduleId": inside},
		Header: ts.me.auth()}.run(t, ts), 200, 0)
	if _, err := ts.members.DecideFreeze(ctx, "demo", fz.ID, true, "早日康復"); err != nil {
		t.Fatal(err)
	}
	// a seat freed: the frozen member waiting is skipped, and told why
	wantCode(t, scenario{Method: "POST", Path: "/api/user/cancelBooking", Body: map[string]any{"brandId": "demo", "bookingId": daanBooking},
		Header: ts.daan.auth()}.run(t, ts), 200, 0)
	if n := ts.id(t, `select count(*) from booking_waitlist where schedule_id = $1 and user_id = $2 and status = 'skipped'
		and reason = '您的會籍在上課日暫停中'`, inside, ts.me.id); n != 1 {
		t.Fatalf("the frozen member's waiting place: %d skipped", n)
	}
	ts.exec(t, `update course_schedules set booked = 0 where id = $1`, inside)
	env := wantCode(t, ts.book(t, ts.me, inside), http.StatusConflict, storefront.CodeFrozen)
	if env.Message != "您的會籍在這天暫停中，無法預約" {
		t.Errorf("the refusal says %q", env.Message)
	}
	// nor join its waiting list once it is full
	ts.exec(t, `update course_schedules set booked = capacity where id = $1`, inside)
	wantCode(t, scenario{Method: "POST", Path: "/api/schedule/waiting/add", Body: map[string]any{"brandId": "demo", "scheduleId": inside},
		Header: ts.me.auth()}.run(t, ts), http.StatusConflict, storefront.CodeFrozen)
	ts.booked(t, ts.me, outside)
}

// TestFreezeAPI: a member asks for a freeze through the API: a request
// without its end, or over the brand's cap, is refused at that field; a
// valid one is listed, requested, with the day the studio decides by; the
// brand's voluntary caps (days, times a year) hold; without a session
// nothing is asked.
func TestFreezeAPI(t *testing.T) {
	ts := newBookingServer(t)
	ask := func(body map[string]any) *httptest.ResponseRecorder {
		body["brandId"] = "demo"
		return scenario{Method: "POST", Path: "/api/user/freeze", Body: body, Header: ts.me.auth()}.run(t, ts)
	}
	env := wantCode(t, ask(map[string]any{"reason": "abroad", "start": "2026-12-01", "evidence": "外派"}), 400, storefront.CodeFreezeRefused)
	if env.Field != "end" {
		t.Errorf("no end: refused at %q", env.Field)
	}
	env = wantCode(t, ask(map[string]any{"reason": "abroad", "start": "2026-12-01", "end": "2027-07-01", "evidence": "外派"}), 400, storefront.CodeFreezeRefused)
	if env.Field != "end" || env.Message != "因出國暫停會籍，最長 6 個月" {
		t.Errorf("over the cap: %q at %q", env.Message, env.Field)
	}
	var f wire.Freeze
	w := ask(map[string]any{"reason": "abroad", "start": "2026-12-01", "end": "2027-01-15", "evidence": "外派東京"})
	if env := apiResult(t, w, &f); w.Code != 200 || f.State != "requested" || f.DecideBy != "2026-12-02" {
		t.Fatalf("ask: %d %+v %+v", w.Code, env, f)
	}
	var list wire.Freezes
	w = scenario{Method: "GET", Path: "/api/user/freezes?brandId=demo", Header: ts.me.auth()}.run(t, ts)
	if env := apiResult(t, w, &list); w.Code != 200 || len(list.Freezes) != 1 || list.Freezes[0].ID != f.ID || list.Freezes[0].Evidence != "外派東京" {
		t.Fatalf("list: %d %+v %+v", w.Code, env, list)
	}

	// the brand offers one voluntary freeze a year, of 7 to 30 days
	ts.exec(t, `update brands set freeze_voluntary_min_days = 7, freeze_voluntary_max_days = 30, freeze_voluntary_per_year = 1 where id = 'demo'`)
	env = wantCode(t, ask(map[string]any{"reason": "voluntary", "start": "2027-02-01", "end": "2027-02-03"}), 400, storefront.CodeFreezeRefused)
	if env.Field != "end" || env.Message != "自願暫停會籍須為 7 至 30 天" {
		t.Errorf("a voluntary freeze of three days: %q at %q", env.Message, env.Field)
	}
	wantCode(t, ask(map[string]any{"reason": "voluntary", "start": "2027-02-01", "end": "2027-02-10"}), 200, 0)
	env = wantCode(t, ask(map[string]any{"reason": "voluntary", "start": "2027-03-01", "end": "2027-03-10"}), 400, storefront.CodeFreezeRefused)
	if env.Field != "reason" || env.Message != "今年的自願暫停次數已用完" {
		t.Errorf("a second voluntary freeze in 2027: %q at %q", env.Message, env.Field)
	}
	wantCode(t, scenario{Method: "POST", Path: "/api/user/freeze", Body: map[string]any{"brandId": "demo", "reason": "injury"}}.run(t, ts),
		401, storefront.CodeLoginRequired)
}

// refusingAlter is a transport to NewebPay that fails every periodic
// status change (AlterStatus) while refuse is set, as when the gateway is
// down.
type refusingAlter struct {
	next   http.RoundTripper
	mu     sync.Mutex
	refuse bool
}

func (r *refusingAlter) set(refuse bool) { r.mu.Lock(); r.refuse = refuse; r.mu.Unlock() }

func (r *refusingAlter) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	refuse := r.refuse
	r.mu.Unlock()
	if refuse && strings.HasSuffix(req.URL.Path, "/MPG/period/AlterStatus") {
		return nil, errors.New("NewebPay is down")
	}
	return r.next.RoundTrip(req)
}

// TestFreezeEndEarly: a freeze from 2026-12-01 to 2027-01-15 (46 days)
// with the plan suspended; a pass bought on 2026-12-10 while it runs. The
// operator ends it early on 2026-12-20: the freeze's last day becomes
// 2026-12-19, the plan's pass ends 27 days earlier (it froze 19 days:
// 2027-01-09), the pass bought in the freeze keeps its end, the member is
// mailed, and bookings from the 20th are no longer refused. The restart
// at NewebPay, failing at first, stays a job the outbox retries, shown in
// the operator's list with its error; once NewebPay answers, the plan is
// restarted, the freeze ended and the next month charged.
func TestFreezeEndEarly(t *testing.T) {
	s := recurringShop(t)
	ctx := context.Background()
	refusing := &refusingAlter{next: s.checkout.HTTP.Transport}
	s.checkout.HTTP = &http.Client{Transport: refusing}
	orderNo, mandate := s.paidPlan(t)
	sb := s.newebpaySandbox
	u, err := s.db.UserByEmail(ctx, "plan", "member@example.com", storefront.CodeMemberNotFound)
	if err != nil {
		t.Fatal(err)
	}
	fz, err := s.members.RequestFreeze(ctx, u, members.FreezeRequest{Reason: "abroad", Start: "2026-12-01", End: "2027-01-15", Evidence: "外派東京"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.members.DecideFreeze(ctx, "plan", fz.ID, true, ""); err != nil {
		t.Fatal(err)
	}
	s.dueNow(t, data.JobFreezeStart, fz.ID)
	waitFor(t, "the mandate suspended at NewebPay", func() bool { return sb.MandateState(mandate) == "suspended" })
	if end, _ := s.passEnd(t, orderNo); end != "2027-02-05" {
		t.Fatalf("the frozen pass ends %s", end)
	}
	var bought int64
	if err := s.db.Pool.QueryRow(ctx, `insert into member_passcards (brand_id, user_id, name, starts_on, ends_on, purchased_at)
		values ('plan', $1, '單月通行卡', '2026-12-10', '2027-01-09', '2026-12-10 12:00+08') returning id`, u.ID).Scan(&bought); err != nil {
		t.Fatal(err)
	}

	// NewebPay down from here: the early end makes the freeze's end due
	// at once (the member is back today), and its restart fails, is
	// retried, and shows
	refusing.set(true)
	s.clock.Add(28 * 24 * time.Hour) // 2026-12-20
	if _, err := s.members.EndFreezeEarly(ctx, "plan", fz.ID, rules.TaipeiDay{}); err != nil {
		t.Fatal(err)
	}
	if n := s.count(t, `select count(*) from freezes where id = $1 and ends_on = '2026-12-19' and state = 'approved'`, fz.ID); n != 1 {
		t.Fatal("the freeze's last day is not 2026-12-19")
	}
	if end, _ := s.passEnd(t, orderNo); end != "2027-01-09" {
		t.Fatalf("after the early end the plan's pass ends %s, want 2027-01-09", end)
	}
	if n := s.count(t, `select count(*) from member_passcards where id = $1 and ends_on = '2027-01-09'`, bought); n != 1 {
		t.Fatal("the pass bought during the freeze was moved")
	}
	for day, want := range map[string]bool{"2026-12-19": true, "2026-12-20": false} {
		if n := s.count(t, `select count(*) from freezes where user_id = $1 and state = 'approved' and $2::date between starts_on and ends_on`,
			u.ID, day); (n == 1) != want {
			t.Errorf("frozen on %s: %v, want %v", day, n == 1, want)
		}
	}
	waitFor(t, "the early end mailed", func() bool {
		return s.count(t, `select count(*) from jobs where kind = 'mail' and payload->>'to' = 'member@example.com'
			and payload->>'subject' like '%'||$1||'%'`, storefront.TextMailFreezeEndedTitle) == 1
	})
	_, err = s.members.EndFreezeEarly(ctx, "plan", fz.ID, rules.TaipeiDay{})
	refusedAt(t, "ending again on the day it ended", err, storefront.CodeFreezeRefused, "on")

	waitFor(t, "the failed restart recorded on its job", func() bool {
		return s.count(t, `select count(*) from jobs where kind = $1 and key = $2 and attempts >= 1 and last_error like '%NewebPay is down%'
			and done_at is null and dead_at is null and next_at > $3`, data.JobFreezeEnd, strconv.FormatInt(fz.ID, 10), s.now()) == 1
	})
	list, err := s.db.BrandFreezes(ctx, "plan")
	if err != nil || len(list) != 1 || !strings.Contains(list[0].PlanFailing, "NewebPay is down") {
		t.Fatalf("the operator's list: %+v %v", list, err)
	}
	if st := sb.MandateState(mandate); st != "suspended" {
		t.Fatalf("the mandate is %q while NewebPay is down", st)
	}
	refusing.set(false)
	s.dueNow(t, data.JobFreezeEnd, fz.ID) // its backoff over
	waitFor(t, "the mandate restarted and the freeze ended", func() bool {
		return sb.MandateState(mandate) == "active" && s.count(t, `select count(*) from freezes where id = $1 and state = 'ended'`, fz.ID) == 1
	})
	if list, _ := s.db.BrandFreezes(ctx, "plan"); len(list) != 0 {
		t.Fatalf("an ended freeze is listed: %+v", list)
	}
	sb.AdvancePeriods(1)
	if n := s.count(t, `select count(*) from recurring_charges c join orders o on o.id = c.order_id where o.number = $1 and c.state = 'paid'`, orderNo); n != 2 {
		t.Fatalf("after the early end: %d periods paid", n)
	}
}
