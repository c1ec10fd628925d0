package host

import (
	"storefront"
	"testing"
)

// TestDeleteAccountAPI: a member deletes their account with their
// password: a wrong one is refused and changes nothing; the right one ends
// every session of the account (this browser's and another's), the member
// can no longer log in, and the e-mail registers again.
func TestDeleteAccountAPI(t *testing.T) {
	ts := newMemberServer(t)
	b, other := ts.browser(), ts.browser()
	wantCode(t, b.post(t, "/api/session/register", demoRegistration("leaving@example.com")), 200, 0)
	login(t, other, "demo", "leaving@example.com", "secret-1")
	del := func(password string) map[string]any {
		return map[string]any{"brandId": "demo", "password": password}
	}

	wantCode(t, b.post(t, "/api/user/delete", del(md5hex("wrong-1"))), 401, storefront.CodeWrongPassword)
	wantCode(t, b.post(t, "/api/user/delete", del("not a digest")), 401, storefront.CodeWrongPassword)
	wantCode(t, b.get(t, "/api/user/userInfo?brandId=demo"), 200, 0)

	wantCode(t, b.post(t, "/api/user/delete", del(md5hex("secret-1"))), 200, 0)
	// this browser's cookies are cleared; the other's session is over
	wantCode(t, b.get(t, "/api/user/userInfo?brandId=demo"), 401, storefront.CodeLoginRequired)
	wantCode(t, other.get(t, "/api/user/userInfo?brandId=demo"), 403, storefront.CodeSessionInvalid)
	w, _ := login(t, ts.browser(), "demo", "leaving@example.com", "secret-1")
	wantCode(t, w, 401, storefront.CodeWrongPassword)
	// the e-mail is free; the phone is not
	wantCode(t, ts.browser().post(t, "/api/session/register", with(demoRegistration("leaving@example.com"), "customFields",
		map[string]string{"phone": "0912-000-112", "birthday": "1990-05-17"})), 200, 0)
	wantCode(t, ts.browser().post(t, "/api/session/register", demoRegistration("someone@example.com")), 409, storefront.CodeAccountDeleted)
	// without a session, nothing is deleted
	wantCode(t, ts.browser().post(t, "/api/user/delete", del(md5hex("secret-1"))), 401, storefront.CodeLoginRequired)
}

// TestDeleteAccountEndsRecurringPlan: a member paying a monthly plan by
// NewebPay's periodic payment deletes their account: the outbox's job
// terminates the mandate at NewebPay (the sandbox) and records it; the
// order stays, paid.
func TestDeleteAccountEndsRecurringPlan(t *testing.T) {
	s := recurringShop(t)
	orderNo, mandate := s.paidPlan(t)
	sb := s.newebpaySandbox
	if st := sb.MandateState(mandate); st != "active" {
		t.Fatalf("the mandate is %q at NewebPay before the deletion", st)
	}
	wantCode(t, s.b.post(t, "/api/user/delete", map[string]any{"brandId": "plan", "password": md5hex("demo1234")}), 200, 0)
	waitFor(t, "the mandate terminated at NewebPay and recorded", func() bool {
		return sb.MandateState(mandate) == "terminated" &&
			s.count(t, `select count(*) from recurring_mandates where mer_order_no = $1 and state = 'terminated'`, mandate) == 1
	})
	if n := s.count(t, `select count(*) from orders where number = $1 and state = 'paid'`, orderNo); n != 1 {
		t.Errorf("the plan's order after the deletion: %d paid", n)
	}
}
