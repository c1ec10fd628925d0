package host

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"storefront"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/host/wire"
)

// reminderTitle is in a reminder mail's subject.
const reminderTitle = "課程提醒"

// TestRemindersTwoHostsEachOnce (process level): two storefront
// processes on one database, each with its outbox workers; with reminders
// two hours before, 201 members book a class through either host, which
// queues 201 reminders; one booking is cancelled after its reminder was
// queued; all fall due at once and both hosts' workers run them: exactly
// 200 reminder mails are queued and sent, one to each member still
// booked, none to the one who cancelled.
func TestRemindersTwoHostsEachOnce(t *testing.T) {
	a, b, db := twoHosts(t)
	ctx := context.Background()
	if _, err := db.Pool.Exec(ctx, `update brands set reminder_before_minutes = 120 where id = 'demo'`); err != nil {
		t.Fatal(err)
	}
	class := raceSession(t, db, "19:00", "20:00", 250)
	users, sessions := raceMembers(t, db, "remind", 201)
	client := &http.Client{Timeout: 30 * time.Second}
	hosts := []string{a, b}
	for i := range users {
		if st, code := raceBook(t, client, hosts[i%2], sessions[i], fmt.Sprintf("remind-%d", i), class); st != 200 || code != 0 {
			t.Fatalf("member %d booking: %d %d", i, st, code)
		}
	}
	count := func(sql string, args ...any) int { return dbtest.Count(t, db, sql, args...) }
	if n := count(`select count(*) from jobs j join bookings k on j.key = k.id::text
		where j.kind = $1 and k.schedule_id = $2 and j.next_at = k.starts_at - interval '2 hours' and j.done_at is null`, data.JobReminder, class); n != 201 {
		t.Fatalf("%d reminders queued due two hours before the class; want 201", n)
	}
	var cancelled int64
	if err := db.Pool.QueryRow(ctx, `select id from bookings where schedule_id = $1 and user_id = $2`, class, users[0]).Scan(&cancelled); err != nil {
		t.Fatal(err)
	}
	if st, code := hostPost(t, client, b, sessions[0], "remind-cancel", "/api/user/cancelBooking",
		fmt.Sprintf(`{"brandId":"demo","bookingId":%d}`, cancelled)); st != 200 || code != 0 {
		t.Fatalf("cancelling: %d %d", st, code)
	}

	// every reminder falls due at once: both hosts' workers find them
	if _, err := db.Pool.Exec(ctx, `update jobs set next_at = '-infinity' where kind = $1`, data.JobReminder); err != nil {
		t.Fatal(err)
	}
	reminderMails := `select count(*) from jobs where kind = $1 and payload->>'subject' like '%' || $2 || '%'`
	waitFor(t, "the reminders run and their mails are sent", func() bool {
		return count(`select count(*) from jobs where kind = $1 and done_at is not null`, data.JobReminder) == 201 &&
			count(reminderMails+` and done_at is null`, data.JobMail, reminderTitle) == 0
	})
	if n := count(reminderMails+` and done_at is not null`, data.JobMail, reminderTitle); n != 200 {
		t.Errorf("%d reminder mails sent; want 200", n)
	}
	if n := count(`select count(*) from (select payload->>'to' from jobs where kind = $1 and payload->>'subject' like '%' || $2 || '%'
		group by 1 having count(*) <> 1) d`, data.JobMail, reminderTitle); n != 0 {
		t.Errorf("%d members reminded more than once", n)
	}
	if n := count(reminderMails+` and (payload->>'userId')::bigint = any($3)`, data.JobMail, reminderTitle, users[1:]); n != 200 {
		t.Errorf("%d of the 200 members still booked reminded", n)
	}
	if n := count(reminderMails+` and (payload->>'userId')::bigint = $3`, data.JobMail, reminderTitle, users[0]); n != 0 {
		t.Errorf("the cancelled booking was reminded")
	}
	if n := count(`select count(*) from bookings where schedule_id = $1 and reminded_at is not null`, class); n != 200 {
		t.Errorf("%d bookings marked reminded; want 200", n)
	}
	if n := count(`select count(*) from jobs where kind = $1 and (dead_at is not null or last_error is not null)`, data.JobReminder); n != 0 {
		t.Errorf("%d reminder jobs failed", n)
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
	ts.exec(t, `update jobs set next_at = '-infinity' where kind = $1`, data.JobReminder)
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
