package providers

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

var lineNow = time.Date(2026, 11, 27, 12, 0, 0, 0, taipei)

func lineClaimsWith(change func(jwt.MapClaims)) jwt.MapClaims {
	c := jwt.MapClaims{"iss": LineLoginIssuer, "sub": "U0123456789abcdef0123456789abcdef", "aud": "1700000000",
		"iat": lineNow.Unix(), "exp": lineNow.Add(time.Hour).Unix(), "nonce": "the-nonce", "name": "林小美", "email": "mei@line.test"}
	if change != nil {
		change(c)
	}
	return c
}

func TestLineIDTokenVerification(t *testing.T) {
	ch := LineLogin{ChannelID: "1700000000", ChannelSecret: "channel-secret", URL: LineLoginAccessURL}
	hs384, _ := jwt.NewWithClaims(jwt.SigningMethodHS384, lineClaimsWith(nil)).SignedString([]byte("channel-secret"))
	unsigned, _ := jwt.NewWithClaims(jwt.SigningMethodNone, lineClaimsWith(nil)).SignedString(jwt.UnsafeAllowNoneSignatureType)
	for _, tc := range []struct {
		name, token string
		ok          bool
	}{
		{"proper", SignLineIDToken("channel-secret", lineClaimsWith(nil)), true},
		{"signed with another secret", SignLineIDToken("another-secret", lineClaimsWith(nil)), false},
		{"unsigned (alg none)", unsigned, false},
		{"another algorithm (HS384)", hs384, false},
		{"expired", SignLineIDToken("channel-secret", lineClaimsWith(func(c jwt.MapClaims) { c["exp"] = lineNow.Add(-time.Second).Unix() })), false},
		{"no expiry", SignLineIDToken("channel-secret", lineClaimsWith(func(c jwt.MapClaims) { delete(c, "exp") })), false},
		{"another issuer", SignLineIDToken("channel-secret", lineClaimsWith(func(c jwt.MapClaims) { c["iss"] = "https://evil.example" })), false},
		{"another channel", SignLineIDToken("channel-secret", lineClaimsWith(func(c jwt.MapClaims) { c["aud"] = "1999999999" })), false},
		{"another nonce", SignLineIDToken("channel-secret", lineClaimsWith(func(c jwt.MapClaims) { c["nonce"] = "other" })), false},
		{"no nonce", SignLineIDToken("channel-secret", lineClaimsWith(func(c jwt.MapClaims) { delete(c, "nonce") })), false},
		{"no user", SignLineIDToken("channel-secret", lineClaimsWith(func(c jwt.MapClaims) { delete(c, "sub") })), false},
		{"not a JWT", "not.a.jwt", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id, err := ch.VerifyIDToken(tc.token, "the-nonce", lineNow)
			if tc.ok != (err == nil) || (err != nil && !IsLineLoginRefused(err)) {
				t.Fatalf("verified %v, err %v", id, err)
			}
			if tc.ok && (id.Sub != "U0123456789abcdef0123456789abcdef" || id.Email != "mei@line.test" || id.Name != "林小美") {
				t.Fatalf("identity %+v", id)
			}
		})
	}
}

func TestLineLoginSandboxCodeIsExchangedOnceWithItsRedirectURI(t *testing.T) {
	sb := NewLineLoginSandbox("1700000000", "channel-secret")
	sb.Now = func() time.Time { return lineNow }
	srv := httptest.NewServer(http.StripPrefix("/dev/line", sb))
	defer srv.Close()
	ch := LineLogin{ChannelID: "1700000000", ChannelSecret: "channel-secret", URL: srv.URL + "/dev/line", HTTP: srv.Client()}
	back := "https://shop.example/api/line/callback/demo"
	code := func(t *testing.T) string {
		t.Helper()
		u, _ := url.Parse(ch.AuthorizeURL(LineAuthorize{RedirectURI: back, State: "st", Nonce: "the-nonce"}))
		q := u.Query()
		q.Set("sub", "U0123456789abcdef0123456789abcdef")
		q.Set("name", "林小美")
		q.Set("action", "allow")
		c := srv.Client()
		c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		resp, err := c.PostForm(srv.URL+u.Path, q)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		loc, _ := url.Parse(resp.Header.Get("Location"))
		if resp.StatusCode != http.StatusFound || !strings.HasPrefix(loc.String(), back+"?") || loc.Query().Get("state") != "st" {
			t.Fatalf("consent: %d %s", resp.StatusCode, loc)
		}
		return loc.Query().Get("code")
	}
	ctx := context.Background()
	c := code(t)
	id, err := ch.Exchange(ctx, c, back, "the-nonce", lineNow)
	if err != nil || id.Sub != "U0123456789abcdef0123456789abcdef" || id.Email != "" {
		t.Fatalf("exchange: %+v %v", id, err)
	}
	if _, err := ch.Exchange(ctx, c, back, "the-nonce", lineNow); !IsLineLoginRefused(err) {
		t.Fatalf("a code exchanged twice: %v", err)
	}
	if _, err := ch.Exchange(ctx, code(t), "https://evil.example/cb", "the-nonce", lineNow); !IsLineLoginRefused(err) {
		t.Fatalf("a code exchanged with another redirect_uri: %v", err)
	}
	wrong := ch
	wrong.ChannelSecret = "not-the-secret"
	if _, err := wrong.Exchange(ctx, code(t), back, "the-nonce", lineNow); !IsLineLoginRefused(err) {
		t.Fatalf("a code exchanged with a wrong secret: %v", err)
	}
}
