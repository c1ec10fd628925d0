package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/checkout"
	"storefront/data"
	"storefront/data/dbtest"
	"storefront/data/demo"
)

func runRefund(t *testing.T, getenv func(string) string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := refundCommand(context.Background(), args, getenv, &out, &errOut)
	return out.String() + errOut.String(), err
}

// TestRefundCommand: the operator lists a brand's refunds, approves a
// requested one with a fee within the cap (a host's job sends it, queued
// once however often approved), and rejects another; a fee over the cap,
// an unknown id and a finished refund are refused. An ACH order's refund
// is approved only as paid outside (--paid-outside, its reference in the
// job), and a card order's never.
func TestRefundCommand(t *testing.T) {
	ctx := context.Background()
	db, getenv := catalogueEnv(t)
	if _, err := demo.LoadIfEmpty(ctx, db, dbtest.ImageDir); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	u, err := db.CreateUser(ctx, data.NewUser{BrandID: "demo", Email: "leaver@example.com", Name: "X", PasswordDigest: "0123456789abcdef0123456789abcdef",
		CustomValues: map[string]string{}}, now)
	if err != nil {
		t.Fatal(err)
	}
	refund := func(payWay, provider string) int64 {
		var typ string
		var item int64
		var price int
		if err := db.Pool.QueryRow(ctx, `select type, id, price from items where brand_id = 'demo' and name = '季卡通行卡'`).Scan(&typ, &item, &price); err != nil {
			t.Fatal(err)
		}
		store := int64(dbtest.Count(t, db, `select min(id) from stores where brand_id = 'demo'`))
		o, err := dbtest.CreateOrder(db, data.NewOrder{BrandID: "demo", UserID: u.ID, Kind: data.OrderKindItem, PayWay: payWay,
			Provider: provider, ExpiresAt: now.Add(time.Hour),
			Lines: []data.NewOrderLine{{ItemType: typ, ItemID: item, StoreID: store, Quantity: 1, ShownPrice: price}}}, now)
		if err != nil {
			t.Fatal(err)
		}
		f := &checkout.Flows{DB: db, Now: time.Now}
		if _, _, err := f.Pay(ctx, data.Payment{Change: data.Change{Number: o.Number, Cause: "test", At: now}, Provider: provider,
			TradeNo: "T" + o.Number, Amount: o.Amount, CardLast4: "1111"}); err != nil {
			t.Fatal(err)
		}
		var id int64
		if err := db.Pool.QueryRow(ctx, `insert into refunds (order_id, kind, offered, amount, whole, requested_at)
			values ($1, 'termination', 1000, 1000, false, now()) returning id`, o.ID).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	first, second := refund(data.PayWayCard, data.ProviderNewebPay), refund(data.PayWayCard, data.ProviderNewebPay)
	one, two := strconv.FormatInt(first, 10), strconv.FormatInt(second, 10)
	ach := strconv.FormatInt(refund(data.PayWayACH, data.ProviderACH), 10)

	out, err := runRefund(t, getenv, "list", "demo", "requested")
	if err != nil || strings.Count(out, "termination") != 3 || strings.Count(out, " provider ") != 2 || strings.Count(out, " transfer ") != 1 {
		t.Fatalf("list: %v\n%s", err, out)
	}
	if out, err := runRefund(t, getenv, "approve", one, "--fee", "201"); err == nil {
		t.Fatalf("a fee over 20%% approved:\n%s", out)
	}
	for range 2 {
		if out, err := runRefund(t, getenv, "approve", one, "--fee", "200"); err != nil || !strings.Contains(out, "NT$800 back (fee NT$200)") {
			t.Fatalf("approve: %v\n%s", err, out)
		}
	}
	if n := dbtest.Count(t, db, `select count(*) from jobs where kind = '`+checkout.JobApproveRefund+`' and key = '`+one+`' and (payload->>'fee')::int = 200`); n != 1 {
		t.Fatalf("%d approval jobs", n)
	}
	// an ACH debit is refunded by the studio's transfer: recorded, never sent
	if out, err := runRefund(t, getenv, "approve", ach); err == nil {
		t.Fatalf("an ACH refund approved to be sent:\n%s", out)
	}
	if out, err := runRefund(t, getenv, "approve", one, "--paid-outside", "TX-1"); err == nil {
		t.Fatalf("a card refund recorded as paid outside:\n%s", out)
	}
	for range 2 {
		if out, err := runRefund(t, getenv, "approve", ach, "--paid-outside", "TX-20261127-01"); err != nil || !strings.Contains(out, "refunded outside (TX-20261127-01)") {
			t.Fatalf("approve paid outside: %v\n%s", err, out)
		}
	}
	if n := dbtest.Count(t, db, `select count(*) from jobs where kind = '`+checkout.JobApproveRefund+`' and key = '`+ach+`' and payload->>'paidOutside' = 'TX-20261127-01'`); n != 1 {
		t.Fatalf("%d approval jobs of the ACH refund", n)
	}
	if out, err := runRefund(t, getenv, "reject", two, "--reason", "已使用超過合約期間"); err != nil || !strings.Contains(out, "rejected") {
		t.Fatalf("reject: %v\n%s", err, out)
	}
	if out, err := runRefund(t, getenv, "approve", two); err == nil {
		t.Fatalf("a rejected refund approved:\n%s", out)
	}
	if out, err := runRefund(t, getenv, "approve", "999999"); err == nil {
		t.Fatalf("an unknown refund approved:\n%s", out)
	}
	if out, err := runRefund(t, getenv, "approve"); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Fatalf("no id: %v\n%s", err, out)
	}
	if n := dbtest.Count(t, db, `select count(*) from refunds where state = 'rejected' and failure = '已使用超過合約期間'`); n != 1 {
		t.Fatalf("%d rejected", n)
	}
}
