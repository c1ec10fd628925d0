package host

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"storefront/data"
	"storefront/outbox"
)

// TestMetricsJobs: /metrics shows the outbox per kind: jobs queued, due
// (the backlog), dead, and this process's attempts by result.
func TestMetricsJobs(t *testing.T) {
	ts := newTestServer(t)
	ctx := context.Background()
	err := ts.db.InTx(ctx, func(tx *data.Tx) error {
		for _, j := range [][2]string{{"invoice", "o1"}, {"refund", "r1"}, {"reminder", "b1"}} {
			if err := tx.QueueJob(j[0], j[1], j[1]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	w := outbox.Start(ts.db, outbox.Options{Poll: 20 * time.Millisecond, MaxAttempts: 1, Observed: ts.jobAttempt, Now: ts.now})
	t.Cleanup(w.Stop)
	w.Handle("invoice", func(context.Context, json.RawMessage) error { return nil })
	w.Handle("refund", func(context.Context, json.RawMessage) error { return errors.New("provider down") })
	want := []string{
		`storefront_job_attempts_total{kind="invoice",result="done"} 1`,
		`storefront_job_attempts_total{kind="refund",result="dead"} 1`,
		`storefront_jobs_dead{kind="refund"} 1`,
		`storefront_jobs_queued{kind="refund"} 0`,
		`storefront_jobs_queued{kind="reminder"} 1`,
		`storefront_jobs_due{kind="reminder"} 1`,
		`storefront_jobs_queued{kind="mail"} 0`,
		`storefront_mail_outbox_depth 0`,
	}
	var body string
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if body = ts.get(t, "/metrics").Body.String(); strings.Contains(body, want[1]) {
			break
		}
	}
	for _, line := range want {
		if !strings.Contains(body, line) {
			t.Errorf("/metrics lacks %s", line)
		}
	}
	if t.Failed() {
		t.Log(body)
	}
}
