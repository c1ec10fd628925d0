package providers

import (
	"bytes"
	"strings"
	"testing"
)

// TestSealer: what is sealed opens under its key and label only; a
// changed byte, another key or another label is refused.
func TestSealer(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 32)
	s, err := NewSealer(key)
	if err != nil {
		t.Fatal(err)
	}
	sealed := s.Seal("credentials:demo:newebpay", []byte("secret-hash-key"))
	if bytes.Contains(sealed, []byte("secret-hash-key")) {
		t.Fatal("sealed in clear")
	}
	if again := s.Seal("credentials:demo:newebpay", []byte("secret-hash-key")); bytes.Equal(again, sealed) {
		t.Fatal("two seals of one value are alike: the nonce is not random")
	}
	if plain, err := s.Open("credentials:demo:newebpay", sealed); err != nil || string(plain) != "secret-hash-key" {
		t.Fatalf("round trip: %q %v", plain, err)
	}
	other, _ := NewSealer(bytes.Repeat([]byte{8}, 32))
	if _, err := other.Open("credentials:demo:newebpay", sealed); err == nil {
		t.Error("another key opens it")
	}
	if _, err := s.Open("credentials:yoga:newebpay", sealed); err == nil {
		t.Error("another brand's label opens it")
	}
	changed := bytes.Clone(sealed)
	changed[len(changed)-1] ^= 1
	if _, err := s.Open("credentials:demo:newebpay", changed); err == nil {
		t.Error("a changed byte opens")
	}
	if _, err := s.Open("credentials:demo:newebpay", sealed[:5]); err == nil {
		t.Error("a cut value opens")
	}
	if _, err := NewSealer(key[:16]); err == nil {
		t.Error("a 16-byte key is taken")
	}
}

// TestParseAccountFile: a credentials file has every setting of its kind
// and no other; its problems name lines and settings, never a value.
func TestParseAccountFile(t *testing.T) {
	good := "# NewebPay, studio A\nNEWEBPAY_MERCHANT_ID=MS100\nNEWEBPAY_HASH_KEY=\"0123456789abcdef0123456789abcdef\"\n\nNEWEBPAY_HASH_IV=fedcba9876543210\nNEWEBPAY_URL=https://core.newebpay.com/\n"
	a, err := ParseAccountFile(AccountNewebPay, []byte(good), false)
	if err != nil || a.NewebPay != (NewebPay{MerchantID: "MS100", HashKey: "0123456789abcdef0123456789abcdef", HashIV: "fedcba9876543210", URL: "https://core.newebpay.com"}) {
		t.Fatalf("good file: %v %v", a.NewebPay, err)
	}
	if a.MerchantID(AccountNewebPay) != "MS100" || !a.Has(AccountNewebPay) || a.Has(AccountLinePay) {
		t.Fatalf("merchant %q", a.MerchantID(AccountNewebPay))
	}
	ez, err := ParseAccountFile(AccountEzPay, []byte("EZPAY_MERCHANT_ID=3502\nEZPAY_HASH_KEY=0123456789abcdef0123456789abcdef\nEZPAY_HASH_IV=fedcba9876543210\nEZPAY_URL=https://cinv.ezpay.com.tw"), false)
	if err != nil || !ez.EzPay.Configured() || ez.EzPay.MerchantID != "3502" {
		t.Fatalf("ezPay: %v %v", ez.EzPay, err)
	}
	// the Messaging API channel's secret is optional: with it, the webhook's
	bot := "LINE_BOT_CHANNEL_ID=2001\nLINE_BOT_ACCESS_TOKEN=tok\nLINE_BOT_URL=https://api.line.me\n"
	if b, err := ParseAccountFile(AccountLineBot, []byte(bot), false); err != nil || !b.LineBot.Configured() || b.LineBot.ChannelSecret != "" {
		t.Fatalf("linebot without its secret: %v %v", b.LineBot, err)
	}
	b, err := ParseAccountFile(AccountLineBot, []byte(bot+"LINE_BOT_CHANNEL_SECRET=s3cret\n"), false)
	if err != nil || b.LineBot.ChannelSecret != "s3cret" || b.AccountValues(AccountLineBot)["LINE_BOT_CHANNEL_SECRET"] != "s3cret" {
		t.Fatalf("linebot with its secret: %v %v", b.LineBot, err)
	}
	for name, c := range map[string]struct{ kind, file, want string }{
		"secret alone":   {AccountLineBot, "LINE_BOT_CHANNEL_SECRET=topsecret", "LINE_BOT_CHANNEL_ID, LINE_BOT_ACCESS_TOKEN, LINE_BOT_URL missing"},
		"short key":      {AccountNewebPay, "NEWEBPAY_MERCHANT_ID=MS1\nNEWEBPAY_HASH_KEY=topsecret-short\nNEWEBPAY_HASH_IV=fedcba9876543210\nNEWEBPAY_URL=https://core.newebpay.com", "want 32 and 16 characters"},
		"missing":        {AccountLinePay, "LINEPAY_CHANNEL_ID=1655\nLINEPAY_CHANNEL_SECRET=topsecret-line", "LINEPAY_URL missing"},
		"unknown name":   {AccountACH, "ACH_MERCHANT_ID=A1\nACH_SECRETS=topsecret-ach-0123456789abcdef0123456789\nACH_URL=https://ach.example.com", "line 2: ACH_SECRETS is not a setting of ach"},
		"twice":          {AccountChailease, "CHAILEASE_SECRET=topsecret-0123456789abcdef0123456789\nCHAILEASE_SECRET=topsecret-0123456789abcdef0123456789", "line 2: CHAILEASE_SECRET given twice"},
		"no equals":      {AccountChailease, "topsecret", "line 1: want NAME=value"},
		"http":           {AccountNewebPay, "NEWEBPAY_MERCHANT_ID=MS1\nNEWEBPAY_HASH_KEY=topsecret-0123456789abcdef0123456\nNEWEBPAY_HASH_IV=fedcba9876543210\nNEWEBPAY_URL=http://core.newebpay.com", "want an https URL"},
		"empty":          {AccountNewebPay, "# nothing\n", "no settings"},
		"not a kind":     {"newebpay_period", "X=1", "not a kind of merchant account"},
		"secret in line": {AccountLinePay, "LINEPAY_CHANNEL_ID=1655\nLINEPAY_CHANNEL_SECRET topsecret\nLINEPAY_URL=https://api-pay.line.me", "line 2: want NAME=value"},
	} {
		_, err := ParseAccountFile(c.kind, []byte(c.file), false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "topsecret") {
			t.Errorf("%s: the error quotes a secret: %v", name, err)
		}
	}
}
