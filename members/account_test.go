package members

import (
	"context"
	"errors"
	"storefront"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/rules"
)

// personalColumn is a column of a base table that may hold text.
type personalColumn struct{ Table, Column, Kind string }

// textColumns lists every column of every table of the database that can
// hold a person's data as text: text, varchar, char, json, jsonb, bytea
// and arrays of text.
func textColumns(t *testing.T, db *data.DB) []personalColumn {
	t.Helper()
	rows, err := db.Pool.Query(context.Background(), `select c.Table_name, c.Column_name, c.data_type
		from information_schema.columns c join information_schema.tables t
		  on t.table_schema = c.Table_schema and t.table_name = c.Table_name and t.table_type = 'BASE TABLE'
		where c.Table_schema = 'public' and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea')
		   or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
		order by 1, 2`)
	if err != nil {
		t.Fatal(err)
	}
	cols, err := pgx.CollectRows(rows, pgx.RowToStructByPos[personalColumn])
	if err != nil || len(cols) < 20 {
		t.Fatalf("%d text columns (%v)", len(cols), err)
	}
	return cols
}

// holding lists the columns of cols where some row holds value: its text
// (a bytea: its bytes) contains it.
func holding(t *testing.T, db *data.DB, cols []personalColumn, value string) []string {
	t.Helper()
	var found []string
	for _, c := range cols {
		cond := `strpos(` + pgx.Identifier{c.Column}.Sanitize() + `::text, $1) > 0`
		if c.Kind == "bytea" {
			cond = `position(convert_to($1, 'UTF8') in ` + pgx.Identifier{c.Column}.Sanitize() + `) > 0`
		}
		if dbtest.Count(t, db, `select count(*) from `+pgx.Identifier{c.Table}.Sanitize()+` where `+cond, value) > 0 {
			found = append(found, c.Table+"."+c.Column)
		}
	}
	return found
}

// TestDeleteAccountKeepsNoPersonalData deletes a member who has a session,
// a future booking, a paid order, a recurring plan, a signed contract,
// wrong passwords counted and a mail queued; then no column of any table
// holds their name, e-mail, phone, birthday or other custom values, except
// the signed contract's snapshot kept as evidence; the orders are intact,
// the sessions ended, the seat freed, the plan's end queued; the e-mail may
// register again, the phone may not.
func TestDeleteAccountKeepsNoPersonalData(t *testing.T) {
	f, _, _ := newFlows(t)
	f.PhoneKey = []byte("0123456789abcdef0123456789abcdef")
	db, ctx := f.DB, context.Background()
	b, err := db.LoadBrand(ctx, "demo")
	if err != nil {
		t.Fatal(err)
	}
	personal := map[string]string{
		"name": "林艾咪", "email": "amy.deleted@example.com", "phone": "0965432187",
		"birthday": "1990-01-02", "emergencyContact": "林大艾 0933111222", "mobile barcode": "/AMY+987",
	}
	u, err := f.Register(ctx, b, shop, Registration{Email: "Amy.Deleted@Example.com", Password: md5hex("secret-1"), Name: personal["name"],
		CustomFields: map[string]string{"phone": "0965-432-187", "birthday": personal["birthday"], "gender": "女", "emergencyContact": personal["emergencyContact"]},
		AcceptTerms:  true})
	if err != nil {
		t.Fatal(err)
	}
	now := f.Now()
	session, err := db.CreateSession(ctx, "demo", u.ID, "Mozilla/5.0 (iPhone; Amy's phone)", now)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.RecordFailure(ctx, data.AccountThrottleKey("demo", u.Email), rules.AccountLimits, now); err != nil {
		t.Fatal(err)
	}
	var schedule, booked, orderID, planID, contractID int64
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := db.Pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	row := func(sql string, into any, args ...any) {
		t.Helper()
		if err := db.Pool.QueryRow(ctx, sql, args...).Scan(into); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	row(`select id from course_schedules where brand_id = 'demo' and booked < capacity
		and (date + start_time) at time zone 'Asia/Taipei' > $1 order by date, start_time limit 1`, &schedule, now)
	exec(`update course_schedules set booked = booked + 1 where id = $1`, schedule)
	row(`insert into orders (brand_id, user_id, number, kind, amount, state, pay_way, provider, expires_at, paid_at, invoice_kind, invoice_code)
		values ('demo', $1, 'DELETEDORDER01', 'item', 1800, 'paid', '2', 'newebpay', $2, $2, 'mobile', $3) returning id`, &orderID, u.ID, now, personal["mobile barcode"])
	// the invoice choice remembered for the next checkout
	exec(`insert into invoice_choices (user_id, kind, code, updated_at) values ($1, 'mobile', $2, $3)`, u.ID, personal["mobile barcode"], now)
	row(`insert into bookings (brand_id, user_id, schedule_id, starts_at, ends_at, pay_kind, order_id)
		select 'demo', $1, id, (date + start_time) at time zone 'Asia/Taipei', (date + end_time) at time zone 'Asia/Taipei', 'order', $3
		from course_schedules where id = $2 returning id`, new(int64), u.ID, schedule, orderID)
	row(`select booked from course_schedules where id = $1`, &booked, schedule)
	row(`insert into orders (brand_id, user_id, number, kind, amount, state, pay_way, provider, expires_at, paid_at)
		values ('demo', $1, 'DELETEDPLAN001', 'plan', 999, 'paid', '1', 'newebpay', $2, $2) returning id`, &planID, u.ID, now)
	exec(`insert into recurring_plans (order_id, amount, period_type, period_point, periods, paid_periods, updated_at)
		values ($1, 999, 'M', '05', 12, 1, $2)`, planID, now)
	exec(`insert into recurring_mandates (order_id, mer_order_no, start_type, base, times, state, period_no, created_at, activated_at)
		values ($1, 'DELETEDPLAN001', 1, 0, 12, 'active', 'P2026112700001', $2, $2)`, planID, now)
	row(`insert into signed_contracts (brand_id, user_id, template_id, version, text_sha256, signature_png, signer_name,
			fields, account_name, account_email, signed_at)
		select 'demo', $1, template_id, version, sha256('text'), '\x89504e470d0a1a0a'::bytea, $2, jsonb_build_object('phone', $3::text), $2, $4, $5
		from contract_versions order by template_id, version limit 1 returning id`, &contractID, u.ID, personal["name"], personal["phone"], u.Email, now)

	revoked, err := f.DeleteAccount(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	if len(revoked) != 1 {
		t.Errorf("%d sessions revoked; want 1", len(revoked))
	}

	// no column holds the member's data but the signed contract's evidence
	// and the carrier a paid order's invoice went to (an accounting record)
	evidence := map[string]bool{"signed_contracts.signer_name": true, "signed_contracts.account_name": true,
		"signed_contracts.account_email": true, "signed_contracts.fields": true, "orders.invoice_code": true, "invoices.code": true}
	cols := textColumns(t, db)
	for what, v := range personal {
		var left []string
		for _, c := range holding(t, db, cols, v) {
			if !evidence[c] {
				left = append(left, c)
			}
		}
		if len(left) > 0 {
			t.Errorf("after the deletion, the member's %s %q is still in %v", what, v, left)
		}
	}
	for _, user := range []string{"Mozilla/5.0 (iPhone; Amy's phone)"} {
		if left := holding(t, db, cols, user); len(left) > 0 {
			t.Errorf("the session's user agent is still in %v", left)
		}
	}
	// the signed contract stays as signed, with its account snapshot
	if n := dbtest.Count(t, db, `select count(*) from signed_contracts where id = $1 and account_name = $2 and account_email = $3
		and signature_png = '\x89504e470d0a1a0a'::bytea`, contractID, personal["name"], personal["email"]); n != 1 {
		t.Errorf("the signed contract's snapshot was not kept")
	}
	// the orders are intact, and still the member's (by number)
	if n := dbtest.Count(t, db, `select count(*) from orders where user_id = $1 and state = 'paid'
		and ((id = $2 and amount = 1800) or (id = $3 and amount = 999))`, u.ID, orderID, planID); n != 2 {
		t.Errorf("%d of the 2 orders intact", n)
	}
	// the sessions ended, the future booking was cancelled and its seat freed
	if _, err := db.SessionByID(ctx, session, now); !errors.Is(err, data.ErrNoSession) {
		t.Errorf("the session after the deletion: %v", err)
	}
	if n := dbtest.Count(t, db, `select count(*) from bookings where user_id = $1 and status = 'booked'`, u.ID); n != 0 {
		t.Errorf("%d bookings still booked", n)
	}
	if n := dbtest.Count(t, db, `select booked from course_schedules where id = $1`, schedule); n != int(booked)-1 {
		t.Errorf("the session's seats booked: %d; want %d", n, booked-1)
	}
	// the recurring plan is ended at NewebPay by a job
	if n := dbtest.Count(t, db, `select count(*) from jobs where kind = $1 and key = 'DELETEDPLAN001' and done_at is null
		and payload = '{"brandId": "demo", "number": "DELETEDPLAN001"}'::jsonb`, data.JobEndPlan); n != 1 {
		t.Errorf("%d jobs ending the plan; want 1", n)
	}
	// unsent mails to the member are not sent
	if n := dbtest.Count(t, db, `select count(*) from jobs where kind = 'mail' and payload->>'userId' = $1::bigint::text and done_at is null`, u.ID); n != 0 {
		t.Errorf("%d mails to the deleted member still to be sent", n)
	}
	// deleting it again: the member is gone
	if _, err := f.DeleteAccount(ctx, u); storefront.AsError(err).Code != storefront.CodeMemberNotFound {
		t.Errorf("a second deletion: %v", err)
	}

	// the e-mail registers again; the phone is refused by its hash
	again := Registration{Email: personal["email"], Password: md5hex("secret-2"), Name: "林艾咪",
		CustomFields: map[string]string{"phone": "0965-432-180", "birthday": "1990-01-02"}, AcceptTerms: true}
	if _, err := f.Register(ctx, b, shop, again); err != nil {
		t.Fatalf("the deleted member's e-mail registering again: %v", err)
	}
	again.Email, again.CustomFields["phone"] = "someone.else@example.com", "0965-432-187"
	_, err = f.Register(ctx, b, shop, again)
	if e := storefront.AsError(err); e.Code != storefront.CodeAccountDeleted || e.Field != "customFields.phone" {
		t.Errorf("the deleted member's phone registering again: %v", err)
	}
	// under another key the hash does not match: the key is what is kept
	other := *f
	other.PhoneKey = []byte(strings.Repeat("k", 32))
	again.Email = "third@example.com"
	if _, err := other.Register(ctx, b, shop, again); err != nil {
		t.Errorf("under another key: %v", err)
	}
}

// TestPurgeDeletedPastRetention: a deleted account whose orders and signed
// contracts are all past retention goes with them; one with a record
// still within retention stays, as does an account not deleted.
func TestPurgeDeletedPastRetention(t *testing.T) {
	f, c, _ := newFlows(t)
	db, ctx := f.DB, context.Background()
	c.now = time.Date(2033, 3, 1, 10, 0, 0, 0, rules.Taipei)
	ids := map[string]int64{}
	for _, who := range []struct {
		key, deleted, order string
	}{
		{"old", "2026-05-01", "2026-04-01"},    // deleted and bought in 2026: past
		{"recent", "2026-05-01", "2027-02-01"}, // a 2027 order: kept through 2033
		{"member", "", "2020-01-01"},           // not deleted
	} {
		var id int64
		err := db.Pool.QueryRow(ctx, `insert into users (brand_id, email, name, password_hash, deleted_at)
			values ('demo', $1, '-', '!', nullif($2, '')::timestamptz) returning id`,
			"purge-"+who.key+"@deleted.invalid", who.deleted).Scan(&id)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Pool.Exec(ctx, `insert into orders (brand_id, user_id, number, kind, amount, state, pay_way, provider,
				expires_at, paid_at, created_at, updated_at)
			values ('demo', $1, $2, 'item', 500, 'paid', '2', 'newebpay', $3::timestamptz, $3::timestamptz, $3::timestamptz, $3::timestamptz)`,
			id, "PURGE"+strings.ToUpper(who.key)+"000001", who.order); err != nil {
			t.Fatal(err)
		}
		ids[who.key] = id
	}
	n, err := f.PurgeDeleted(ctx)
	if err != nil || n != 1 {
		t.Fatalf("purged %d (%v); want 1", n, err)
	}
	for key, want := range map[string]int{"old": 0, "recent": 1, "member": 1} {
		if got := dbtest.Count(t, db, `select count(*) from users u join orders o on o.user_id = u.id where u.id = $1`, ids[key]); got != want {
			t.Errorf("%s: %d accounts with their order; want %d", key, got, want)
		}
	}
	// a year later, the 2027 order is past retention too
	c.now = c.now.AddDate(1, 0, 0)
	if n, err := f.PurgeDeleted(ctx); err != nil || n != 1 {
		t.Errorf("a year later purged %d (%v); want 1", n, err)
	}
}

// TestHashDeletedPhones: an account deleted by hand before the program
// deleted accounts (its phone in clear, which the constraint now refuses
// to new rows) gets its phone replaced by the keyed hash at start, and the
// phone still cannot register.
func TestHashDeletedPhones(t *testing.T) {
	f, _, _ := newFlows(t)
	f.PhoneKey = []byte("0123456789abcdef0123456789abcdef")
	db, ctx := f.DB, context.Background()
	if _, err := db.Pool.Exec(ctx, `alter table users drop constraint users_deleted_no_phone`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `insert into users (brand_id, email, name, phone, password_hash, deleted_at)
		values ('demo', 'by-hand@example.com', '手動刪除', '0955666777', 'x', now())`); err != nil {
		t.Fatal(err)
	}
	if n, err := f.HashDeletedPhones(ctx); err != nil || n != 1 {
		t.Fatalf("hashed %d (%v); want 1", n, err)
	}
	if n := dbtest.Count(t, db, `select count(*) from users where phone = '0955666777'`); n != 0 {
		t.Errorf("%d rows still hold the phone", n)
	}
	if n, err := f.HashDeletedPhones(ctx); err != nil || n != 0 {
		t.Errorf("a second start hashed %d (%v); want 0", n, err)
	}
	b, err := db.LoadBrand(ctx, "demo")
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.Register(ctx, b, shop, Registration{Email: "new-owner@example.com", Password: md5hex("secret-1"), Name: "新主人",
		CustomFields: map[string]string{"phone": "0955-666-777"}, AcceptTerms: true})
	if storefront.AsError(err).Code != storefront.CodeAccountDeleted {
		t.Errorf("the hand-deleted account's phone registering: %v", err)
	}
}
