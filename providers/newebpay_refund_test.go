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
