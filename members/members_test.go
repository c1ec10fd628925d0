package members

import (
	"context"
	"crypto/md5"
	"fmt"
	"net/url"
	"regexp"
	"storefront"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/mail"
)

// shop is the mail identity the tests' mails are composed with.
var shop = mail.Brand{Name: "示範健身", Colour: "#336699", Home: "https://shop.example.com/demo/"}

// clock is a settable Flows.Now.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) add(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

func newFlows(t *testing.T) (*Flows, *clock, *int) {
	t.Helper()
	c := &clock{now: time.Now()}
	queued := new(int)
	var mu sync.Mutex
	return &Flows{DB: dbtest.NewDemo(t), Now: c.Now, Queued: func() { mu.Lock(); *queued++; mu.Unlock() }}, c, queued
}

// writes counts the rows a registration writes: members of the brand,
// tokens and queued mails.
func writes(t *testing.T, db *data.DB) [3]int {
	t.Helper()
	return [3]int{dbtest.Count(t, db, `select count(*) from users where brand_id = 'demo'`),
		dbtest.Count(t, db, `select count(*) from user_tokens`), dbtest.Count(t, db, `select count(*) from mail_outbox`)}
}

// queuedMail is the one unsent mail of purpose to member userID.
func queuedMail(t *testing.T, db *data.DB, userID int64, purpose string) (to, subject, text string) {
	t.Helper()
	if n := dbtest.Count(t, db, `select count(*) from mail_outbox where user_id = $1 and purpose = $2 and sent_at is null`, userID, purpose); n != 1 {
		t.Fatalf("%d queued %s mails to member %d; want 1", n, purpose, userID)
	}
	err := db.Pool.QueryRow(context.Background(), `select to_addr, subject, text_body from mail_outbox
		where user_id = $1 and purpose = $2 and sent_at is null`, userID, purpose).Scan(&to, &subject, &text)
	if err != nil {
		t.Fatal(err)
	}
	return
}

var linkPattern = regexp.MustCompile(`https://shop\.example\.com/demo/verify/email\?\S+`)
var codePattern = regexp.MustCompile(`(?m)^驗證碼：([0-9]{6})$`)

// checkTokenMail checks that a mail's link and code are the member's
// current token of purpose: the link's token verifies, the code is right.
func checkTokenMail(t *testing.T, db *data.DB, u *data.User, purpose, text string) {
	t.Helper()
	link := linkPattern.FindString(text)
	code := codePattern.FindStringSubmatch(text)
	if link == "" || code == nil {
		t.Fatalf("the mail lacks the link or the code:\n%s", text)
	}
	q, err := url.ParseQuery(strings.TrimPrefix(link, "https://shop.example.com/demo/verify/email?"))
	if err != nil || q.Get("u") != fmt.Sprint(u.ID) || (purpose == data.PurposeReset) != (q.Get("type") == "resetPassword") {
		t.Fatalf("link %s (%v)", link, err)
	}
	if n := dbtest.Count(t, db, `select count(*) from user_tokens where user_id = $1 and purpose = $2 and token_hash = $3`,
		u.ID, purpose, data.SecretHash(q.Get("t"))); n != 1 {
		t.Fatalf("the link's token is not the member's %s token", purpose)
	}
	if err := db.UseCode(context.Background(), u.ID, purpose, code[1], false, time.Now()); err != nil {
		t.Fatalf("the mailed code: %v", err)
	}
}

func md5hex(s string) string { return fmt.Sprintf("%x", md5.Sum([]byte(s))) }

// TestRegister runs the registration flow on the real PostgreSQL: a bad
// registration changes nothing, a good one leaves the member with its
// verification token and one queued mail holding them, a second one of
// the same address is refused without touching the first, and a failure
// after the member is inserted leaves no member.
func TestRegister(t *testing.T) {
	ctx := context.Background()
	f, _, queued := newFlows(t)
	db := f.DB
	b, err := db.LoadBrand(ctx, "demo")
	if err != nil {
		t.Fatal(err)
	}
	ok := Registration{Email: "Amy@Example.com", Password: md5hex("secret-1"), Name: "林艾咪",
		CustomFields: map[string]string{"phone": "0912-345-678", "birthday": "1990-01-02", "gender": "女"}, AcceptTerms: true}
	w0 := writes(t, db)

	for _, c := range []struct {
		name string
		edit func(r *Registration)
		code int
		msg  string
	}{
		{name: "terms not accepted", edit: func(r *Registration) { r.AcceptTerms = false }, code: storefront.CodeBadRequest, msg: storefront.TextAcceptTerms},
		{name: "bad e-mail", edit: func(r *Registration) { r.Email = "amy@" }, code: storefront.CodeBadRequest, msg: storefront.TextBadEmail},
		{name: "plain password", edit: func(r *Registration) { r.Password = "secret-1" }, code: storefront.CodeBadRequest, msg: storefront.TextPasswordNotDigest},
		{name: "unknown custom field", edit: func(r *Registration) { r.CustomFields = map[string]string{"phone": "0912345678", "shoe": "42"} },
			code: storefront.CodeBadRequest, msg: storefront.TextUnknownCustomField("shoe")},
		{name: "bad phone", edit: func(r *Registration) { r.CustomFields = map[string]string{"phone": "12345"} }, code: storefront.CodeBadRequest},
		{name: "an address already a member", edit: func(r *Registration) { r.Email = "member@example.com" }, code: storefront.CodeAlreadyRegistered},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := ok
			c.edit(&r)
			_, err := f.Register(ctx, b, shop, r)
			e := storefront.AsError(err)
			if err == nil || e.Code != c.code || (c.msg != "" && e.Message != c.msg) {
				t.Fatalf("Register = %v; want code %d %q", err, c.code, c.msg)
			}
		})
	}
	if w := writes(t, db); w != w0 || *queued != 0 {
		t.Fatalf("refused registrations wrote: members, tokens, mails %v → %v, queued %d", w0, w, *queued)
	}

	// the outbox refuses the mail, after the member and its token are in
	if _, err := db.Pool.Exec(ctx, `create function refuse_mail() returns trigger language plpgsql as $$
		begin raise exception 'outbox refused'; end $$;
		create trigger refuse_mail before insert on jobs for each row execute function refuse_mail()`); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Register(ctx, b, shop, ok); err == nil || !strings.Contains(err.Error(), "outbox refused") {
		t.Fatalf("Register with the outbox refusing its mail = %v", err)
	}
	if w := writes(t, db); w != w0 {
		t.Fatalf("a registration whose mail failed left members, tokens, mails %v → %v", w0, w)
	}
	if _, err := db.Pool.Exec(ctx, `drop trigger refuse_mail on jobs`); err != nil {
		t.Fatal(err)
	}

	u, err := f.Register(ctx, b, shop, ok)
	if err != nil {
		t.Fatal(err)
	}
	if u.Email != "amy@example.com" || u.Phone != "0912345678" || u.EmailVerified {
		t.Errorf("member = %+v", u)
	}
	if w := writes(t, db); w != [3]int{w0[0] + 1, w0[1] + 1, w0[2] + 1} || *queued != 1 {
		t.Fatalf("registration wrote members, tokens, mails %v → %v, queued %d; want one each", w0, w, *queued)
	}
	to, subject, text := queuedMail(t, db, u.ID, data.PurposeVerify)
	if to != "amy@example.com" || subject != "【示範健身】"+storefront.TextMailVerifyTitle {
		t.Errorf("mail to %q, subject %q", to, subject)
	}
	checkTokenMail(t, db, u, data.PurposeVerify, text)

	_, err = f.Register(ctx, b, shop, ok)
	if e := storefront.AsError(err); err == nil || e.Code != storefront.CodeAlreadyRegistered {
		t.Fatalf("second registration = %v; want %d", err, storefront.CodeAlreadyRegistered)
	}
	if w := writes(t, db); w != [3]int{w0[0] + 1, w0[1] + 1, w0[2] + 1} || *queued != 1 {
		t.Fatalf("the refused second registration wrote: members, tokens, mails %v → %v", w0, w)
	}
}

// TestSendToken: a token mail sent again replaces the one not sent yet
// (one queued mail, the newest token's), a mail of the other purpose goes
// beside it, and one sooner than data.ResendInterval is refused and
// changes nothing.
func TestSendToken(t *testing.T) {
	ctx := context.Background()
	f, c, queued := newFlows(t)
	db := f.DB
	b, err := db.LoadBrand(ctx, "demo")
	if err != nil {
		t.Fatal(err)
	}
	u, err := f.Register(ctx, b, shop, Registration{Email: "bo@example.com", Password: md5hex("secret-1"), Name: "王博",
		CustomFields: map[string]string{"phone": "0912-345-679", "birthday": "1991-02-03"}, AcceptTerms: true})
	if err != nil {
		t.Fatal(err)
	}
	_, _, first := queuedMail(t, db, u.ID, data.PurposeVerify)

	c.add(data.ResendInterval)
	if err := f.SendToken(ctx, shop, u, data.PurposeVerify); err != nil {
		t.Fatal(err)
	}
	_, _, again := queuedMail(t, db, u.ID, data.PurposeVerify)
	if again == first {
		t.Fatal("the resent mail is the first one")
	}
	checkTokenMail(t, db, u, data.PurposeVerify, again)
	if n := dbtest.Count(t, db, `select count(*) from user_tokens where user_id = $1`, u.ID); n != 1 {
		t.Fatalf("%d tokens after a resend; want the newest only", n)
	}

	if err := f.SendToken(ctx, shop, u, data.PurposeReset); err != nil {
		t.Fatal(err)
	}
	_, subject, reset := queuedMail(t, db, u.ID, data.PurposeReset)
	if subject != "【示範健身】"+storefront.TextMailResetTitle {
		t.Errorf("reset mail subject %q", subject)
	}
	checkTokenMail(t, db, u, data.PurposeReset, reset)

	c.add(data.ResendInterval - time.Second)
	before := dbtest.Count(t, db, `select count(*) from jobs`)
	err = f.SendToken(ctx, shop, u, data.PurposeVerify)
	if e := storefront.AsError(err); err == nil || e.Code != storefront.CodeResendTooSoon {
		t.Fatalf("a resend too soon = %v; want %d", err, storefront.CodeResendTooSoon)
	}
	if _, _, still := queuedMail(t, db, u.ID, data.PurposeVerify); still != again || dbtest.Count(t, db, `select count(*) from jobs`) != before {
		t.Fatal("a refused resend changed the outbox")
	}
	if *queued != 3 {
		t.Fatalf("the outbox worker was told %d times; want 3", *queued)
	}
}
