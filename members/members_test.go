package members

import (
	"context"
	"crypto/md5"
	"fmt"
	"storefront"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
)

// TestRegister runs the registration flow on the real PostgreSQL: a bad
// registration changes nothing, a good one leaves the member with its
// verification token and queued mail, and a second one of the same address
// is refused without touching the first.
func TestRegister(t *testing.T) {
	ctx := context.Background()
	db := dbtest.NewDemo(t)
	b, err := db.LoadBrand(ctx, "demo")
	if err != nil {
		t.Fatal(err)
	}
	queued := 0
	f := &Flows{DB: db, Now: time.Now, Queued: func() { queued++ }}
	mail := func(u *data.User, tok *data.Issued) (data.Mail, error) {
		return data.Mail{To: u.Email, Subject: "驗證信", Text: tok.Code}, nil
	}
	ok := Registration{Email: "Amy@Example.com", Password: fmt.Sprintf("%x", md5.Sum([]byte("secret-1"))), Name: "林艾咪",
		CustomFields: map[string]string{"phone": "0912-345-678", "birthday": "1990-01-02", "gender": "女"}, AcceptTerms: true}
	counts := func() (users, tokens, mails int) {
		t.Helper()
		err := db.Pool.QueryRow(ctx, `select (select count(*) from users where brand_id = 'demo'),
			(select count(*) from user_tokens), (select count(*) from mail_outbox)`).Scan(&users, &tokens, &mails)
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	u0, t0, m0 := counts()

	for _, c := range []struct {
		name string
		edit func(r *Registration)
		code int
		msg  string
	}{
		{"terms not accepted", func(r *Registration) { r.AcceptTerms = false }, storefront.CodeBadRequest, "請先閱讀並同意服務條款與隱私權政策"},
		{"bad e-mail", func(r *Registration) { r.Email = "amy@" }, storefront.CodeBadRequest, "電子信箱格式不正確"},
		{"plain password", func(r *Registration) { r.Password = "secret-1" }, storefront.CodeBadRequest, "密碼須以 MD5 雜湊後傳送（32 位十六進位字元）"},
		{"unknown custom field", func(r *Registration) { r.CustomFields = map[string]string{"phone": "0912345678", "shoe": "42"} }, storefront.CodeBadRequest, "不明的自訂欄位：shoe"},
		{"bad phone", func(r *Registration) { r.CustomFields = map[string]string{"phone": "12345"} }, storefront.CodeBadRequest, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := ok
			c.edit(&r)
			_, err := f.Register(ctx, b, r, mail)
			e := storefront.AsError(err)
			if err == nil || e.Code != c.code || (c.msg != "" && e.Message != c.msg) {
				t.Fatalf("Register = %v; want code %d %q", err, c.code, c.msg)
			}
		})
	}
	if u, tk, m := counts(); u != u0 || tk != t0 || m != m0 || queued != 0 {
		t.Fatalf("refused registrations wrote: users %d→%d, tokens %d→%d, mails %d→%d, queued %d", u0, u, t0, tk, m0, m, queued)
	}

	u, err := f.Register(ctx, b, ok, mail)
	if err != nil {
		t.Fatal(err)
	}
	if u.Email != "amy@example.com" || u.Phone != "0912345678" || u.EmailVerified {
		t.Errorf("member = %+v", u)
	}
	if us, tk, m := counts(); us != u0+1 || tk != t0+1 || m != m0+1 || queued != 1 {
		t.Fatalf("registration wrote users +%d, tokens +%d, mails +%d, queued %d; want 1 each", us-u0, tk-t0, m-m0, queued)
	}

	_, err = f.Register(ctx, b, ok, mail)
	if e := storefront.AsError(err); err == nil || e.Code != storefront.CodeAlreadyRegistered {
		t.Fatalf("second registration = %v; want %d", err, storefront.CodeAlreadyRegistered)
	}
	if us, tk, m := counts(); us != u0+1 || tk != t0+1 || m != m0+1 || queued != 1 {
		t.Fatalf("the refused second registration wrote: users +%d, tokens +%d, mails +%d", us-u0, tk-t0, m-m0)
	}
}
