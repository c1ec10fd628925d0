package providers

import (
	"net/url"
	"testing"
	"time"
)

// TestPeriodMessages: a mandate form decrypts to the manual's fields; a
// period result reads back; one of another merchant, or not encrypted
// with our key, is refused.
func TestPeriodMessages(t *testing.T) {
	n := NewebPay{MerchantID: "MS1", HashKey: "0123456789abcdef0123456789abcdef", HashIV: "0123456789abcdef", URL: "https://ccore.newebpay.com"}
	f, err := n.Mandate(PeriodMandate{MerOrderNo: "ORDER_123456789", Amount: 1299, ProdDesc: "月費方案<script>", PeriodType: "M",
		PeriodPoint: "05", StartType: PeriodStartCharge, Times: 12, Email: "a@b.tw", NotifyURL: "https://shop.tw/n", Now: time.Unix(1e9, 0)})
	if err != nil || f.Action != "https://ccore.newebpay.com/MPG/period" || f.Fields[0] != [2]string{"MerchantID_", "MS1"} {
		t.Fatalf("%v %+v", err, f)
	}
	plain, err := n.decrypt(f.Fields[1][1])
	q, _ := url.ParseQuery(string(plain))
	if err != nil || q.Get("Version") != "1.5" || q.Get("PeriodAmt") != "1299" || q.Get("ProdDesc") != "月費方案script" || q.Get("PeriodStartType") != "2" {
		t.Fatalf("%v %v", err, q)
	}
	if _, err := n.Mandate(PeriodMandate{MerOrderNo: "bad no!", Amount: 1, PeriodType: "M", StartType: 2, Times: 1}); err == nil {
		t.Fatal("a bad MerOrderNo was taken")
	}
	msg := func(n NewebPay) url.Values {
		v, _ := n.PeriodMessage(map[string]any{"Status": "SUCCESS", "Result": map[string]any{"MerchantID": n.MerchantID,
			"MerchantOrderNo": "ORDER_123456789", "AlreadyTimes": 3, "TotalTimes": "12", "AuthAmt": 1299, "RespondCode": "00", "PeriodNo": "P1"}})
		return v
	}
	r, err := n.PeriodResult(msg(n))
	if err != nil || r.Created || r.AlreadyTimes != 3 || r.Amount != 1299 || !r.Paid() || r.PeriodNo != "P1" {
		t.Fatalf("%v %+v", err, r)
	}
	other := n
	other.MerchantID = "MS2"
	if _, err := n.PeriodResult(msg(other)); err != ErrWrongMerchant {
		t.Fatalf("another merchant: %v", err)
	}
	otherKey := n
	otherKey.HashKey = "fedcba9876543210fedcba9876543210"
	if _, err := n.PeriodResult(msg(otherKey)); err == nil {
		t.Fatal("another key's message was taken")
	}
}
