package econtract

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"storefront"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/mail"
	"storefront/mail/devbox"
	"storefront/outbox"
	"storefront/rules"
)

// The flow's tests run on the real PostgreSQL (data/dbtest), each on a
// database of its own holding the demo catalogue and its contract.

var signedAt = time.Date(2026, 11, 23, 20, 0, 0, 0, rules.Taipei)

// testShop is every brand's mail identity in the tests.
func testShop(_ context.Context, brandID string) (mail.Brand, error) {
	return mail.Brand{Name: "森活運動館", Colour: "#1B8A7A", Home: "https://shop.example/" + brandID + "/"}, nil
}

// signFixture is a new member of brand demo before its contract.
type signFixture struct {
	db      *data.DB
	f       *Flows
	userID  int64
	form    rules.SigningForm
	version int
	hash    string
}

func newSignFixture(t *testing.T) *signFixture {
	t.Helper()
	ctx := context.Background()
	db := dbtest.NewDemo(t)
	x := &signFixture{db: db, f: &Flows{DB: db, Now: func() time.Time { return signedAt }, Shop: testShop}}
	u, err := db.CreateUser(ctx, data.NewUser{BrandID: "demo", Email: "signer@example.com", Name: "林小安",
		PasswordDigest: "0123456789abcdef0123456789abcdef", CustomValues: map[string]string{}}, signedAt)
	if err != nil {
		t.Fatal(err)
	}
	x.userID = u.ID
	var id int64
	var body string
	if err := db.Pool.QueryRow(ctx, `select t.id, v.version, v.body from contract_templates t join contract_versions v on v.template_id = t.id
		where t.brand_id = 'demo' order by v.version desc limit 1`).Scan(&id, &x.version, &body); err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256([]byte(body))
	x.hash = hex.EncodeToString(h[:])
	x.form = rules.SigningForm{ContractID: id, Version: x.version, TextSHA256: x.hash, SignerName: "某某人",
		Fields: map[string]string{"emergencyContact": "王大明", "emergencyPhone": "0912345678"}, Signature: signatureURL(t)}
	return x
}

// signatureURL is a drawn signature as the page sends it.
func signatureURL(t *testing.T) string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(signaturePNG(t))
}

func (x *signFixture) sign(form rules.SigningForm) (*data.SignedRecord, error) {
	return x.f.Sign(context.Background(), Request{BrandID: "demo", UserID: x.userID, Form: form, ClientAddr: "203.0.113.9",
		UserAgent: "storefront-test/1.0"})
}

func (x *signFixture) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := x.db.Pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// stored counts the signed records, the signing jobs and the mail jobs.
func (x *signFixture) stored(t *testing.T) (records, jobs, mails int) {
	t.Helper()
	return x.count(t, `select count(*) from signed_contracts`), x.count(t, `select count(*) from jobs where kind = $1`, JobSigned),
		x.count(t, `select count(*) from jobs where kind = $1`, data.JobMail)
}

func codeOf(err error) int {
	var e *storefront.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

// TestSignStoresTheRecordAndQueuesOneJob: a signing stores the record,
// with the account as it is, and queues one job of its record; the mail
// (and its PDF) is not composed in the signing's transaction: no mail is
// queued yet.
func TestSignStoresTheRecordAndQueuesOneJob(t *testing.T) {
	x := newSignFixture(t)
	rec, err := x.sign(x.form)
	if err != nil {
		t.Fatal(err)
	}
	if rec.ID == 0 || rec.SignerName != "某某人" || rec.AccountName != "林小安" || rec.AccountEmail != "signer@example.com" ||
		rec.Version != x.version || rec.Fields["emergencyPhone"] != "0912345678" || !rec.SignedAt.Equal(signedAt) {
		t.Errorf("the record: %+v", rec)
	}
	got, err := x.db.SignedContract(context.Background(), x.userID, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.AccountName != "林小安" || got.ClientAddr != "203.0.113.9" || got.UserAgent != "storefront-test/1.0" ||
		hex.EncodeToString(got.TextSHA256) != x.hash || !bytes.Equal(got.Signature, signaturePNG(t)) {
		t.Errorf("the stored record: %+v", got)
	}
	if records, jobs, mails := x.stored(t); records != 1 || jobs != 1 || mails != 0 {
		t.Errorf("stored %d records, %d signing jobs, %d mails; want 1, 1, 0", records, jobs, mails)
	}
	if n := x.count(t, `select count(*) from jobs where kind = $1 and key = $2`, JobSigned, fmt.Sprint(rec.ID)); n != 1 {
		t.Errorf("%d jobs keyed by the record", n)
	}
}

// TestSignRefusals: a signing that is not of the newest text, of no
// contract, or without a required field is refused and stores nothing.
func TestSignRefusals(t *testing.T) {
	x := newSignFixture(t)
	for _, c := range []struct {
		name string
		edit func(f *rules.SigningForm)
		code int
	}{
		{name: "an outdated version", edit: func(f *rules.SigningForm) { f.Version++ }, code: storefront.CodeContractOutdated},
		{name: "a wrong hash", edit: func(f *rules.SigningForm) { f.TextSHA256 = strings.Repeat("ab", 32) }, code: storefront.CodeContractOutdated},
		{name: "an unknown contract", edit: func(f *rules.SigningForm) { f.ContractID = 999999 }, code: storefront.CodeContractNotFound},
		{name: "a required field left empty", edit: func(f *rules.SigningForm) { f.Fields = map[string]string{"emergencyContact": "王大明"} },
			code: storefront.CodeBadRequest},
		{name: "a bad signature", edit: func(f *rules.SigningForm) { f.Signature = "" }, code: storefront.CodeSignatureInvalid},
	} {
		t.Run(c.name, func(t *testing.T) {
			form := x.form
			c.edit(&form)
			if _, err := x.sign(form); codeOf(err) != c.code {
				t.Errorf("err = %v; want code %d", err, c.code)
			}
			if records, jobs, mails := x.stored(t); records+jobs+mails != 0 {
				t.Errorf("stored %d records, %d jobs, %d mails", records, jobs, mails)
			}
		})
	}

	// a new version: the old one, signed as read, is outdated
	if _, err := x.db.Pool.Exec(context.Background(), `insert into contract_versions (template_id, version, title, body, fields)
		select template_id, version + 1, title, body || '<p>第二版</p>', fields from contract_versions where template_id = $1`, x.form.ContractID); err != nil {
		t.Fatal(err)
	}
	if _, err := x.sign(x.form); codeOf(err) != storefront.CodeContractOutdated {
		t.Errorf("signing the old version: %v", err)
	}
	if records, _, _ := x.stored(t); records != 0 {
		t.Errorf("stored %d records", records)
	}
}

// TestSignTwice: a version signed already is refused, with nothing more
// stored or queued.
func TestSignTwice(t *testing.T) {
	x := newSignFixture(t)
	if _, err := x.sign(x.form); err != nil {
		t.Fatal(err)
	}
	if _, err := x.sign(x.form); codeOf(err) != storefront.CodeContractSigned {
		t.Errorf("signing again: %v", err)
	}
	if records, jobs, _ := x.stored(t); records != 1 || jobs != 1 {
		t.Errorf("stored %d records, %d jobs; want 1, 1", records, jobs)
	}
}

// TestConcurrentSignsStoreOne: two signings of one version, held together
// past their checks (a transaction of the test holds the member's row),
// race to the insert: one stores the record, the other is refused.
func TestConcurrentSignsStoreOne(t *testing.T) {
	x := newSignFixture(t)
	ctx := context.Background()
	hold, err := x.db.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Rollback(ctx)
	if _, err := hold.Exec(ctx, `select 1 from users where id = $1 for update`, x.userID); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { _, errs[i] = x.sign(x.form) })
	}
	// both wait on the member's row, past the template's lock and the version check
	for end := time.Now().Add(time.Minute); x.count(t, `select count(*) from pg_stat_activity
		where datname = current_database() and wait_event_type = 'Lock' and query like '%from users%for share%'`) < 2; {
		if time.Now().After(end) {
			t.Fatal("the two signings never both waited on the member")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := hold.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	signed, refused := 0, 0
	for _, err := range errs {
		switch {
		case err == nil:
			signed++
		case codeOf(err) == storefront.CodeContractSigned:
			refused++
		default:
			t.Errorf("a signing failed: %v", err)
		}
	}
	if signed != 1 || refused != 1 {
		t.Errorf("%d signed, %d refused; want 1 and 1", signed, refused)
	}
	if records, jobs, _ := x.stored(t); records != 1 || jobs != 1 {
		t.Errorf("stored %d records, %d jobs; want 1, 1", records, jobs)
	}
}

// TestMailSigned: the signing's job, run by the outbox after the commit,
// mails the member the signed contract, naming the account at signing,
// with the record's PDF attached; run a second time, as after a
// process died mid-job, it queues no second mail, and one mail is sent.
func TestMailSigned(t *testing.T) {
	x := newSignFixture(t)
	ctx := context.Background()
	box, err := devbox.Start(devbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { box.Close() })
	mailer, err := mail.New(mail.Config{Host: box.Host(), Port: box.Port(), From: "no-reply@shop.test", TLS: mail.TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := x.sign(x.form)
	if err != nil {
		t.Fatal(err)
	}
	w := outbox.Start(x.db, outbox.Options{Poll: 20 * time.Millisecond, Backoff: 100 * time.Millisecond, MaxWait: time.Second})
	t.Cleanup(w.Stop)
	x.f.Queued = w.Kick
	w.Handle(JobSigned, x.f.MailSigned)
	w.Handle(data.JobMail, outbox.SendMail(mailer))
	m, ok := box.Wait("signer@example.com", 0, time.Minute)
	if !ok {
		t.Fatal("no mail of the signed contract")
	}
	account := fmt.Sprintf("某某人（會員帳號：林小安，signer@example.com，會員編號 %d）", x.userID)
	if !strings.Contains(m.Subject, "電子合約") || !strings.Contains(m.Text, account) || !strings.Contains(m.Text, "https://shop.example/demo/user") {
		t.Errorf("the mail: %q\n%s", m.Subject, m.Text)
	}
	if len(m.Attachments) != 1 || m.Attachments[0].Name != fmt.Sprintf("contract-%d.pdf", rec.ID) || m.Attachments[0].Type != "application/pdf" {
		t.Fatalf("the attachments: %+v", m.Attachments)
	}
	stored, err := x.db.SignedContract(ctx, x.userID, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := SignedPDF("森活運動館", stored)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m.Attachments[0].Content, pdf) {
		t.Errorf("the attachment is not the record's PDF")
	}

	// the job again, as a process that died before recording it done
	var payload json.RawMessage
	if err := x.db.Pool.QueryRow(ctx, `select payload from jobs where kind = $1`, JobSigned).Scan(&payload); err != nil {
		t.Fatal(err)
	}
	if err := x.f.MailSigned(ctx, payload); err != nil {
		t.Fatal(err)
	}
	w.Kick()
	for end := time.Now().Add(time.Minute); x.count(t, `select count(*) from jobs where done_at is null`) > 0; {
		if time.Now().After(end) {
			t.Fatal("the jobs were never done")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if _, _, mails := x.stored(t); mails != 1 {
		t.Errorf("%d mails queued; want 1", mails)
	}
	if n := len(box.Messages()); n != 1 {
		t.Errorf("%d mails sent; want 1", n)
	}
}
