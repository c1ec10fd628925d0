package providers

import (
	"bytes"
	"context"
	"crypto/cipher"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

var ezTest = EzPay{MerchantID: "EZ_TEST", HashKey: "ezpay-test-hashkey-0123456789abc", HashIV: "ezpay-test-iv-01"}

func ezWorld(t *testing.T) (*EzPaySandbox, EzPay) {
	sb := NewEzPaySandbox(ezTest)
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	c := ezTest
	c.URL = srv.URL
	return sb, c
}

func ezInvoice(no string) EzInvoice {
	return EzInvoice{MerchantOrderNo: no, BuyerName: "王小明", BuyerEmail: "m@example.com", CarrierType: CarrierMobile,
		CarrierNum: "/ABC+123", Sales: 952, Tax: 48, Total: 1000, Items: []EzItem{{Name: "十堂課", Unit: "式", Count: 1, Price: 1000, Amount: 1000}},
		Now: time.Now()}
}

// TestEzPaySandboxIssues: issue, a repeat refused as a duplicate, search
// finds it, void within the window, allowance on another; the CheckCode
// of every answer verifies.
func TestEzPaySandboxIssues(t *testing.T) {
	sb, c := ezWorld(t)
	ctx := context.Background()
	is, err := c.Issue(ctx, nil, ezInvoice("ORDER1"))
	if err != nil || is.InvoiceNumber == "" || len(is.RandomNum) != 4 {
		t.Fatalf("issue: %+v, %v", is, err)
	}
	if _, err := c.Issue(ctx, nil, ezInvoice("ORDER1")); !IsEzPay(err, EzPayDuplicateOrderNo) {
		t.Fatalf("a repeat: %v, want %s", err, EzPayDuplicateOrderNo)
	}
	found, err := c.Search(ctx, nil, "ORDER1", 1000, time.Now())
	if err != nil || found.InvoiceNumber != is.InvoiceNumber {
		t.Fatalf("search: %+v, %v", found, err)
	}
	if _, err := c.Search(ctx, nil, "ORDER2", 1000, time.Now()); !IsEzPay(err, EzPayNotFound) {
		t.Fatalf("search of none: %v", err)
	}
	if _, err := c.Void(ctx, nil, is, "重複扣款退款", time.Now()); err != nil {
		t.Fatalf("void: %v", err)
	}
	if _, err := c.Void(ctx, nil, is, "重複扣款退款", time.Now()); !IsEzPay(err, EzPayVoidedBefore) {
		t.Fatalf("void again: %v", err)
	}
	other, err := c.Issue(ctx, nil, ezInvoice("ORDER2"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.Allowance(ctx, nil, other, EzItem{Name: "退款", Unit: "式", Amount: 1000}, "m@example.com", time.Now())
	if err != nil || a.AllowanceNo == "" || a.Remain != 0 {
		t.Fatalf("allowance: %+v, %v", a, err)
	}
	if sb.Issues() != 2 {
		t.Errorf("issued %d, want 2", sb.Issues())
	}
}

// TestEzPayRefusesBadAnswers: a CheckCode of another key is not
// believed; the sandbox's refusals and outages are errors.
func TestEzPayRefusesBadAnswers(t *testing.T) {
	sb, c := ezWorld(t)
	ctx := context.Background()
	liar := c
	liar.HashKey = "another-hashkey-0123456789abcdef"
	// the sandbox decrypts with its own key: another key's request does not decrypt
	if _, err := liar.Issue(ctx, nil, ezInvoice("ORDER3")); !IsEzPay(err, "KEY10002") {
		t.Fatalf("another key: %v", err)
	}
	is, err := c.Issue(ctx, nil, ezInvoice("ORDER3"))
	if err != nil {
		t.Fatal(err)
	}
	is.RandomNum = "0000"
	if err := c.verify(c.CheckCode(is), c.MerchantID, is); err != nil {
		t.Fatal(err)
	}
	if err := liar.verify(c.CheckCode(is), c.MerchantID, is); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("a CheckCode of another key: %v", err)
	}
	bad := ezInvoice("ORDER4")
	bad.CarrierNum = "ABC+1234"
	if _, err := c.Issue(ctx, nil, bad); !IsEzPay(err, "INV10013") {
		t.Fatalf("bad barcode: %v", err)
	}
	sb.SetDown(EzPayRefuses)
	if _, err := c.Issue(ctx, nil, ezInvoice("ORDER5")); err == nil {
		t.Fatal("refusing: no error")
	}
	sb.SetDown(EzPayCloses)
	if _, err := c.Issue(ctx, nil, ezInvoice("ORDER5")); err == nil {
		t.Fatal("closing: no error")
	}
	sb.SetDown(EzPayUp)
	sb.LoseNextIssue()
	if _, err := c.Issue(ctx, nil, ezInvoice("ORDER5")); err == nil {
		t.Fatal("lost answer: no error")
	}
	if _, err := c.Search(ctx, nil, "ORDER5", 1000, time.Now()); err != nil {
		t.Fatalf("the lost answer's invoice: %v", err)
	}
	resp, err := http.Get(c.URL + "/")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("list page: %v %v", resp, err)
	}
}

// TestEzPayPostData: PostData_ is padded to 32 bytes as the manual's
// sample, and the sandbox reads 16-byte PKCS #7 too (other clients').
func TestEzPayPostData(t *testing.T) {
	enc, err := ezTest.encrypt("MerchantOrderNo=A1&TotalAmt=100")
	if err != nil {
		t.Fatal(err)
	}
	if len(enc) != 64 { // 31 bytes + 1 of padding: one 32-byte block
		t.Fatalf("%d hex digits, want 64", len(enc))
	}
	q, err := ezTest.decrypt(enc)
	if err != nil || q.Get("MerchantOrderNo") != "A1" || q.Get("TotalAmt") != "100" {
		t.Fatalf("decrypted %v, %v", q, err)
	}
	block, _ := ezTest.cipher()
	plain := append([]byte("TotalAmt=100"), bytes.Repeat([]byte{4}, 4)...) // 16-byte PKCS #7
	cipher.NewCBCEncrypter(block, []byte(ezTest.HashIV)).CryptBlocks(plain, plain)
	if q, err := ezTest.decrypt(hex.EncodeToString(plain)); err != nil || q.Get("TotalAmt") != "100" {
		t.Fatalf("16-byte padding: %v, %v", q, err)
	}
}
