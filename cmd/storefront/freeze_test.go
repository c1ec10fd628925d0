package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
)

func runFreeze(t *testing.T, getenv func(string) string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := freezeCommand(context.Background(), args, getenv, &out, &errOut)
	return out.String() + errOut.String(), err
}

// TestFreezeCommand: an operator lists a brand's freeze requests (with
// the day each must be decided by), approves one (the member's pass ends
// ten days later; the decision's mail and the plan jobs are queued) and
// rejects another with a note; a rejection without a note, a second
// decision and an unknown id are refused. The approved freeze ended early
// (`end --on`) moves the pass's end back by the days no longer frozen, the
// plans' restart to that day, and mails the member; an end outside the
// freeze, of a rejected one or with a bad day is refused.
func TestFreezeCommand(t *testing.T) {
	db, getenv := catalogueEnv(t)
	ctx := context.Background()
	var user int64
	err := db.Pool.QueryRow(ctx, `with b as (insert into brands (id, name) values ('demo', 'Demo'))
		insert into users (brand_id, email, name, password_hash) values ('demo', 'm@example.com', '會員', 'x') returning id`).Scan(&user)
	if err != nil {
		t.Fatal(err)
	}
	var approveID, rejectID int64
	err = db.Pool.QueryRow(ctx, `with p as (insert into member_passcards (brand_id, user_id, name, starts_on, ends_on)
			values ('demo', $1, '月卡', '2027-02-01', '2027-04-30')),
		a as (insert into freezes (brand_id, user_id, reason, evidence, starts_on, ends_on, created_at)
			values ('demo', $1, 'injury', '骨折，附診斷證明', '2027-03-01', '2027-03-10', '2027-02-26 10:00+08') returning id)
		insert into freezes (brand_id, user_id, reason, evidence, starts_on, ends_on, created_at)
			values ('demo', $1, 'military', '兵單', '2027-06-01', '2027-09-30', now()) returning id, (select id from a)`, user).Scan(&rejectID, &approveID)
	if err != nil {
		t.Fatal(err)
	}

	out, err := runFreeze(t, getenv, "list", "demo")
	if err != nil || !strings.Contains(out, "injury    2027-03-01  2027-03-10  2027-03-09") || !strings.Contains(out, "military") {
		t.Fatalf("list: %v\n%s", err, out)
	}
	if _, err := runFreeze(t, getenv, "reject", "1"); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Errorf("a rejection without --note: %v", err)
	}
	if _, err := runFreeze(t, getenv, "approve", "999999"); err == nil || !strings.Contains(err.Error(), "找不到這筆暫停會籍申請") {
		t.Errorf("an unknown id: %v", err)
	}

	out, err = runFreeze(t, getenv, "approve", fmt.Sprint(approveID), "--note", "早日康復")
	if err != nil || !strings.Contains(out, "approved (2027-03-01 to 2027-03-10, m@example.com)") {
		t.Fatalf("approve: %v\n%s", err, out)
	}
	var end string
	var jobs int
	err = db.Pool.QueryRow(ctx, `select to_char(ends_on, 'YYYY-MM-DD'), (select count(*) from jobs where key = $2)
		from member_passcards where user_id = $1`, user, fmt.Sprint(approveID)).Scan(&end, &jobs)
	if err != nil || end != "2027-05-10" || jobs != 3 {
		t.Fatalf("after approval: the pass ends %s, %d jobs (%v)", end, jobs, err)
	}
	if _, err := runFreeze(t, getenv, "approve", fmt.Sprint(approveID)); err == nil || !strings.Contains(err.Error(), "已審核") {
		t.Errorf("approving again: %v", err)
	}

	out, err = runFreeze(t, getenv, "reject", fmt.Sprint(rejectID), "--note", "請附兵單正本")
	if err != nil || !strings.Contains(out, "rejected") {
		t.Fatalf("reject: %v\n%s", err, out)
	}
	err = db.Pool.QueryRow(ctx, `select to_char(ends_on, 'YYYY-MM-DD'), (select count(*) from jobs where key = $2)
		from member_passcards where user_id = $1`, user, fmt.Sprint(rejectID)).Scan(&end, &jobs)
	if err != nil || end != "2027-05-10" || jobs != 1 {
		t.Fatalf("after the rejection: the pass ends %s, %d jobs (%v)", end, jobs, err)
	}
	if out, _ := runFreeze(t, getenv, "list", "demo"); strings.Contains(out, "military") || !strings.Contains(out, "approved") {
		t.Errorf("list after the decisions:\n%s", out)
	}

	// a freeze over before it was decided ends at once: no plan to suspend
	var pastID int64
	err = db.Pool.QueryRow(ctx, `insert into freezes (brand_id, user_id, reason, evidence, starts_on, ends_on, created_at)
		values ('demo', $1, 'injury', '感冒', current_date - 10, current_date - 8, now() - interval '12 days') returning id`, user).Scan(&pastID)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := runFreeze(t, getenv, "approve", fmt.Sprint(pastID)); err != nil || !strings.Contains(out, "ended") {
		t.Fatalf("approving a freeze already over: %v\n%s", err, out)
	}
	if err := db.Pool.QueryRow(ctx, `select count(*) from jobs where key = $1`, fmt.Sprint(pastID)).Scan(&jobs); err != nil || jobs != 1 {
		t.Errorf("a freeze already over queued %d jobs (%v), want the mail's only", jobs, err)
	}

	// the approved freeze ended early: the member is back on 2027-03-05
	for _, bad := range [][]string{{"end", fmt.Sprint(approveID), "--on", "2027-03-01"}, {"end", fmt.Sprint(approveID), "--on", "2027-03-11"},
		{"end", fmt.Sprint(rejectID)}, {"end", fmt.Sprint(approveID), "--on", "5 March"}, {"approve", fmt.Sprint(rejectID), "--on", "2027-03-05"}} {
		if out, err := runFreeze(t, getenv, bad...); err == nil {
			t.Errorf("%v: accepted\n%s", bad, out)
		}
	}
	out, err = runFreeze(t, getenv, "end", fmt.Sprint(approveID), "--on", "2027-03-05")
	if err != nil || !strings.Contains(out, "approved (2027-03-01 to 2027-03-04, m@example.com)") {
		t.Fatalf("end: %v\n%s", err, out)
	}
	var restart string
	err = db.Pool.QueryRow(ctx, `select to_char(p.ends_on, 'YYYY-MM-DD'), to_char(j.next_at at time zone 'Asia/Taipei', 'YYYY-MM-DD HH24:MI'),
			(select count(*) from jobs where kind = 'freeze-decided' and key = $2 || ':ended:2027-03-04')
		from member_passcards p, jobs j where p.user_id = $1 and j.kind = 'freeze-end' and j.key = $2`, user, fmt.Sprint(approveID)).Scan(&end, &restart, &jobs)
	if err != nil || end != "2027-05-04" || restart != "2027-03-05 00:00" || jobs != 1 {
		t.Fatalf("after the early end: the pass ends %s, the plans restart %s, %d mails (%v)", end, restart, jobs, err)
	}
}
