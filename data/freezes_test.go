package data_test

import (
	"context"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/rules"
)

// TestFreezeRowsTakeTheRulesValues: the freezes table takes every reason
// of rules.FreezeReasons and every state of data's; a job queued for a
// later time waits until then (QueueJobAt), one for a past time is due now.
func TestFreezeRowsTakeTheRulesValues(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()
	var userID int64
	if err := db.Pool.QueryRow(ctx, `select id from users where brand_id = 'demo' order by id limit 1`).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	states := []string{data.FreezeApproved, data.FreezeRejected, data.FreezeEnded}
	for i, reason := range rules.FreezeReasons {
		err := db.InTx(ctx, func(tx *data.Tx) error {
			id, err := tx.AddFreeze(data.Freeze{BrandID: "demo", UserID: userID, Reason: reason, Start: "2027-01-01", End: "2027-01-31"}, now)
			if err != nil {
				return err
			}
			return tx.SetFreezeState(id, states[i%len(states)], "", now)
		})
		if err != nil {
			t.Fatalf("%s: %v", reason, err)
		}
	}
	err := db.InTx(ctx, func(tx *data.Tx) error {
		if err := tx.QueueJobAt("freeze-test", "later", map[string]int{}, now.Add(24*time.Hour)); err != nil {
			return err
		}
		return tx.QueueJobAt("freeze-test", "past", map[string]int{}, now.Add(-time.Hour))
	})
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := db.ClaimJobs(ctx, []string{"freeze-test"}, 10, time.Hour, time.Now())
	if err != nil || len(jobs) != 1 || jobs[0].Key != "past" {
		t.Fatalf("due: %+v %v", jobs, err)
	}
}
