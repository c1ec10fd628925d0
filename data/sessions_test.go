package data_test

import (
	"context"
	"storefront"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
)

// TestSessionRevocationsReachEveryProcess: revoking a session (here by
// password change, as any process might) notifies its hash to listeners,
// which drop it from their caches.
func TestSessionRevocationsReachEveryProcess(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	u, err := db.UserByEmail(ctx, "demo", "member@example.com", storefront.CodeAccountNotFound)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	id, err := db.CreateSession(ctx, "demo", u.ID, "test", now)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := db.SessionByID(ctx, id, now); err != nil || s.UserID != u.ID || s.BrandID != "demo" {
		t.Fatalf("SessionByID = %+v, %v", s, err)
	}
	got := make(chan string, 4)
	go db.ListenSessionRevocations(ctx, func(key string) {
		if key != "" {
			got <- key
		}
	})
	dbtest.WaitListening(t, db, "session_revoked")
	if _, err := db.SetPassword(ctx, u.ID, "0123456789abcdef0123456789abcdef", now); err != nil {
		t.Fatal(err)
	}
	select {
	case key := <-got:
		if key != data.SessionKey(id) {
			t.Fatalf("notified %s; want %s", key, data.SessionKey(id))
		}
	case <-ctx.Done():
		t.Fatal("no revocation notice")
	}
	if _, err := db.SessionByID(ctx, id, now); err != data.ErrNoSession {
		t.Fatalf("a revoked session still loads: %v", err)
	}
	// registering, logging in and sessions never touch the brand's version
	var v int64
	db.Pool.QueryRow(ctx, `select data_version from brands where id = 'demo'`).Scan(&v)
	db.CreateUser(ctx, data.NewUser{BrandID: "demo", Email: "x@example.com", Name: "X", PasswordDigest: "0123456789abcdef0123456789abcdef", CustomValues: map[string]string{}}, now)
	var v2 int64
	db.Pool.QueryRow(ctx, `select data_version from brands where id = 'demo'`).Scan(&v2)
	if v2 != v {
		t.Fatalf("a registration bumped data_version %d -> %d", v, v2)
	}
}
