package checkout

import (
	"context"
	"errors"
	"fmt"
	"storefront"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
)

// termFixture is the demo catalogue loaded at now, with the demo brand's
// pilates term class (trial NT$500) and its store.
type termFixture struct {
	db             *data.DB
	f              *Flows
	now            time.Time
	termID, class  int64
	storeID, price int64
}

func newTermFixture(t *testing.T) *termFixture {
	t.Helper()
	now := time.Now()
	db := dbtest.NewDemoAt(t, now)
	f := &termFixture{db: db, f: newFlows(db, now), now: now}
	if err := f.db.Pool.QueryRow(context.Background(), `select tc.term_schedule_id, tc.id, c.store_id, tc.price
		from term_classes tc join courses c on c.id = tc.course_id where tc.name = '週末皮拉提斯養成班｜週日上午'`).
		Scan(&f.termID, &f.class, &f.storeID, &f.price); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *termFixture) member(t *testing.T, email string) int64 {
	t.Helper()
	u, err := f.db.CreateUser(context.Background(), newMember("demo", email), f.now)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// buy creates member userID's term order at f.now: the class whole at
// shown, or its trial.
func (f *termFixture) buy(userID int64, trial bool, shown int) (*data.Order, error) {
	return dbtest.CreateOrder(f.db, data.NewOrder{BrandID: "demo", UserID: userID, Kind: data.OrderKindTerm,
		PayWay: data.PayWayCard, Provider: data.ProviderNewebPay, ExpiresAt: f.now.Add(30 * time.Minute),
		Lines: []data.NewOrderLine{{TermScheduleID: f.termID, TermClassID: f.class, Trial: trial, StoreID: f.storeID, Quantity: 1,
			ShownPrice: shown}}}, f.now)
}

func codeOf(err error) int { return storefront.AsError(err).Code }

// TestTermTrialOnce: two trial orders of one member raced at once: one
// holds the trial, the other is CodeTrialUsed (the unique index decides);
// an expired trial order frees the trial, a paid one keeps it for good.
func TestTermTrialOnce(t *testing.T) {
	f := newTermFixture(t)
	ctx := context.Background()
	u := f.member(t, "trial@example.com")
	var wg sync.WaitGroup
	orders := make([]*data.Order, 2)
	errs := make([]error, 2)
	start := make(chan struct{})
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			orders[i], errs[i] = f.buy(u, true, 500)
		}()
	}
	close(start)
	wg.Wait()
	won := -1
	for i, err := range errs {
		switch {
		case err == nil:
			if won >= 0 {
				t.Fatal("both trial orders were made")
			}
			won = i
		case codeOf(err) != storefront.CodeTrialUsed:
			t.Fatalf("the losing trial order: %v; want code %d", err, storefront.CodeTrialUsed)
		}
	}
	if won < 0 {
		t.Fatalf("no trial order was made: %v", errs)
	}
	o := orders[won]
	if o.Amount != 500 || o.Lines[0].Name != "週末皮拉提斯養成班｜週日上午（體驗課）" {
		t.Errorf("trial order: %d %q", o.Amount, o.Lines[0].Name)
	}
	// expired: the trial and its seat come back
	later := f.now.Add(time.Hour)
	if _, changed, err := f.f.ExpireOrder(ctx, data.Change{Number: o.Number, Cause: "test", At: later}); err != nil || !changed {
		t.Fatalf("expire: %v %v", changed, err)
	}
	o2, err := f.buy(u, true, 500)
	if err != nil {
		t.Fatalf("a trial after the first expired: %v", err)
	}
	p := data.Payment{Change: data.Change{Number: o2.Number, Cause: "test", At: f.now}, Provider: data.ProviderNewebPay,
		TradeNo: "T" + o2.Number, Amount: 500}
	if _, _, err := f.f.Pay(ctx, p); err != nil {
		t.Fatal(err)
	}
	if _, err := f.buy(u, true, 500); codeOf(err) != storefront.CodeTrialUsed {
		t.Errorf("a second trial after a paid one: %v; want code %d", err, storefront.CodeTrialUsed)
	}
	if n := dbtest.Count(t, f.db, `select count(*) from bookings where user_id = $1 and pay_kind = 'order' and status = 'booked'`, u); n != 1 {
		t.Errorf("the paid trial booked %d sessions; want 1", n)
	}
}

// TestTermNeverOversold: eight members race for the last two seats of a
// class: two orders hold a seat in every session to come, six are
// CodeTermFull, and no session goes past its capacity. An expired order
// gives its seats back; a paid one books every session to come.
func TestTermNeverOversold(t *testing.T) {
	f := newTermFixture(t)
	ctx := context.Background()
	if _, err := f.db.Pool.Exec(ctx, `update course_schedules set booked = capacity - 2 where term_class_id = $1`, f.class); err != nil {
		t.Fatal(err)
	}
	offer, err := f.db.TermOffer(ctx, "demo", f.termID, f.class, f.now)
	if err != nil {
		t.Fatal(err)
	}
	if offer.SeatsLeft != 2 || offer.PriceNow != int(f.price) || offer.Started {
		t.Fatalf("offer before the race: %+v", offer)
	}
	const buyers = 8
	users := make([]int64, buyers)
	for i := range users {
		users[i] = f.member(t, fmt.Sprintf("racer%d@example.com", i))
	}
	var wg sync.WaitGroup
	orders := make([]*data.Order, buyers)
	errs := make([]error, buyers)
	start := make(chan struct{})
	for i := range buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			orders[i], errs[i] = f.buy(users[i], false, int(f.price))
		}()
	}
	close(start)
	wg.Wait()
	var made []*data.Order
	for i, err := range errs {
		switch {
		case err == nil:
			made = append(made, orders[i])
		case !errors.Is(err, data.ErrTermFull):
			t.Errorf("buyer %d: %v; want the term full", i, err)
		}
	}
	if len(made) != 2 {
		t.Fatalf("%d orders hold seats; want 2", len(made))
	}
	if n := dbtest.Count(t, f.db, `select count(*) from course_schedules where term_class_id = $1 and booked > capacity`, f.class); n != 0 {
		t.Fatalf("%d sessions oversold", n)
	}
	full := dbtest.Count(t, f.db, `select count(*) from course_schedules where term_class_id = $1 and booked = capacity`, f.class)
	if full != offer.RemainingSessions {
		t.Errorf("%d sessions full; want every one of the %d to come", full, offer.RemainingSessions)
	}
	// one expires: its seats come back; the other is paid: it books
	if _, _, err := f.f.ExpireOrder(ctx, data.Change{Number: made[0].Number, Cause: "test", At: f.now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if n := dbtest.Count(t, f.db, `select count(*) from course_schedules where term_class_id = $1 and booked = capacity - 1`, f.class); n != offer.RemainingSessions {
		t.Errorf("after the expiry %d sessions have one seat; want %d", n, offer.RemainingSessions)
	}
	o := made[1]
	p := data.Payment{Change: data.Change{Number: o.Number, Cause: "test", At: f.now}, Provider: data.ProviderNewebPay, TradeNo: "T" + o.Number, Amount: o.Amount}
	for range 2 { // the provider repeats itself: nothing more happens
		if _, _, err := f.f.Pay(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	if n := dbtest.Count(t, f.db, `select count(*) from bookings where order_id = $1 and status = 'booked'`, o.ID); n != offer.RemainingSessions {
		t.Errorf("the paid order booked %d sessions; want %d", n, offer.RemainingSessions)
	}
	if n := dbtest.Count(t, f.db, `select count(*) from course_schedules where term_class_id = $1 and booked > capacity`, f.class); n != 0 {
		t.Errorf("%d sessions oversold after paying", n)
	}
	// the buyer of a class cannot hold it twice
	if _, err := f.buy(o.UserID, false, int(f.price)); !errors.Is(err, data.ErrTermEnrolled) {
		t.Errorf("buying the class again: %v; want enrolled", err)
	}
}

// TestTermProRataOrder: a month into the term, the class costs its share
// of the sessions left (rounded down), read from the database: the full
// price shown is refused with the price now.
func TestTermProRataOrder(t *testing.T) {
	f := newTermFixture(t)
	ctx := context.Background()
	f.now = f.now.Add(30 * 24 * time.Hour)
	offer, err := f.db.TermOffer(ctx, "demo", f.termID, f.class, f.now)
	if err != nil {
		t.Fatal(err)
	}
	want := int(f.price) * offer.RemainingSessions / offer.TotalSessions
	if !offer.Started || offer.RemainingSessions >= offer.TotalSessions || offer.PriceNow != want {
		t.Fatalf("offer a month in: %+v; want started, price %d", offer, want)
	}
	u := f.member(t, "late@example.com")
	if _, err := f.buy(u, false, int(f.price)); codeOf(err) != storefront.CodePriceChanged {
		t.Fatalf("the full price a month in: %v; want the price changed", err)
	}
	o, err := f.buy(u, false, offer.PriceNow)
	if err != nil {
		t.Fatal(err)
	}
	if o.Amount != want {
		t.Errorf("amount %d; want %d", o.Amount, want)
	}
	var held int
	f.db.Pool.QueryRow(ctx, `select cardinality(sessions) from term_holds where order_id = $1`, o.ID).Scan(&held)
	if held != offer.RemainingSessions {
		t.Errorf("holds %d sessions; want the %d left", held, offer.RemainingSessions)
	}
}

// TestOverduePaidOnce: the demo member's card 25 minutes below zero owes
// NT$150 (10-minute blocks at NT$50), computed on the server: another
// amount shown is refused; paying, repeated, settles the card once.
func TestOverduePaidOnce(t *testing.T) {
	db := dbtest.NewDemo(t)
	flows := newFlows(db, paidAt)
	ctx := context.Background()
	var userID, cardID int64
	if err := db.Pool.QueryRow(ctx, `select u.id, m.id from users u join member_counting_passcards m on m.user_id = u.id
		where u.brand_id = 'demo' and u.email = 'member@example.com' and m.remain_minutes < 0`).Scan(&userID, &cardID); err != nil {
		t.Fatal(err)
	}
	c, err := db.OverdueCard(ctx, "demo", userID, cardID)
	if err != nil {
		t.Fatal(err)
	}
	if c.OwedMinutes != 25 || c.Amount != 150 {
		t.Fatalf("overdue card: %+v; want 25 minutes, NT$150", c)
	}
	other, _ := db.CreateUser(ctx, newMember("demo", "other@example.com"), paidAt)
	if _, err := db.OverdueCard(ctx, "demo", other.ID, cardID); storefront.ErrorKind(err) != storefront.KindNotFound {
		t.Errorf("another member's card: %v; want not found", err)
	}
	buy := func(user int64, shown int) (*data.Order, error) {
		return dbtest.CreateOrder(db, data.NewOrder{BrandID: "demo", UserID: user, Kind: data.OrderKindOverdue, PayWay: data.PayWayCard,
			Provider: data.ProviderNewebPay, ExpiresAt: paidAt.Add(time.Hour),
			Lines: []data.NewOrderLine{{CountingPasscardID: cardID, Quantity: 1, ShownPrice: shown}}}, paidAt)
	}
	if _, err := buy(userID, 10); codeOf(err) != storefront.CodePriceChanged {
		t.Errorf("NT$10 shown: %v; want the price changed", err)
	}
	if _, err := buy(other.ID, 150); storefront.ErrorKind(err) != storefront.KindNotFound {
		t.Errorf("another member paying the card: %v; want not found", err)
	}
	o, err := buy(userID, 150)
	if err != nil {
		t.Fatal(err)
	}
	if o.Amount != 150 {
		t.Fatalf("amount %d", o.Amount)
	}
	if _, _, err := flows.Pay(ctx, payment(o, 15)); !errors.Is(err, ErrAmountMismatch) {
		t.Errorf("NT$15 paid: %v; want the amount mismatch", err)
	}
	paid := payment(o, 150)
	paid.At = time.Now() // after the demo's history
	for range 3 {        // the provider's notify, return and a replay
		if _, _, err := flows.Pay(ctx, paid); err != nil {
			t.Fatal(err)
		}
	}
	if n := dbtest.Count(t, db, `select remain_minutes from member_counting_passcards where id = $1`, cardID); n != 0 {
		t.Errorf("remain after paying: %d; want 0", n)
	}
	if n := dbtest.Count(t, db, `select count(*) from counting_usage where counting_passcard_id = $1 and minutes = 25 and amount = 150`, cardID); n != 1 {
		t.Errorf("%d settlements recorded; want 1", n)
	}
	if _, err := buy(userID, 0); codeOf(err) != storefront.CodeNothingOwed {
		t.Errorf("paying a settled card: %v; want nothing owed", err)
	}
	h, err := db.CountingHistory(ctx, "demo", userID, cardID)
	if err != nil || len(h) != 4 || h[0].Minutes != 25 || h[0].Amount != 150 {
		t.Errorf("history: %+v %v; want the settlement first of 4", h, err)
	}
}

// TestTermPaidOrderQueuesEachSessionReminder: a term class's paid order
// books its sessions and, in that transaction, queues each booking's
// reminder when the brand sends reminders (two hours before each class),
// once whatever the provider repeats; with reminders off it queues none.
func TestTermPaidOrderQueuesEachSessionReminder(t *testing.T) {
	f := newTermFixture(t)
	ctx := context.Background()
	pay := func(o *data.Order) {
		t.Helper()
		p := data.Payment{Change: data.Change{Number: o.Number, Cause: "test", At: f.now}, Provider: data.ProviderNewebPay,
			TradeNo: "T" + o.Number, Amount: o.Amount}
		for range 2 { // the provider repeats itself
			if _, _, err := f.f.Pay(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	reminders := `select count(*) from jobs j join bookings b on j.key = b.id::text
		where j.kind = $2 and b.order_id = $1`

	off, err := f.buy(f.member(t, "term-quiet@example.com"), true, 500)
	if err != nil {
		t.Fatal(err)
	}
	pay(off)
	if n := dbtest.Count(t, f.db, `select count(*) from bookings where order_id = $1`, off.ID); n != 1 {
		t.Fatalf("the paid trial booked %d sessions; want 1", n)
	}
	if n := dbtest.Count(t, f.db, reminders, off.ID, data.JobReminder); n != 0 {
		t.Errorf("reminders off: %d reminders queued", n)
	}

	if _, err := f.db.Pool.Exec(ctx, `update brands set reminder_before_minutes = 120 where id = 'demo'`); err != nil {
		t.Fatal(err)
	}
	o, err := f.buy(f.member(t, "term-reminded@example.com"), false, int(f.price))
	if err != nil {
		t.Fatal(err)
	}
	pay(o)
	booked := dbtest.Count(t, f.db, `select count(*) from bookings where order_id = $1 and status = 'booked'`, o.ID)
	if booked < 2 {
		t.Fatalf("the paid order booked %d sessions; want the term's sessions to come", booked)
	}
	if n := dbtest.Count(t, f.db, reminders, o.ID, data.JobReminder); n != booked {
		t.Errorf("%d reminders queued for %d booked sessions", n, booked)
	}
	if n := dbtest.Count(t, f.db, reminders+` and j.next_at = b.starts_at - interval '2 hours' and j.done_at is null
		and (j.payload->>'bookingId')::bigint = b.id and (j.payload->>'userId')::bigint = b.user_id and j.payload->>'brandId' = 'demo'`,
		o.ID, data.JobReminder); n != booked {
		t.Errorf("%d of %d reminders due two hours before their class, for their booking and member", n, booked)
	}
}
