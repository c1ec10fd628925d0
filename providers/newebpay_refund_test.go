package providers

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestRefundSandbox: the sandbox refunds what it charged, once; it refuses
// a second refund, more than was charged, a trade it never made, and a
// request of another merchant or another key; the client refuses an
// answer whose CheckCode does not verify.
func TestRefundSandbox(t *testing.T) {
	n := NewebPay{MerchantID: "MS1", HashKey: "0123456789abcdef0123456789abcdef", HashIV: "0123456789abcdef"}
	sb := NewNewebPaySandbox(n, nil)
	srv := httptest.NewServer(sb)
	defer srv.Close()
	n.URL = srv.URL
	sb.charged["T1"] = &sandboxTrade{merchantID: "MS1", merchantOrderNo: "M1_3", amount: 1299}
	sb.charged["T2"] = &sandboxTrade{merchantID: "MS1", merchantOrderNo: "M1_4", amount: 1299}
	ctx, now := context.Background(), time.Now()
	refund := func(n NewebPay, r Refund) error {
		r.Now = now
		return n.Refund(ctx, nil, r)
	}
	if err := refund(n, Refund{MerchantOrderNo: "M1_3", TradeNo: "T1", Amount: 1299}); err != nil {
		t.Fatalf("refund: %v", err)
	}
	otherKey := n
	otherKey.HashKey = "fedcba9876543210fedcba9876543210"
	otherMerchant := n
	otherMerchant.MerchantID = "MS2"
	for name, c := range map[string]struct {
		n NewebPay
		r Refund
	}{
		"a second refund":  {n: n, r: Refund{MerchantOrderNo: "M1_3", TradeNo: "T1", Amount: 1299}},
		"more than paid":   {n: n, r: Refund{MerchantOrderNo: "M1_4", TradeNo: "T2", Amount: 1300}},
		"an unknown trade": {n: n, r: Refund{MerchantOrderNo: "M1_5", TradeNo: "T3", Amount: 1299}},
		"another order":    {n: n, r: Refund{MerchantOrderNo: "M1_3", TradeNo: "T2", Amount: 1299}},
		"another key":      {n: otherKey, r: Refund{MerchantOrderNo: "M1_4", TradeNo: "T2", Amount: 1299}},
		"another merchant": {n: otherMerchant, r: Refund{MerchantOrderNo: "M1_4", TradeNo: "T2", Amount: 1299}},
	} {
		if err := refund(c.n, c.r); !errors.Is(err, ErrRefundRefused) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if got := sb.Refunded(); got != 1 {
		t.Fatalf("%d refunds", got)
	}

	forged := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"Status": "SUCCESS", "Result": map[string]any{"MerchantID": "MS1", "Amt": 1299,
			"MerchantOrderNo": "M1_4", "TradeNo": "T2", "CheckCode": "00"}})
	}))
	defer forged.Close()
	f := n
	f.URL = forged.URL
	if err := refund(f, Refund{MerchantOrderNo: "M1_4", TradeNo: "T2", Amount: 1299}); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("a forged answer: %v", err)
	}
}

// TestNewebPaySandboxCapture: a card payment is authorised the day it is
// paid and captured at the next Taipei midnight: before, the refund is
// refused and the whole authorisation is cancelled (the query then says
// cancelled, all of it back); after, the refund goes and the cancel is
// refused; the query tells the capture (CloseStatus) and what is left.
func TestNewebPaySandboxCapture(t *testing.T) {
	ctx := context.Background()
	w := newMPGWorld(t)
	paid := w.returned(t, func() string { _, b := w.pay(t, w.order("SF_C1"), TestCardApproved); return b }())
	r := Refund{MerchantOrderNo: "SF_C1", TradeNo: paid.TradeNo, Amount: 1200, Now: time.Now()}
	if tr, err := w.n.QueryTrade(ctx, nil, "SF_C1", 1200, time.Now()); err != nil || tr.CloseStatus != CloseNone || tr.Refunded() != 0 {
		t.Fatalf("before the capture: %+v, %v", tr, err)
	}
	if err := w.n.Refund(ctx, nil, r); !errors.Is(err, ErrRefundRefused) {
		t.Fatalf("refund before the capture: %v", err)
	}
	part := r
	part.Amount = 600
	if err := w.n.CancelAuthorisation(ctx, nil, part); !errors.Is(err, ErrRefundRefused) {
		t.Fatalf("cancel of a part: %v", err)
	}
	if err := w.n.CancelAuthorisation(ctx, nil, r); err != nil {
		t.Fatal(err)
	}
	if err := w.n.CancelAuthorisation(ctx, nil, r); !errors.Is(err, ErrRefundRefused) {
		t.Fatalf("second cancel: %v", err)
	}
	if tr, err := w.n.QueryTrade(ctx, nil, "SF_C1", 1200, time.Now()); err != nil || tr.Status != TradeCancelled || tr.Refunded() != 1200 {
		t.Fatalf("after the cancel: %+v, %v", tr, err)
	}

	paid = w.returned(t, func() string { _, b := w.pay(t, w.order("SF_C2"), TestCardApproved); return b }())
	tomorrow := time.Now().Add(24 * time.Hour)
	w.sandbox.Now = func() time.Time { return tomorrow }
	r = Refund{MerchantOrderNo: "SF_C2", TradeNo: paid.TradeNo, Amount: 1200, Now: tomorrow}
	if err := w.n.CancelAuthorisation(ctx, nil, r); !errors.Is(err, ErrRefundRefused) {
		t.Fatalf("cancel after the capture: %v", err)
	}
	part = r
	part.Amount = 200
	if err := w.n.Refund(ctx, nil, part); err != nil {
		t.Fatal(err)
	}
	if tr, err := w.n.QueryTrade(ctx, nil, "SF_C2", 1200, tomorrow); err != nil || tr.CloseStatus != CloseDone || tr.BackBalance != 1000 || tr.Refunded() != 200 {
		t.Fatalf("after a part: %+v, %v", tr, err)
	}
}
