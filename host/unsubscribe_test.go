package host

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"storefront"
	"strings"
	"testing"
	"time"
)

// TestOneClickUnsubscribe: a booking notice carries the member's one-click
// URL in its footer and as List-Unsubscribe with List-Unsubscribe-Post
// (RFC 8058); a GET changes nothing, a POST (even from another site, as a
// mail client's) unsubscribes and answers only that it did (nothing of the
// member), and later notices are not sent; a forged or expired token is
// refused.
func TestOneClickUnsubscribe(t *testing.T) {
	ts := newBookingServer(t)
	first := ts.session(t, "墊上皮拉提斯", "2026-11-26")
	ts.booked(t, ts.me, first)
	m, ok := ts.box.Wait("member@example.com", 0, 5*time.Second)
	if !ok {
		t.Fatal("no booking notice")
	}
	raw := strings.ReplaceAll(m.Raw, "=\r\n", "") // quoted-printable soft breaks
	if !strings.Contains(raw, "List-Unsubscribe-Post: List-Unsubscribe=One-Click") {
		t.Errorf("no List-Unsubscribe-Post header:\n%.800s", m.Raw)
	}
	link := regexp.MustCompile(`List-Unsubscribe:\s*<(http[^>]+)>`).FindStringSubmatch(raw)
	if link == nil || !strings.Contains(m.Text, link[1]) {
		t.Fatalf("no List-Unsubscribe URL, or not in the footer:\n%.800s", m.Raw)
	}
	u, _ := url.Parse(link[1])
	target := u.Path + "?" + u.RawQuery
	if u.Path != unsubscribePath {
		t.Fatalf("unsubscribe URL %s", link[1])
	}
	token := u.Query().Get("token")
	forged := strings.Replace(token, fmt.Sprintf(".%d.", ts.me.id), fmt.Sprintf(".%d.", ts.daan.id), 1)
	runScenarios(t, ts, []scenario{
		{Name: "a GET changes nothing", Path: target, Status: http.StatusSeeOther, WantHeader: []string{"Location", "http://example.com/demo/?unsubscribe=" + url.QueryEscape(token)}},
		{Name: "a forged token", Method: http.MethodPost, Path: unsubscribePath + "?token=" + url.QueryEscape(forged), Body: "List-Unsubscribe=One-Click",
			Status: 403, Code: storefront.CodeLinkTokenInvalid, Message: "連結或條碼無效或已過期"},
		{Name: "no token", Method: http.MethodPost, Path: unsubscribePath, Status: 403, Code: storefront.CodeLinkTokenInvalid},
		{Name: "still subscribed", Path: "/api/user/userInfo?brandId=demo", Header: ts.me.auth(), Status: 200, Contains: []string{`"unsubscribed":false`}},
		// the token may be in anyone's hands (a forwarded mail): the answer
		// says it worked and nothing of the member
		{Name: "one click from the mail client answers only that it worked", Method: http.MethodPost, Path: target, Body: "List-Unsubscribe=One-Click",
			Header: []string{"Content-Type", "application/x-www-form-urlencoded", "Sec-Fetch-Site", "cross-site"}, Status: 200,
			Check: func(t *testing.T, w *httptest.ResponseRecorder) {
				if got := strings.TrimSpace(w.Body.String()); got != `{"errorCode":0,"message":"","data":{"unsubscribed":true}}` {
					t.Errorf("answer %s; want only that the unsubscribe worked", got)
				}
			}},
		{Name: "unsubscribed", Path: "/api/user/userInfo?brandId=demo", Header: ts.me.auth(), Status: 200, Contains: []string{`"unsubscribed":true`}},
	})
	second := ts.session(t, "高強度間歇 HIIT", "2026-11-26")
	ts.booked(t, ts.me, second)
	if m2, ok := ts.box.Wait("member@example.com", m.ID, 2*time.Second); ok {
		t.Errorf("a notice after unsubscribing: %q", m2.Subject)
	}
	ts.clock.Add(unsubscribeTTL)
	runScenarios(t, ts, []scenario{
		{Name: "an expired token", Method: http.MethodPost, Path: target, Status: 403, Code: storefront.CodeLinkTokenInvalid},
		// a person following an old mail's link: brand home's dialog tells them (its POST gets -59)
		{Name: "an expired link followed", Path: target, Status: http.StatusSeeOther, WantHeader: []string{"Location", "http://example.com/demo/?unsubscribe=" + url.QueryEscape(token)}},
		{Name: "a link of no brand", Path: unsubscribePath + "?token=u1.nosuchbrand.1.zz.abc", Status: 403, Code: storefront.CodeLinkTokenInvalid},
		{Name: "a garbled link", Path: unsubscribePath + "?token=garbage", Status: 403, Code: storefront.CodeLinkTokenInvalid},
	})
}
