package mail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"storefront/mail"
	"storefront/mail/devbox"
)

func startBox(t *testing.T, o devbox.Options) *devbox.Box {
	t.Helper()
	b, err := devbox.Start(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// TestVerificationMailOverSMTP sends the verification mail over a real SMTP
// conversation and reads it back: Traditional Chinese subject, an HTML and
// a plain-text part, the brand's name and colour, the link and the code.
func TestVerificationMailOverSMTP(t *testing.T) {
	box := startBox(t, devbox.Options{})
	m, err := mail.New(mail.Config{Host: box.Host(), Port: box.Port(), From: "no-reply@shop.test", TLS: mail.TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	brand := mail.Brand{Name: "森活運動館", Colour: "#1B8A7A", Home: "http://shop.test/demo"}
	link := "http://shop.test/demo/verify/email?u=7&t=abc&x=<b>"
	msg := mail.Verification(brand, "amy@example.com", "王<小明>", link, "042137", 24*time.Hour)
	if err := m.Send(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	got, ok := box.Wait("amy@example.com", 0, 5*time.Second)
	if !ok {
		t.Fatal("no message delivered")
	}
	if got.Subject != "【森活運動館】請驗證您的電子信箱" {
		t.Errorf("subject = %q", got.Subject)
	}
	if !strings.Contains(got.Raw, "From: \"=?UTF-8?") && !strings.Contains(got.Raw, "no-reply@shop.test") {
		t.Errorf("sender missing:\n%s", got.Raw)
	}
	for _, want := range []string{"王<小明> 您好", link, "驗證碼：042137", "24 小時內有效"} {
		if !strings.Contains(got.Text, want) {
			t.Errorf("text part lacks %q:\n%s", want, got.Text)
		}
	}
	for _, want := range []string{`lang="zh-Hant"`, "border-top:6px solid #1B8A7A", "background:#1B8A7A", "王&lt;小明&gt; 您好", "042137",
		`href="http://shop.test/demo/verify/email?u=7&amp;t=abc&amp;x=%3cb%3e"`} {
		if !strings.Contains(got.HTML, want) {
			t.Errorf("HTML part lacks %q:\n%s", want, got.HTML)
		}
	}
	if strings.Contains(got.HTML, "<小明>") {
		t.Error("the member's name is not escaped in the HTML part")
	}
}

func TestMailerAuthenticates(t *testing.T) {
	box := startBox(t, devbox.Options{User: "shop", Password: "s3cret"})
	send := func(pass string) error {
		m, err := mail.New(mail.Config{Host: box.Host(), Port: box.Port(), User: "shop", Password: pass, From: "no-reply@shop.test", TLS: mail.TLSNone})
		if err != nil {
			t.Fatal(err)
		}
		return m.Send(context.Background(), mail.PasswordReset(mail.Brand{Name: "晨光瑜珈", Colour: "#8E5BA8"}, "bo@example.com", "Bo", "http://x/r", "123456", 30*time.Minute))
	}
	if err := send("wrong"); err == nil {
		t.Fatal("a wrong SMTP password was accepted")
	}
	if err := send("s3cret"); err != nil {
		t.Fatal(err)
	}
	got, ok := box.Wait("bo@example.com", 0, 5*time.Second)
	if !ok || got.Subject != "【晨光瑜珈】重設密碼" || !strings.Contains(got.Text, "30 分鐘內有效") {
		t.Fatalf("reset mail = %+v", got)
	}
}

func TestMailerConfig(t *testing.T) {
	for _, c := range []mail.Config{
		{Port: 25, From: "a@b.c", TLS: mail.TLSNone},
		{Host: "h", Port: 25, TLS: mail.TLSNone},
		{Host: "h", Port: 25, From: "a@b.c", TLS: "maybe"},
	} {
		if _, err := mail.New(c); err == nil {
			t.Errorf("New(%+v) accepted", c)
		}
	}
}
