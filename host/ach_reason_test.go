package host

import (
	"context"
	"testing"

	"storefront/data"
	"storefront/providers"
)

// TestApprovedMandateCarriesNoFailureText: the bank approves an ACH
// mandate (its answer gives no reason): the mandate, stored and as the
// order result shows it, is approved with no failure text; a rejected
// one keeps the bank's reason.
func TestApprovedMandateCarriesNoFailureText(t *testing.T) {
	s := deferredShop(t)
	ctx := context.Background()
	for _, c := range []struct {
		name, account, state, reason string
	}{
		{name: "approved", account: providers.ACHTestApproved, state: data.ACHApproved, reason: ""},
		{name: "rejected", account: providers.ACHTestInsufficient, state: data.ACHRejected, reason: "存款不足"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := s.achPay(t, s.achBody(t, "季卡通行卡", c.account))
			if took, err := s.achSandbox.Answer(ctx, a.OrderNo, true); err != nil || !took {
				t.Fatalf("the shop did not take the answer: %v", err)
			}
			m, err := s.db.ACHMandate(ctx, a.OrderNo)
			if err != nil {
				t.Fatal(err)
			}
			shown := s.result(t, a.OrderNo).Deferred.ACH
			if m.State != c.state || m.Reason != c.reason || shown.State != c.state || shown.Reason != c.reason {
				t.Errorf("stored %s %q, shown %s %q; want %s %q", m.State, m.Reason, shown.State, shown.Reason, c.state, c.reason)
			}
		})
	}
}
