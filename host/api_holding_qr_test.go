package host

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"storefront"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/booking"
	"storefront/host/wire"
)

// holdingToken signs a holding QR token as GET /api/user/getToken does
// (ttl negative: one expired already).
func (ts *bookingServer) holdingToken(ttl time.Duration, brand string, user int64, kind string, holding int64) string {
	token, _ := ts.signToken(ttl, "h1", brand, strconv.FormatInt(user, 10), kind, strconv.FormatInt(holding, 10))
	return token
}

// scan is the door scanner's request for token, as brand's scanner.
func scan(name, brand, token string, status, code int, check func(*testing.T, *httptest.ResponseRecorder)) scenario {
	return scenario{Name: name, Method: http.MethodPost, Path: "/api/checkin/holding",
		Header: []string{"Authorization", "Bearer " + testScannerToken}, Body: map[string]any{"brandId": brand, "token": token},
		Status: status, Code: code, Check: check}
}

// entry decodes a scan's answer.
func entry(t *testing.T, w *httptest.ResponseRecorder) booking.Entry {
	t.Helper()
	var e booking.Entry
	decodeEnvelope(t, w, &e)
	return e
}

// TestHoldingScan: the door scanner takes one visit of a quantity
// passcard per token (a replayed token changes nothing), opens and closes
// a timing-card visit (its minutes, rounded up, taken from the card
// ending first), and refuses forged, expired, other brands' and
// unauthorised reads.
func TestHoldingScan(t *testing.T) {
	ts := newBookingServer(t)
	count := ts.id(t, `select id from member_tickets where user_id = $1 and name = '團課 10 堂計次卡'`, ts.me.id)
	remain := func(id int64) int64 { return ts.id(t, `select remain from member_tickets where id = $1`, id) }
	minutes := func(name string) int64 {
		return ts.id(t, `select remain_minutes from member_counting_passcards where user_id = $1 and name = $2 and activated_on is not null and available
			order by ends_on desc limit 1`, ts.me.id, name)
	}
	before := remain(count)
	first := ts.holdingToken(checkInTTL, "demo", ts.me.id, "quantityPasscard", count)
	forged := strings.Replace(first, fmt.Sprintf(".%d.", ts.me.id), fmt.Sprintf(".%d.", ts.daan.id), 1)
	used := ts.id(t, `select id from member_tickets where user_id = $1 and remain = 0 limit 1`, ts.xiaomei.id)
	runScenarios(t, ts, []scenario{
		{Name: "no scanner token", Method: http.MethodPost, Path: "/api/checkin/holding", Body: map[string]any{"brandId": "demo", "token": first},
			Status: 403, Code: storefront.CodeForbidden},
		scan("a forged token", "demo", forged, 403, storefront.CodeLinkTokenInvalid, nil),
		scan("an expired token", "demo", ts.holdingToken(-time.Second, "demo", ts.me.id, "quantityPasscard", count), 403, storefront.CodeLinkTokenInvalid, nil),
		scan("garbage", "demo", "h1.x", 403, storefront.CodeLinkTokenInvalid, nil),
		scan("another brand's scanner", "yoga", first, 403, storefront.CodeOtherBrandToken, nil),
		scan("no brand", "", first, 400, storefront.CodeBadRequest, nil),
		{Name: "not JSON", Method: http.MethodPost, Path: "/api/checkin/holding", Header: []string{"Authorization", "Bearer " + testScannerToken},
			Body: "{", Status: 400, Code: storefront.CodeBadRequest},
		scan("another member's card in a token of mine", "demo", ts.holdingToken(checkInTTL, "demo", ts.me.id, "quantityPasscard", used), 404, storefront.CodeNotFound, nil),
		scan("a card with no visit left", "demo", ts.holdingToken(checkInTTL, "demo", ts.xiaomei.id, "quantityPasscard", used), 409, storefront.CodeNoVisitsLeft, nil),
		scan("one visit", "demo", first, 200, 0, func(t *testing.T, w *httptest.ResponseRecorder) {
			if e := entry(t, w); e.Action != "used" || e.Replayed || int64(e.Remain) != before-1 || e.Name != "團課 10 堂計次卡" {
				t.Errorf("entry %+v; want one visit used of %d", e, before)
			}
		}),
		scan("the same token again", "demo", first, 200, 0, func(t *testing.T, w *httptest.ResponseRecorder) {
			if e := entry(t, w); !e.Replayed || int64(e.Remain) != before-1 {
				t.Errorf("entry %+v; want the first answer, replayed", e)
			}
		}),
	})
	if got := remain(count); got != before-1 {
		t.Fatalf("remain %d after one visit and a replay; want %d", got, before-1)
	}
	ts.clock.Add(time.Second) // a token of another second: another token
	scan("a new token is a new visit", "demo", ts.holdingToken(checkInTTL, "demo", ts.me.id, "quantityPasscard", count), 200, 0, nil).run(t, ts)
	if got := remain(count); got != before-2 {
		t.Errorf("remain %d after a second visit; want %d", got, before-2)
	}

	// the timing card: in at 09:00, out at 10:01:10 (62 minutes)
	card := minutes("自由重訓 600 分鐘卡")
	in := ts.holdingToken(checkInTTL, "demo", ts.me.id, "timingCard", 0)
	scan("in", "demo", in, 200, 0, func(t *testing.T, w *httptest.ResponseRecorder) {
		if e := entry(t, w); e.Action != "visitStarted" || e.Visit == nil || int64(e.Remain) != card {
			t.Errorf("entry %+v; want a visit started with %d minutes", e, card)
		}
	}).run(t, ts)
	scan("in, read twice", "demo", in, 200, 0, func(t *testing.T, w *httptest.ResponseRecorder) {
		if e := entry(t, w); e.Action != "visitStarted" || !e.Replayed {
			t.Errorf("entry %+v; want the same start, replayed", e)
		}
	}).run(t, ts)
	ts.clock.Add(61*time.Minute + 10*time.Second)
	out := ts.holdingToken(checkInTTL, "demo", ts.me.id, "timingCard", 0)
	scan("out", "demo", out, 200, 0, func(t *testing.T, w *httptest.ResponseRecorder) {
		e := entry(t, w)
		if e.Action != "visitEnded" || e.Visit == nil || e.Visit.Minutes != 62 || e.Visit.Charged != 62 || e.Visit.Overdue != 0 || int64(e.Remain) != card-62 {
			t.Errorf("entry %+v (visit %+v); want 62 minutes taken", e, e.Visit)
		}
	}).run(t, ts)
	scan("out, read twice", "demo", out, 200, 0, nil).run(t, ts)
	if got := minutes("自由重訓 600 分鐘卡"); got != card-62 {
		t.Errorf("the card holds %d minutes; want %d", got, card-62)
	}
	if open := ts.id(t, `select count(*) from timing_visits where user_id = $1 and ended_at is null`, ts.me.id); open != 0 {
		t.Errorf("%d visits still open", open)
	}
	scan("no timing card to enter with", "demo", ts.holdingToken(checkInTTL, "demo", ts.daan.id, "timingCard", 0), 409, storefront.CodeNoMinutesLeft, nil).run(t, ts)
}

// TestHoldingQR: the QR tokens of a quantity passcard (one the member
// holds with visits left) and the timing card are signed, name the member
// and the holding, and expire like the check-in QR; bad inputs are 400.
func TestHoldingQR(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	_, sid := login(t, s.ts().browser(), "demo", "member@example.com", "demo1234")
	_, other := login(t, s.ts().browser(), "demo", "member3@example.com", "demo1234")
	_, yogaSID := login(t, s.ts().browser(), "yoga", "member@example.com", "demo1234")
	var count, point, used int64
	s.db.Pool.QueryRow(ctx, `select t.id from member_tickets t join users u on u.id = t.user_id
		where u.brand_id = 'demo' and u.email = 'member@example.com' and t.ticket_type = 'count' order by t.id limit 1`).Scan(&count)
	s.db.Pool.QueryRow(ctx, `select t.id from member_tickets t join users u on u.id = t.user_id
		where u.brand_id = 'demo' and u.email = 'member@example.com' and t.ticket_type = 'onlinePoint' limit 1`).Scan(&point)
	s.db.Pool.QueryRow(ctx, `select t.id from member_tickets t join users u on u.id = t.user_id
		where u.brand_id = 'demo' and u.email = 'member3@example.com' and t.remain = 0 limit 1`).Scan(&used)
	auth := []string{"Authorization", sid}
	q := func(kind string, id int64) string {
		return fmt.Sprintf("/api/user/getToken?brandId=demo&kind=%s&holdingId=%d", kind, id)
	}
	var qr wire.HoldingQR
	runScenarios(t, s, []scenario{
		{Name: "a count card's QR", Path: q("quantityPasscard", count), Header: auth, Status: 200,
			Contains: []string{`"token":"h1.demo.`, fmt.Sprintf(`"holdingId":%d`, count)},
			Check:    func(t *testing.T, w *httptest.ResponseRecorder) { decodeEnvelope(t, w, &qr) }},
		{Name: "the timing card's QR", Path: q("timingCard", 0), Header: auth, Status: 200, Contains: []string{`"kind":"timingCard"`, `"holdingId":0`}},
		{Name: "a point ticket has none", Path: q("quantityPasscard", point), Header: auth, Status: 404, Code: storefront.CodeNotFound},
		{Name: "another member's card", Path: q("quantityPasscard", count), Header: []string{"Authorization", other}, Status: 404, Code: storefront.CodeNotFound},
		{Name: "a card with no visits left", Path: q("quantityPasscard", used), Header: []string{"Authorization", other}, Status: 404, Code: storefront.CodeNotFound},
		{Name: "an unknown kind", Path: q("passcard", count), Header: auth, Status: 400, Code: storefront.CodeBadRequest},
		{Name: "a bad holding id", Path: "/api/user/getToken?brandId=demo&kind=quantityPasscard&holdingId=x", Header: auth, Status: 400, Code: storefront.CodeBadRequest},
		{Name: "no login", Path: q("timingCard", 0), Status: 401, Code: storefront.CodeLoginRequired},
		{Name: "a brand without the QR module", Path: "/api/user/getToken?brandId=yoga&kind=timingCard", Header: []string{"Authorization", yogaSID},
			Status: 403, Code: storefront.CodeForbidden},
	})
	brand, user, kind, holding, err := s.readHoldingToken(qr.Token)
	if err != nil || brand != "demo" || user == 0 || kind != "quantityPasscard" || holding != count {
		t.Errorf("the token reads %q %d %q %d %v", brand, user, kind, holding, err)
	}
	if _, _, _, _, err := s.readHoldingToken(strings.Replace(qr.Token, fmt.Sprintf(".%d.", count), fmt.Sprintf(".%d.", point), 1)); err == nil {
		t.Error("a token naming another holding verifies")
	}
	s.clock.Add(checkInTTL)
	if _, _, _, _, err := s.readHoldingToken(qr.Token); err == nil {
		t.Error("an expired token verifies")
	}
}
