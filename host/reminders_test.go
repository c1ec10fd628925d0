package host

import (
	"net/http"
	"net/url"
	"regexp"
	"storefront"
	"testing"
	"time"

	"storefront/data"
	"storefront/host/wire"
	"storefront/mail"
	"storefront/outbox"
	"storefront/rules"
)

// reminderTitle is in a reminder mail's subject.
const reminderTitle = "課程提醒"

// reminders are the reminder mails the test's mailbox holds, by recipient.
func (ts *bookingServer) reminders() map[string]int {
	out := map[string]int{}
	for _, m := range ts.box.Messages() {
		if regexp.MustCompile(reminderTitle).MatchString(m.Subject) {
			for _, to := range m.To {
				out[to]++
			}
		}
	}
	return out
}

// TestRemindersTwoWorkersEachOnce: with reminders two hours before, 201
// bookings of a class queue 201 reminders due then; one cancelled after
// its reminder was queued gets none; two hosts' workers running the due
// reminders at once mail each of the other 200 once.
func TestRemindersTwoWorkersEachOnce(t *testing.T) {
	ts := newBookingServer(t)
	ts.exec(t, `update brands set reminder_before_minutes = 120 where id = 'demo'`)
	class := ts.id(t, `insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity)
		select c.brand_id, c.id, '2026-12-05', '19:00', '20:00', 250 from courses c join stores st on st.id = c.store_id
		 where c.brand_id = 'demo' and c.name = '墊上皮拉提斯' and st.short_name = '信義館' returning id`)
	ms := ts.newMembers(t, "remind", 201, 5, true)
	ids := make([]int64, len(ms))
	for i, m := range ms {
		ids[i] = ts.booked(t, m, class)
	}
	due := time.Date(2026, 12, 5, 17, 0, 0, 0, rules.Taipei)
	if n := ts.id(t, `select count(*) from jobs where kind = $1 and next_at = $2 and done_at is null`, data.JobReminder, due); n != 201 {
		t.Fatalf("%d reminders queued due at %v; want 201", n, due)
	}
	wantCode(t, scenario{Method: "POST", Path: "/api/user/cancelBooking", Body: body("bookingId", ids[0]), Header: ms[0].auth()}.run(t, ts), 200, 0)

	// a second host's worker beside the test server's, both due at once
	mailer, err := mail.New(mail.Config{Host: ts.box.Host(), Port: ts.box.Port(), From: "no-reply@shop.test", TLS: mail.TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	other := startJobs(ts.db, mailer, outbox.Options{Poll: 50 * time.Millisecond})
	other.Handle(data.JobReminder, ts.remind)
	t.Cleanup(other.Stop)
	ts.exec(t, `update jobs set next_at = now() where kind = $1`, data.JobReminder)
	other.Kick()
	ts.outbox.Kick()
	waitFor(t, "the reminders run", func() bool {
		return ts.id(t, `select count(*) from jobs where kind = $1 and done_at is not null`, data.JobReminder) == 201 &&
			ts.id(t, `select count(*) from jobs where kind = $1 and done_at is null`, data.JobMail) == 0
	})
	got := ts.reminders()
	if len(got) != 200 {
		t.Errorf("%d members reminded; want 200", len(got))
	}
	for to, n := range got {
		if n != 1 {
			t.Errorf("%s reminded %d times", to, n)
		}
	}
	if got["remind1@example.com"] != 0 {
		t.Errorf("the cancelled booking was reminded")
	}
	if n := ts.id(t, `select count(*) from bookings where schedule_id = $1 and reminded_at is not null`, class); n != 200 {
		t.Errorf("%d bookings marked reminded; want 200", n)
	}
}

// TestReminderCancelLink: a reminder's cancel link opens a confirmation
// whose GET changes nothing; its POST cancels once (the visit given back);
// the same POST again is refused, and so is a forged token.
func TestReminderCancelLink(t *testing.T) {
	ts := newBookingServer(t)
	ts.exec(t, `update brands set reminder_before_minutes = 120 where id = 'demo'`)
	class := ts.extraSession(t, "墊上皮拉提斯", "2026-12-05 19:00")
	m := ts.newMembers(t, "link", 1, 5, true)[0]
	id := ts.booked(t, m, class)
	ts.exec(t, `update jobs set next_at = now() where kind = $1`, data.JobReminder)
	ts.outbox.Kick()
	msg, ok := ts.box.Wait("link1@example.com", 0, time.Minute)
	for ok && !regexp.MustCompile(reminderTitle).MatchString(msg.Subject) {
		msg, ok = ts.box.Wait("link1@example.com", msg.ID, time.Minute)
	}
	if !ok {
		t.Fatal("no reminder mailed")
	}
	link := regexp.MustCompile(`https?://\S+\?cancelBooking=[^\s"<]+`).FindString(msg.Text)
	if link == "" || !regexp.MustCompile("取消這堂預約").MatchString(msg.Text) {
		t.Fatalf("the reminder has no cancel link:\n%s", msg.Text)
	}
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	token := u.Query().Get("cancelBooking")
	if ts.remain(t, m) != 4 {
		t.Fatalf("booking took no visit")
	}

	get := scenario{Method: "GET", Path: "/api/user/cancelBooking/link?" + url.Values{"token": {token}}.Encode()}
	for range 2 { // a link preview, then the member
		var info wire.CancelLink
		apiResult(t, get.run(t, ts), &info)
		if info.BookingID != id || info.Status != data.BookingBooked || !info.Cancellable || info.CourseName != "墊上皮拉提斯" {
			t.Fatalf("GET: %+v", info)
		}
	}
	if n := ts.id(t, `select count(*) from bookings where id = $1 and status = 'booked'`, id); n != 1 {
		t.Fatal("the GET changed the booking")
	}
	post := scenario{Method: "POST", Path: "/api/user/cancelBooking/link", Body: map[string]any{"token": token}}
	var done wire.CancelLink
	apiResult(t, post.run(t, ts), &done)
	if done.Status != data.BookingCancelled || done.Cancellable {
		t.Errorf("POST: %+v", done)
	}
	if got := ts.remain(t, m); got != 5 {
		t.Errorf("after the cancel, %d visits left; want 5 (given back)", got)
	}
	wantCode(t, post.run(t, ts), http.StatusConflict, storefront.CodeBookingCancelled)
	forged := scenario{Method: "POST", Path: "/api/user/cancelBooking/link", Body: map[string]any{"token": token[:len(token)-2] + "xx"}}
	wantCode(t, forged.run(t, ts), http.StatusForbidden, storefront.CodeLinkTokenInvalid)
}
