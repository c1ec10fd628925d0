package host

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"storefront"
	"storefront/data"
	"storefront/host/wire"
	"storefront/providers"
)

// lineNotifyShop is a booking server whose LINE pushes reach its
// Messaging API sandbox, and the LINE users of its members.
type lineNotifyShop struct {
	*bookingServer
	bot *providers.LineBotSandbox
}

func newLineNotifyShop(t *testing.T) *lineNotifyShop {
	t.Helper()
	ts := newBookingServer(t)
	if ts.lineBotSandbox == nil || ts.cfg.LineBot.URL != "http://example.com/dev/line-bot" {
		t.Fatalf("the LINE Messaging API sandbox is not mounted: %q", ts.cfg.LineBot.URL)
	}
	ts.cfg.LineBot.HTTP = &http.Client{Transport: &handlerClient{h: ts}}
	ts.lineBotSandbox.Client = &http.Client{Transport: &handlerClient{h: ts}} // its webhooks
	return &lineNotifyShop{ts, ts.lineBotSandbox}
}

// lineMember is a new member with visits, linked to LINE user sub, who
// chose LINE for kinds.
func (ts *lineNotifyShop) lineMember(t *testing.T, prefix, sub string, kinds ...string) member2 {
	t.Helper()
	m := ts.newMembers(t, prefix, 1, 5, true)[0]
	ctx := context.Background()
	if sub != "" {
		if err := ts.db.LinkLine(ctx, "demo", m.id, "1700000000", sub, ts.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range kinds {
		if err := ts.db.SetNotifyChoice(ctx, "demo", m.id, k, data.ChannelLine); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// mailsTo counts the mails to addr whose subject holds title.
func (ts *lineNotifyShop) mailsTo(addr, title string) int {
	n := 0
	for _, m := range ts.box.Messages() {
		if strings.Contains(m.Subject, title) && strings.Contains(strings.Join(m.To, ","), addr) {
			n++
		}
	}
	return n
}

// pushes counts the LINE messages to sub that hold text.
func (ts *lineNotifyShop) pushes(sub, text string) int {
	n := 0
	for _, p := range ts.bot.Pushed(sub) {
		if strings.Contains(p.Text, text) {
			n++
		}
	}
	return n
}

// settled waits until no LINE push or mail job is left to run.
func (ts *lineNotifyShop) settled(t *testing.T) {
	t.Helper()
	ts.outbox.Kick()
	waitFor(t, "the LINE and mail jobs run", func() bool {
		return ts.id(t, `select count(*) from jobs where kind in ($1, $2) and done_at is null and dead_at is null`, data.JobLine, data.JobMail) == 0
	})
}

// TestLineNotifyBookingConfirmedPushedOnce: a member who chose LINE for
// booking confirmations gets the confirmation pushed to LINE, not mailed;
// the job run again pushes nothing more (LINE's retry key); a member
// linked to LINE who did not choose it, and one not linked who chose it,
// get the mail.
func TestLineNotifyBookingConfirmedPushedOnce(t *testing.T) {
	ts := newLineNotifyShop(t)
	class := ts.extraSession(t, "墊上皮拉提斯", "2026-12-05 19:00")
	chose := ts.lineMember(t, "chose", "Uchose", data.NotifyBooked)
	mailed := ts.lineMember(t, "mailed", "Umailed")
	unlinked := ts.lineMember(t, "unlinked", "", data.NotifyBooked)
	for _, m := range []member2{chose, mailed, unlinked} {
		ts.booked(t, m, class)
	}
	ts.settled(t)
	if n := ts.pushes("Uchose", "預約成功"); n != 1 {
		t.Fatalf("%d confirmations pushed to LINE; want 1", n)
	}
	if n := ts.mailsTo("chose1@example.com", "預約成功"); n != 0 {
		t.Errorf("the member who chose LINE was mailed too (%d)", n)
	}
	if ts.pushes("Umailed", "") != 0 || ts.mailsTo("mailed1@example.com", "預約成功") != 1 {
		t.Errorf("the member who did not choose LINE: %d pushes, %d mails; want 0 and 1", ts.pushes("Umailed", ""), ts.mailsTo("mailed1@example.com", "預約成功"))
	}
	if ts.mailsTo("unlinked1@example.com", "預約成功") != 1 {
		t.Errorf("the member not linked to LINE was not mailed")
	}
	// a host dying after the push: the job runs again
	if n := ts.id(t, `select count(*) from jobs where kind = $1 and payload ? 'text'`, data.JobLine); n != 0 {
		t.Fatalf("a done push kept its text")
	}
	ts.exec(t, `update jobs set done_at = null, next_at = '-infinity', payload = payload || jsonb_build_object('text', '預約成功（重送）')
		where kind = $1`, data.JobLine)
	ts.settled(t)
	if n := len(ts.bot.Pushed("Uchose")); n != 1 {
		t.Errorf("after the job ran again, %d messages pushed; want 1", n)
	}
}

// TestLineNotifyFallsBackToMail: a member who is not a friend of the
// brand's account, and one whose brand spent its month's quota, get the
// mail instead, once even when the push job runs again.
func TestLineNotifyFallsBackToMail(t *testing.T) {
	ts := newLineNotifyShop(t)
	class := ts.extraSession(t, "墊上皮拉提斯", "2026-12-05 19:00")
	stranger := ts.lineMember(t, "stranger", "Ustranger", data.NotifyBooked)
	ts.bot.NotFriend("Ustranger", true)
	ts.booked(t, stranger, class)
	ts.settled(t)
	if n := ts.id(t, `select count(*) from jobs where kind = $1 and done_at is not null`, data.JobLine); n != 1 {
		t.Fatalf("%d LINE pushes tried; want 1", n)
	}
	if ts.pushes("Ustranger", "") != 0 || ts.mailsTo("stranger1@example.com", "預約成功") != 1 {
		t.Fatalf("not a friend: %d pushes, %d mails; want 0 and 1", ts.pushes("Ustranger", ""), ts.mailsTo("stranger1@example.com", "預約成功"))
	}
	ts.exec(t, `update jobs set done_at = null, next_at = '-infinity', payload = payload || jsonb_build_object('mail', (
		select payload from jobs where kind = 'mail' and key like 'line:%' limit 1)) where kind = $1`, data.JobLine)
	ts.settled(t)
	if n := ts.mailsTo("stranger1@example.com", "預約成功"); n != 1 {
		t.Errorf("the push run again mailed %d times; want once", n)
	}

	ts.bot.SetQuota("1800000000", 100, 100)
	spent := ts.lineMember(t, "spent", "Uspent", data.NotifyBooked)
	ts.booked(t, spent, class)
	ts.settled(t)
	if ts.pushes("Uspent", "") != 0 || ts.mailsTo("spent1@example.com", "預約成功") != 1 {
		t.Errorf("quota spent: %d pushes, %d mails; want 0 and 1", ts.pushes("Uspent", ""), ts.mailsTo("spent1@example.com", "預約成功"))
	}
}

// TestLineNotifyRateLimitedRetriedOnce: LINE's rate limit (429) fails the
// push job, retried later by the outbox and then pushed once, never
// mailed.
func TestLineNotifyRateLimitedRetriedOnce(t *testing.T) {
	ts := newLineNotifyShop(t)
	class := ts.extraSession(t, "墊上皮拉提斯", "2026-12-05 19:00")
	m := ts.lineMember(t, "busy", "Ubusy", data.NotifyBooked)
	ts.bot.RateLimit(2)
	ts.booked(t, m, class)
	ts.settled(t)
	if n := ts.pushes("Ubusy", "預約成功"); n != 1 {
		t.Errorf("%d pushes after the rate limit; want 1", n)
	}
	if n := ts.id(t, `select attempts from jobs where kind = $1`, data.JobLine); n != 3 {
		t.Errorf("the push took %d attempts; want 3 (two rate limited)", n)
	}
	if n := ts.mailsTo("busy1@example.com", "預約成功"); n != 0 {
		t.Errorf("a rate-limited push was mailed (%d)", n)
	}
}

// TestLineNotifyReminders: with reminders by LINE, a booked class's
// reminder is pushed (with its cancel link), a cancelled booking's is not.
func TestLineNotifyReminders(t *testing.T) {
	ts := newLineNotifyShop(t)
	ts.exec(t, `update brands set reminder_before_minutes = 120 where id = 'demo'`)
	class := ts.extraSession(t, "墊上皮拉提斯", "2026-12-05 19:00")
	kept := ts.lineMember(t, "kept", "Ukept", data.NotifyReminder)
	gone := ts.lineMember(t, "gone", "Ugone", data.NotifyReminder)
	ts.booked(t, kept, class)
	id := ts.booked(t, gone, class)
	wantCode(t, scenario{Method: "POST", Path: "/api/user/cancelBooking", Body: body("bookingId", id), Header: gone.auth()}.run(t, ts), 200, 0)
	ts.exec(t, `update jobs set next_at = '-infinity' where kind = $1`, data.JobReminder)
	ts.outbox.Kick()
	waitFor(t, "the reminders run", func() bool {
		return ts.id(t, `select count(*) from jobs where kind = $1 and done_at is null`, data.JobReminder) == 0
	})
	ts.settled(t)
	if n := ts.pushes("Ukept", "提醒您"); n != 1 {
		t.Errorf("%d reminders pushed; want 1", n)
	} else if p := ts.bot.Pushed("Ukept"); !strings.Contains(p[len(p)-1].Text, "?cancelBooking=") {
		t.Errorf("the reminder has no cancel link: %s", p[len(p)-1].Text)
	}
	if n := ts.pushes("Ugone", "提醒您"); n != 0 {
		t.Errorf("the cancelled booking was reminded %d times", n)
	}
	if ts.mailsTo("kept1@example.com", "課程提醒")+ts.mailsTo("gone1@example.com", "課程提醒") != 0 {
		t.Errorf("a reminder was mailed")
	}
}

// TestNotifyChoicesInMemberCentre: every kind is by e-mail until the
// member chooses; LINE only once linked; only the reminder turns off; an
// unknown kind or channel is refused; a reminder turned off is neither
// pushed nor mailed.
func TestNotifyChoicesInMemberCentre(t *testing.T) {
	ts := newLineNotifyShop(t)
	m := ts.lineMember(t, "centre", "")
	get := scenario{Method: "GET", Path: "/api/user/notifyChoices?brandId=demo", Header: m.auth()}
	var got wire.NotifyChoices
	apiResult(t, get.run(t, ts), &got)
	if got.LineOffered || len(got.Choices) != len(data.NotifyKinds) {
		t.Fatalf("choices: %+v", got)
	}
	for _, c := range got.Choices {
		if c.Channel != data.ChannelEmail || c.MayTurnOff != (c.Kind == data.NotifyReminder) {
			t.Errorf("default choice %+v", c)
		}
	}
	set := func(kind, channel string) scenario {
		return scenario{Method: "POST", Path: "/api/user/notifyChoice", Body: body("kind", kind, "channel", channel), Header: m.auth()}
	}
	wantCode(t, set(data.NotifyBooked, data.ChannelLine).run(t, ts), http.StatusConflict, storefront.CodeNotifyNeedsLine)
	wantCode(t, set(data.NotifyBooked, data.ChannelOff).run(t, ts), http.StatusBadRequest, storefront.CodeNotifyStaysOn)
	wantCode(t, set("birthday", data.ChannelEmail).run(t, ts), http.StatusBadRequest, storefront.CodeBadRequest)
	wantCode(t, set(data.NotifyBooked, "sms").run(t, ts), http.StatusBadRequest, storefront.CodeBadRequest)
	wantCode(t, scenario{Method: "POST", Path: "/api/user/notifyChoice", Body: body("kind", data.NotifyBooked, "channel", data.ChannelEmail)}.run(t, ts),
		http.StatusUnauthorized, storefront.CodeLoginRequired)

	if err := ts.db.LinkLine(context.Background(), "demo", m.id, "1700000000", "Ucentre", ts.clock.Now()); err != nil {
		t.Fatal(err)
	}
	apiResult(t, set(data.NotifyBooked, data.ChannelLine).run(t, ts), &got)
	apiResult(t, set(data.NotifyReminder, data.ChannelOff).run(t, ts), &got)
	if !got.LineOffered || got.Choices[0].Channel != data.ChannelLine || got.Choices[3].Channel != data.ChannelOff {
		t.Fatalf("after choosing: %+v", got)
	}

	ts.exec(t, `update brands set reminder_before_minutes = 120 where id = 'demo'`)
	class := ts.extraSession(t, "墊上皮拉提斯", "2026-12-05 19:00")
	ts.booked(t, m, class)
	ts.exec(t, `update jobs set next_at = '-infinity' where kind = $1`, data.JobReminder)
	ts.outbox.Kick()
	waitFor(t, "the reminder runs", func() bool {
		return ts.id(t, `select count(*) from jobs where kind = $1 and done_at is null`, data.JobReminder) == 0
	})
	ts.settled(t)
	if ts.pushes("Ucentre", "預約成功") != 1 || ts.pushes("Ucentre", "提醒您") != 0 || ts.mailsTo("centre1@example.com", "課程提醒") != 0 {
		t.Errorf("reminder off: %d confirmations and %d reminders pushed, %d reminders mailed; want 1, 0, 0",
			ts.pushes("Ucentre", "預約成功"), ts.pushes("Ucentre", "提醒您"), ts.mailsTo("centre1@example.com", "課程提醒"))
	}

	// a brand without a LINE Official Account offers no LINE
	ts.cfg.LineBot = providers.LineBot{}
	apiResult(t, get.run(t, ts), &got)
	if got.LineOffered || got.Choices[0].Channel != data.ChannelEmail {
		t.Errorf("without the brand's account: %+v", got)
	}
	wantCode(t, set(data.NotifyCancelled, data.ChannelLine).run(t, ts), http.StatusConflict, storefront.CodeNotifyNeedsLine)
}

// TestLineNotifyPaymentFailedPushed: a member who chose LINE for failed
// payments gets a declined recurring period pushed to LINE, with the link
// to change the card, and no mail.
func TestLineNotifyPaymentFailedPushed(t *testing.T) {
	s := recurringShop(t)
	s.cfg.LineBot.HTTP = &http.Client{Transport: s.hc}
	ctx := context.Background()
	var member int64
	if err := s.db.Pool.QueryRow(ctx, `select id from users where brand_id = 'plan' and email = 'member@example.com'`).Scan(&member); err != nil {
		t.Fatal(err)
	}
	if err := s.db.LinkLine(ctx, "plan", member, "1700000000", "Upayer", s.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if err := s.db.SetNotifyChoice(ctx, "plan", member, data.NotifyPaymentFailed, data.ChannelLine); err != nil {
		t.Fatal(err)
	}
	no, _ := s.paidPlan(t)
	s.newebpaySandbox.DeclineNext(providers.TestCardApproved)
	s.newebpaySandbox.AdvancePeriods(1)
	s.outbox.Kick()
	waitFor(t, "the failure pushed to LINE", func() bool { return len(s.lineBotSandbox.Pushed("Upayer")) > 0 })
	p := s.lineBotSandbox.Pushed("Upayer")
	if len(p) != 1 || !strings.Contains(p[0].Text, "扣款失敗") || !strings.Contains(p[0].Text, "/plan/changeFailCard/"+no) {
		t.Fatalf("pushed: %+v", p)
	}
	if n := s.count(t, `select count(*) from jobs where kind = 'mail' and payload->>'subject' like '%扣款失敗%'`); n != 0 {
		t.Errorf("the failure was mailed too (%d)", n)
	}
}

// TestLineNotifyReminderHeldBackThenCancelled: a reminder push LINE's
// rate limit holds back is dropped when the member cancels the booking
// meanwhile.
func TestLineNotifyReminderHeldBackThenCancelled(t *testing.T) {
	ts := newLineNotifyShop(t)
	ts.exec(t, `update brands set reminder_before_minutes = 120 where id = 'demo'`)
	class := ts.extraSession(t, "墊上皮拉提斯", "2026-12-05 19:00")
	m := ts.lineMember(t, "held", "Uheld", data.NotifyReminder)
	id := ts.booked(t, m, class)
	ts.bot.RateLimit(1 << 20)
	ts.exec(t, `update jobs set next_at = '-infinity' where kind = $1`, data.JobReminder)
	ts.outbox.Kick()
	waitFor(t, "the reminder's push is rate limited", func() bool {
		return ts.id(t, `select count(*) from jobs where kind = $1 and attempts > 0 and done_at is null`, data.JobLine) == 1
	})
	wantCode(t, scenario{Method: "POST", Path: "/api/user/cancelBooking", Body: body("bookingId", id), Header: m.auth()}.run(t, ts), 200, 0)
	ts.bot.RateLimit(0)
	ts.exec(t, `update jobs set next_at = '-infinity' where kind = $1 and done_at is null`, data.JobLine)
	ts.settled(t)
	if n := ts.id(t, `select count(*) from jobs where kind = $1 and done_at is not null`, data.JobLine); n != 1 {
		t.Fatalf("%d reminder pushes done; want 1 (dropped)", n)
	}
	if n := len(ts.bot.Pushed("Uheld")); n != 0 {
		t.Errorf("the cancelled booking's reminder was pushed (%d)", n)
	}
	if n := ts.mailsTo("held1@example.com", "課程提醒"); n != 0 {
		t.Errorf("the cancelled booking's reminder was mailed (%d)", n)
	}
}
