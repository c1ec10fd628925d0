package host

import (
	"context"
	"net/http"
	"net/http/httptest"
	"storefront"
	"storefront/data"
	"strconv"
	"testing"
)

// TestPointShare: a member shares points of a point ticket with another
// member of the brand: taken and given in one transaction, never more
// than held, once per Idempotency-Key; bad inputs are clear errors.
func TestPointShare(t *testing.T) {
	ts := newBookingServer(t)
	ticket := ts.id(t, `select id from member_tickets where user_id = $1 and ticket_type = 'onlinePoint' and remain > 0 order by id limit 1`, ts.me.id)
	held := ts.id(t, `select remain from member_tickets where id = $1`, ticket)
	daanEmail := "member2@example.com"
	yogaID := ts.id(t, `select id from users where brand_id = 'yoga' and email = 'member@example.com'`)
	yoga, err := ts.db.CreateSession(context.Background(), "yoga", yogaID, "test", ts.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	share := func(name, key string, points any, account string, status, code int) scenario {
		h := append(ts.me.auth(), "Idempotency-Key", key)
		if key == "" {
			h = ts.me.auth()
		}
		return scenario{Name: name, Method: http.MethodPost, Path: "/api/user/pointShare", Header: h,
			Body: map[string]any{"brandId": "demo", "ticketId": ticket, "account": account, "points": points}, Status: status, Code: code}
	}
	runScenarios(t, ts, []scenario{
		{Name: "the info", Path: "/api/user/getPointShareInfo?brandId=demo&account=" + daanEmail, Header: ts.me.auth(), Status: 200,
			Contains: []string{`"shareable":[`, `"id":` + strconv.FormatInt(ticket, 10), `"recipient":"陳○文"`}},
		{Name: "info needs a login", Path: "/api/user/getPointShareInfo?brandId=demo", Status: 401, Code: storefront.CodeLoginRequired},
		{Name: "a brand without plan sharing", Path: "/api/user/getPointShareInfo?brandId=yoga", Header: []string{"Authorization", yoga},
			Status: 403, Code: storefront.CodeForbidden},
		{Name: "an unknown account", Path: "/api/user/getPointShareInfo?brandId=demo&account=nobody@example.com", Header: ts.me.auth(),
			Status: 404, Code: storefront.CodeAccountNotFound},
		{Name: "a bad account", Path: "/api/user/getPointShareInfo?brandId=demo&account=xyz", Header: ts.me.auth(), Status: 400, Code: storefront.CodeBadRequest},
		share("no Idempotency-Key", "", 1, daanEmail, 400, storefront.CodeBadRequest),
		share("zero points", "k0", 0, daanEmail, 400, storefront.CodeBadRequest),
		share("points not a number", "k0", "x", daanEmail, 400, storefront.CodeBadRequest),
		share("to oneself", "k0", 1, "member@example.com", 400, storefront.CodeBadRequest),
		share("to no one", "k0", 1, "nobody@example.com", 404, storefront.CodeAccountNotFound),
		share("more than held", "k0", held+1, daanEmail, 409, storefront.CodeNotEnoughPoints),
		share("two points", "k1", 2, daanEmail, 200, 0),
		share("the same request again", "k1", 2, daanEmail, 200, 0),
	})
	if got := ts.id(t, `select remain from member_tickets where id = $1`, ticket); got != held-2 {
		t.Errorf("the sender holds %d; want %d (shared once)", got, held-2)
	}
	if got := ts.id(t, `select coalesce(sum(remain), 0) from member_tickets t join point_shares s on s.to_ticket = t.id where t.user_id = $1`, ts.daan.id); got != 2 {
		t.Errorf("the receiver got %d points; want 2", got)
	}
	scenario{Name: "the receiver sees it", Path: "/api/user/getPointShareInfo?brandId=demo", Header: ts.daan.auth(), Status: 200,
		Contains: []string{`"direction":"received"`, `"points":2`}}.run(t, ts)
}

// TestTicketListAndRegistration: the ticket service's list, registering during
// checkout and joining with another brand's account, with bad inputs.
func TestTicketListAndRegistration(t *testing.T) {
	ts := newBookingServer(t)
	reg := map[string]any{"brandId": "demo", "email": "buyer@example.com", "password": md5hex("secret123"), "name": "新買家",
		"acceptTerms": true, "customFields": map[string]string{"phone": "0912-000-222", "birthday": "1991-03-04"}}
	runScenarios(t, ts, []scenario{
		{Name: "the ticket list", Path: "/api/user/getNewposTicketList?brandId=demo", Header: ts.me.auth(), Status: 200,
			Contains: []string{`"tickets":[`, "團課 10 堂計次卡", `"pageNumber":1`}},
		{Name: "used-up tickets only", Path: "/api/user/getNewposTicketList?brandId=demo&status=usedUp", Header: ts.me.auth(), Status: 200,
			Absent: []string{"團課 10 堂計次卡"}},
		{Name: "a bad status", Path: "/api/user/getNewposTicketList?brandId=demo&status=x", Header: ts.me.auth(), Status: 400, Code: storefront.CodeBadRequest},
		{Name: "a bad page", Path: "/api/user/getNewposTicketList?brandId=demo&pageNumber=0", Header: ts.me.auth(), Status: 400, Code: storefront.CodeBadRequest},
		{Name: "the list needs a login", Path: "/api/user/getNewposTicketList?brandId=demo", Status: 401, Code: storefront.CodeLoginRequired},
		{Name: "register during checkout", Method: http.MethodPost, Path: "/api/session/purchaseVerify/register", Body: reg, Status: 200,
			Contains: []string{`"user":{`, "buyer@example.com"},
			Check: func(t *testing.T, w *httptest.ResponseRecorder) {
				if !hasCookie(w, "web_ec_sessionId") {
					t.Error("not logged in")
				}
			}},
		{Name: "register twice", Method: http.MethodPost, Path: "/api/session/purchaseVerify/register", Body: reg, Status: 409, Code: storefront.CodeAlreadyRegistered},
		{Name: "register without the terms", Method: http.MethodPost, Path: "/api/session/purchaseVerify/register",
			Body: map[string]any{"brandId": "demo", "email": "b2@example.com", "password": md5hex("secret123"), "name": "某人"}, Status: 400, Code: storefront.CodeBadRequest},
	})
}

// TestJoinWithOtherBrandAccount: a member of another brand joins a brand
// that allows it (yoga) with that account: the first call shows the
// account's name and creates nothing, the confirmed one joins under the
// name confirmed; no account and a wrong password answer alike, the
// former through the dummy hash; a brand that has not turned it on (demo)
// refuses.
func TestJoinWithOtherBrandAccount(t *testing.T) {
	ts := newBookingServer(t)
	join := func(name, brand, email, password string, confirm bool, status, code int, contains ...string) scenario {
		return scenario{Name: name, Method: http.MethodPost, Path: "/api/user/add",
			Body: map[string]any{"brandId": brand, "email": email, "password": md5hex(password), "acceptTerms": true, "confirm": confirm,
				"name": map[bool]string{true: "陳小文"}[confirm], "customFields": map[string]string{"phone": "0912-000-333"}},
			Status: status, Code: code, Contains: contains}
	}
	members := func() int64 {
		return ts.id(t, `select count(*) from users where brand_id = 'yoga' and email = 'member2@example.com'`)
	}
	runScenarios(t, ts, []scenario{
		join("the name to confirm", "yoga", "member2@example.com", "demo1234", false, 200, 0, `"joined":false`, `"name":"陳`),
	})
	if n := members(); n != 0 {
		t.Fatalf("the first call created %d members; want none before the confirmation", n)
	}
	before := data.DummyPasswordChecks.Load()
	fails := []scenario{
		join("a wrong password", "yoga", "member3@example.com", "wrong", false, 401, storefront.CodeWrongPassword),
		join("no account anywhere", "yoga", "nobody@example.com", "demo1234", false, 401, storefront.CodeWrongPassword),
	}
	var bodies []string
	for _, sc := range fails {
		w := sc.run(t, ts)
		bodies = append(bodies, w.Body.String())
		want := before
		if sc.Name == "no account anywhere" {
			want++
		}
		if got := data.DummyPasswordChecks.Load(); got != want {
			t.Errorf("%s: %d checks against the dummy hash; want %d", sc.Name, got-before, want-before)
		}
	}
	if bodies[0] != bodies[1] {
		t.Errorf("no account answers %s; a wrong password %s: want the same answer", bodies[1], bodies[0])
	}
	runScenarios(t, ts, []scenario{
		join("a brand that has not turned it on", "demo", "member3@example.com", "demo1234", true, 403, storefront.CodeForbidden, "此品牌未開放以其他品牌的帳號加入"),
		join("join, confirmed", "yoga", "member2@example.com", "demo1234", true, 200, 0, `"joined":true`, `"name":"陳小文"`, "member2@example.com"),
		join("join again", "yoga", "member2@example.com", "demo1234", true, 409, storefront.CodeAppRegistered),
	})
	if got := ts.id(t, `select count(*) from users where brand_id = 'yoga' and email = 'member2@example.com' and name = '陳小文'`); got != 1 {
		t.Errorf("%d members joined under the confirmed name; want 1", got)
	}
}

// hasCookie reports whether the answer sets cookie name.
func hasCookie(w *httptest.ResponseRecorder, name string) bool {
	for _, c := range w.Result().Cookies() {
		if c.Name == name && c.Value != "" {
			return true
		}
	}
	return false
}
