package data_test

import (
	"context"
	"errors"
	"storefront"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
)

func newMember(email string) data.NewUser {
	return data.NewUser{BrandID: "demo", Email: email, Name: "X", PasswordDigest: "0123456789abcdef0123456789abcdef", CustomValues: map[string]string{}}
}

func mailOf(u *data.User, t *data.Issued) (data.Mail, error) {
	return data.Mail{To: u.Email, Subject: "驗證", Text: "code " + t.Code}, nil
}

func count(t *testing.T, db *data.DB, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := db.Pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestRegisterIsAtomic: the member, its verification token and the token's
// mail are one transaction: when the mail cannot be queued there is no
// member either; when it can, all three exist.
func TestRegisterIsAtomic(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()
	now := time.Now()
	boom := errors.New("compose failed")
	_, err := db.Register(ctx, newMember("a@example.com"), now, func(*data.User, *data.Issued) (data.Mail, error) { return data.Mail{}, boom })
	if !errors.Is(err, boom) {
		t.Fatalf("Register = %v; want the compose error", err)
	}
	// a mail the outbox refuses (no recipient) rolls the member back too
	_, err = db.Register(ctx, newMember("a@example.com"), now, func(*data.User, *data.Issued) (data.Mail, error) { return data.Mail{Subject: "x"}, nil })
	if err == nil {
		t.Fatal("Register with a mail without recipient succeeded")
	}
	if n := count(t, db, `select count(*) from users where email = 'a@example.com'`); n != 0 {
		t.Fatalf("%d members left behind by failed registrations", n)
	}
	u, err := db.Register(ctx, newMember("a@example.com"), now, mailOf)
	if err != nil {
		t.Fatal(err)
	}
	if n := count(t, db, `select count(*) from user_tokens where user_id = $1 and purpose = 'verify'`, u.ID); n != 1 {
		t.Fatalf("%d verification tokens", n)
	}
	if n := count(t, db, `select count(*) from mail_outbox where user_id = $1 and purpose = 'verify' and to_addr = 'a@example.com' and sent_at is null`, u.ID); n != 1 {
		t.Fatalf("%d queued mails", n)
	}
	// a newer mail of the same purpose replaces the unsent one
	if _, err := db.IssueTokenMail(ctx, u, data.PurposeVerify, now.Add(data.ResendInterval), mailOf); err != nil {
		t.Fatal(err)
	}
	if n := count(t, db, `select count(*) from mail_outbox where user_id = $1`, u.ID); n != 1 {
		t.Fatalf("%d queued mails after a resend; want the newest only", n)
	}
	// too soon: no token and no mail
	if _, err := db.IssueTokenMail(ctx, u, data.PurposeVerify, now.Add(data.ResendInterval+time.Second), mailOf); storefront.AsError(err).Code != storefront.CodeResendTooSoon {
		t.Fatalf("resend too soon = %v", err)
	}
}

// TestClaimJobs: claims of queued mails are exclusive across concurrent
// claimers (as two hosts would be), a claimed mail waits out its lease, a
// failure sets the next attempt, a sent mail is never claimed again.
func TestClaimJobs(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()
	for i := range 20 {
		u, err := db.Register(ctx, newMember(string(rune('a'+i))+"@example.com"), time.Now(), mailOf)
		if err != nil {
			t.Fatal(err)
		}
		_ = u
	}
	mails := []string{data.JobMail}
	var mu sync.Mutex
	seen := map[int64]int{}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				ms, err := db.ClaimJobs(ctx, mails, 3, time.Hour)
				if err != nil {
					t.Error(err)
					return
				}
				if len(ms) == 0 {
					return
				}
				mu.Lock()
				for _, m := range ms {
					seen[m.ID]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(seen) != 20 {
		t.Fatalf("claimed %d distinct mails; want 20", len(seen))
	}
	for id, n := range seen {
		if n != 1 {
			t.Fatalf("mail %d claimed %d times", id, n)
		}
	}
	if d := mailDepth(t, db); d != 20 {
		t.Fatalf("depth %d; want 20 (claimed is not sent)", d)
	}
	// leases run out: everything is due again
	db.Pool.Exec(ctx, `update jobs set next_at = now() - interval '1 second'`)
	ms, err := db.ClaimJobs(ctx, mails, 100, time.Hour)
	if err != nil || len(ms) != 20 || ms[0].Attempts != 2 {
		t.Fatalf("reclaim = %d mails (attempts %v), %v", len(ms), ms[0].Attempts, err)
	}
	if err := db.JobDone(ctx, ms[0]); err != nil {
		t.Fatal(err)
	}
	if err := db.JobFailed(ctx, ms[1], "smtp down", 0, false); err != nil {
		t.Fatal(err)
	}
	ms, err = db.ClaimJobs(ctx, mails, 100, time.Hour)
	if err != nil || len(ms) != 1 || ms[0].ID == 0 {
		t.Fatalf("after one sent and one failed (retry now): %d claimed, %v", len(ms), err)
	}
	if n := count(t, db, `select count(*) from mail_outbox where last_error = 'smtp down'`); n != 1 {
		t.Fatalf("last error recorded %d times", n)
	}
	if d := mailDepth(t, db); d != 19 {
		t.Fatalf("depth %d; want 19", d)
	}
}

func mailDepth(t *testing.T, db *data.DB) int64 {
	t.Helper()
	n, err := db.JobCounts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n[data.JobMail].Queued
}
