package booking

import (
	"context"
	"storefront"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/mail"
	"storefront/rules"
)

// monday is the tests' clock: the demo is loaded as if on this day.
var monday = time.Date(2026, 11, 23, 9, 0, 0, 0, rules.Taipei)

type fixture struct {
	db    *data.DB
	flows *Flows
	brand *data.Brand
	now   time.Time
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	db := dbtest.NewDemoAt(t, monday)
	f := &fixture{db: db, now: monday}
	f.flows = &Flows{DB: db, Now: func() time.Time { return f.now }}
	b, err := db.LoadBrand(context.Background(), "demo")
	if err != nil {
		t.Fatal(err)
	}
	f.brand = b
	return f
}

func (f *fixture) who(t *testing.T, email string) Who {
	t.Helper()
	u, err := f.db.UserByEmail(context.Background(), "demo", email, storefront.CodeMemberNotFound)
	if err != nil {
		t.Fatal(err)
	}
	return Who{Brand: f.brand, User: u, Shop: mail.Brand{Name: f.brand.Name, Colour: "#1B8A7A", Home: "https://shop.example/demo/"}}
}

func (f *fixture) id(t *testing.T, sql string, args ...any) int64 {
	t.Helper()
	var id int64
	if err := f.db.Pool.QueryRow(context.Background(), sql, args...).Scan(&id); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return id
}

// TestConfirmationMailCarriesICS: a booking's confirmation mail is in the
// outbox, written in the booking's transaction, with the .ics attached
// (the booking's UID, its time in UTC).
func TestConfirmationMailCarriesICS(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	w := f.who(t, "member@example.com")
	// 墊上皮拉提斯 at Xinyi on Thursday 2026-11-26, 12:15 Taipei
	sid := f.id(t, `select s.id from course_schedules s join courses c on c.id = s.course_id join stores st on st.id = c.store_id
		where c.name = '墊上皮拉提斯' and st.short_name = '信義館' and s.date = '2026-11-26'`)
	ids, err := f.flows.Book(ctx, w, Request{ScheduleIDs: []int64{sid}})
	if err != nil {
		t.Fatal(err)
	}
	var subject, text, name, ctype string
	var ics []byte
	err = f.db.Pool.QueryRow(ctx, `select subject, text_body, attachment_name, attachment_type, attachment from mail_outbox
		where user_id = $1 order by id desc limit 1`, w.User.ID).Scan(&subject, &text, &name, &ctype, &ics)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(subject, "預約成功") || !strings.Contains(text, "墊上皮拉提斯") || !strings.Contains(text, "2026/11/26（四）12:15–13:05") ||
		!strings.Contains(text, "如需取消，請於 2026/11/26（四）00:15 前於線上取消") {
		t.Errorf("mail %q:\n%s", subject, text)
	}
	for _, want := range []string{"METHOD:PUBLISH", "UID:booking-" + itoa(ids[0]) + "-demo@storefront", "DTSTART:20261126T041500Z",
		"DTEND:20261126T050500Z", "SUMMARY:墊上皮拉提斯", "STATUS:CONFIRMED", "\r\nEND:VCALENDAR\r\n",
		"\r\nLOCATION:森活運動館 信義館\\, 台北市信義區松仁路 100 號 5 樓\r\n"} {
		if !strings.Contains(strings.ReplaceAll(string(ics), "\r\n ", ""), want) {
			t.Errorf("the .ics lacks %q:\n%s", want, ics)
		}
	}
	if name != "booking.ics" || !strings.HasPrefix(ctype, "text/calendar") {
		t.Errorf("attachment %q %q", name, ctype)
	}
	// cancelling sends the same UID with METHOD:CANCEL
	if _, err := f.flows.Cancel(ctx, w, ids[0]); err != nil {
		t.Fatal(err)
	}
	f.db.Pool.QueryRow(ctx, `select attachment from mail_outbox where user_id = $1 order by id desc limit 1`, w.User.ID).Scan(&ics)
	for _, want := range []string{"METHOD:CANCEL", "UID:booking-" + itoa(ids[0]) + "-demo@storefront", "STATUS:CANCELLED"} {
		if !strings.Contains(string(ics), want) {
			t.Errorf("the cancellation's .ics lacks %q", want)
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestBookingActivatesAndCancelRestores: a BOOKING passcard starts on the
// day of its first booked class; cancelling that booking (its only one)
// leaves it waiting again; a count card gives its visit back.
func TestBookingActivatesAndCancelRestores(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	w := f.who(t, "member@example.com")
	pass := f.id(t, `select id from member_passcards where user_id = $1 and name = '單月暢遊通行卡'`, w.User.ID)
	// Tuesday 2026-12-01: 空中瑜珈入門 at Xinyi
	sid := f.id(t, `select s.id from course_schedules s join courses c on c.id = s.course_id join stores st on st.id = c.store_id
		where c.name = '空中瑜珈入門' and st.short_name = '信義館' and s.date = '2026-12-01'`)
	ids, err := f.flows.Book(ctx, w, Request{ScheduleIDs: []int64{sid}, Payment: &Choice{Kind: rules.KindPasscard, ID: pass}})
	if err != nil {
		t.Fatal(err)
	}
	period := func() string {
		var p string
		f.db.Pool.QueryRow(ctx, `select coalesce(starts_on::text, '-') || '..' || coalesce(ends_on::text, '-') from member_passcards where id = $1`, pass).Scan(&p)
		return p
	}
	if got := period(); got != "2026-12-01..2026-12-31" {
		t.Errorf("after the first booking: %s; want 2026-12-01..2026-12-31", got)
	}
	if _, err := f.flows.Cancel(ctx, w, ids[0]); err != nil {
		t.Fatal(err)
	}
	if got := period(); got != "-..-" {
		t.Errorf("after cancelling it: %s; want not started", got)
	}
}

// TestPromotionSkipsTheIneligible: the demo's full class has 陳大文 booked
// and 王小美 waiting with a used-up card; the demo member joins after her.
// 陳大文 cancels: 王小美 is skipped and told why, the demo member is booked
// in the same transaction and told.
func TestPromotionSkipsTheIneligible(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	daan, xiaomei, me := f.who(t, "member2@example.com"), f.who(t, "member3@example.com"), f.who(t, "member@example.com")
	full := f.id(t, `select schedule_id from bookings where user_id = $1`, daan.User.ID)
	if _, err := f.flows.Book(ctx, me, Request{ScheduleIDs: []int64{full}}); storefront.AsError(err).Code != storefront.CodeSessionFull {
		t.Fatalf("booking the full class: %v", err)
	}
	place, err := f.flows.Join(ctx, me, full)
	if err != nil || place.Position != 2 || place.Count != 2 {
		t.Fatalf("join: %+v, %v; want position 2 of 2", place, err)
	}
	// joining is mailed once, with the place; a second join mails nothing
	if again, err := f.flows.Join(ctx, me, full); err != nil || again.Position != 2 {
		t.Fatalf("join again: %+v, %v", again, err)
	}
	joined := `select count(*) from mail_outbox where user_id = $1 and subject like '%已加入候補名單%' and text_body like '%目前為第 2 位%'`
	if n := f.id(t, joined, me.User.ID); n != 1 {
		t.Errorf("%d waiting-list mails; want 1", n)
	}
	booking := f.id(t, `select id from bookings where user_id = $1`, daan.User.ID)
	c, err := f.flows.Cancel(ctx, daan, booking)
	if err != nil {
		t.Fatal(err)
	}
	if c.Promoted == 0 {
		t.Fatal("nobody promoted")
	}
	owner := f.id(t, `select user_id from bookings where id = $1 and status = 'booked' and schedule_id = $2`, c.Promoted, full)
	if owner != me.User.ID {
		t.Errorf("promoted member %d; want the demo member %d", owner, me.User.ID)
	}
	if n := f.id(t, `select count(*) from mail_outbox where user_id = $1 and subject like '%候補成功%' and text_body like '%前於線上取消%'`, me.User.ID); n != 1 {
		t.Errorf("%d promotion mails with the cancellation rule; want 1", n)
	}
	var status, reason string
	f.db.Pool.QueryRow(ctx, `select status, reason from booking_waitlist where user_id = $1`, xiaomei.User.ID).Scan(&status, &reason)
	if status != "skipped" || reason == "" {
		t.Errorf("王小美: %s %q; want skipped with a reason", status, reason)
	}
	var booked, capacity int
	f.db.Pool.QueryRow(ctx, `select booked, capacity from course_schedules where id = $1`, full).Scan(&booked, &capacity)
	if booked != capacity {
		t.Errorf("booked %d of %d after the promotion", booked, capacity)
	}
}

// TestDirectBookingLeavesTheList: a waiting member who books the session
// directly (a seat came free after the deadline, or the studio added one)
// leaves its waiting list, so no promotion books them twice.
func TestDirectBookingLeavesTheList(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	me, daan := f.who(t, "member@example.com"), f.who(t, "member2@example.com")
	full := f.id(t, `select schedule_id from bookings where user_id = $1`, daan.User.ID)
	if _, err := f.flows.Join(ctx, me, full); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.Pool.Exec(ctx, `update course_schedules set capacity = capacity + 1 where id = $1`, full); err != nil {
		t.Fatal(err)
	}
	ids, err := f.flows.Book(ctx, me, Request{ScheduleIDs: []int64{full}})
	if err != nil {
		t.Fatal(err)
	}
	var status string
	var booking int64
	f.db.Pool.QueryRow(ctx, `select status, booking_id from booking_waitlist where user_id = $1`, me.User.ID).Scan(&status, &booking)
	if status != "left" || booking != ids[0] {
		t.Errorf("waiting entry %s (booking %d); want left with booking %d", status, booking, ids[0])
	}
}

// TestConfirmationTellsTheCancelRule: a booking's mail says until when it
// can be cancelled online, or, booked inside the deadline, that it cannot.
func TestConfirmationTellsTheCancelRule(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	w := f.who(t, "member@example.com")
	sid := f.id(t, `select s.id from course_schedules s join courses c on c.id = s.course_id join stores st on st.id = c.store_id
		where c.name = '墊上皮拉提斯' and st.short_name = '信義館' and s.date = '2026-11-26'`)
	f.now = time.Date(2026, 11, 26, 6, 0, 0, 0, rules.Taipei) // past 00:15, the deadline
	if _, err := f.flows.Book(ctx, w, Request{ScheduleIDs: []int64{sid}}); err != nil {
		t.Fatal(err)
	}
	var text string
	f.db.Pool.QueryRow(ctx, `select text_body from mail_outbox where user_id = $1 order by id desc limit 1`, w.User.ID).Scan(&text)
	if !strings.Contains(text, "此預約已超過線上取消期限，無法於線上取消") {
		t.Errorf("a booking inside the deadline:\n%s", text)
	}
}
