package data_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/data"
	"storefront/data/dbtest"
)

// TestJobsMigrationKeepsQueuedMails: the mails of the mail outbox before
// the job outbox, sent or not, become mail jobs: an unsent one is claimed
// and decodes to the same mail (attachment bytes and all), a sent one
// stays sent, and a newer mail of the same purpose still replaces an
// unsent one.
func TestJobsMigrationKeepsQueuedMails(t *testing.T) {
	ctx := context.Background()
	name := fmt.Sprintf("sf_test_%d_jobs_migration", os.Getpid())
	admin, err := pgx.Connect(ctx, dbtest.ServerURL())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "drop database if exists "+name+" with (force)"); err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(ctx, "create database "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec(context.Background(), "drop database if exists "+name+" with (force)") })
	u, _ := url.Parse(dbtest.ServerURL())
	u.Path = "/" + name
	conn, err := pgx.Connect(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	if err := data.MigrateTo(ctx, conn, 18); err != nil {
		t.Fatal(err)
	}
	ics := bytes.Repeat([]byte("BEGIN:VCALENDAR\r\n"), 20) // longer than a base64 line
	var userID int64
	err = conn.QueryRow(ctx, `with b as (insert into brands (id, name) values ('demo', 'Demo') returning id)
		insert into users (brand_id, email, name, password_hash) select id, 'amy@example.com', 'Amy', 'x' from b returning id`).Scan(&userID)
	if err != nil {
		t.Fatal(err)
	}
	_, err = conn.Exec(ctx, `insert into mail_outbox (purpose, user_id, to_addr, from_name, subject, text_body, html_body,
			attachment_name, attachment_type, attachment, unsubscribe_url, attempts, last_error)
		values ('verify', $1, 'amy@example.com', '森活', '驗證', 'code 1', '<p>1</p>', 'a.ics', 'text/calendar', $2, 'http://u', 3, 'smtp down'),
			('', null, 'bo@example.com', '', '收據', '', '', '', '', null, '', 1, null)`, userID, ics)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `update mail_outbox set sent_at = now() where to_addr = 'bo@example.com'`); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)

	db, err := data.Open(ctx, u.String(), "", slog.New(slog.DiscardHandler)) // the remaining migrations
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	js, err := db.ClaimJobs(ctx, []string{data.JobMail}, 10, time.Hour, time.Now())
	if err != nil || len(js) != 1 {
		t.Fatalf("claimed %d mails, %v; want the unsent one", len(js), err)
	}
	var m data.Mail
	if err := json.Unmarshal(js[0].Payload, &m); err != nil {
		t.Fatal(err)
	}
	want := data.Mail{To: "amy@example.com", FromName: "森活", Subject: "驗證", Text: "code 1", HTML: "<p>1</p>", UserID: userID,
		Purpose: "verify", Attachment: data.Attachment{Name: "a.ics", ContentType: "text/calendar", Content: ics}, Unsubscribe: "http://u"}
	if fmt.Sprint(m) != fmt.Sprint(want) || js[0].Attempts != 4 {
		t.Errorf("migrated mail %+v (attempts %d);\nwant %+v (attempts 4)", m, js[0].Attempts, want)
	}
	if n := dbtest.Count(t, db, `select count(*) from mail_outbox where sent_at is not null and subject = '收據'`); n != 1 {
		t.Errorf("%d sent mails after the migration; want 1", n)
	}
	if n := dbtest.Count(t, db, `select count(*) from mail_outbox where last_error = 'smtp down'`); n != 1 {
		t.Errorf("the last error is kept %d times; want 1", n)
	}
	// a newer verification mail replaces the migrated unsent one
	err = db.InTx(ctx, func(tx *data.Tx) error {
		return tx.QueueMail(data.Mail{To: "amy@example.com", Subject: "驗證", Text: "code 2", UserID: userID, Purpose: "verify"})
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := dbtest.Count(t, db, `select count(*) from mail_outbox where sent_at is null`); n != 1 {
		t.Errorf("%d unsent mails after a newer one of the same purpose; want 1", n)
	}
	// the migrated mails keep their ids, new jobs take the next ones
	if n := dbtest.Count(t, db, `select count(*) from mail_outbox where (id = 2 and subject = '收據') or (id = 3 and text_body = 'code 2')`); n != 2 {
		t.Errorf("ids: %d of the migrated and the new mail as expected; want 2", n)
	}
}
