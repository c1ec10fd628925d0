package providers

// LINE Login v2.1 (LINE's "Integrating LINE Login with your web app" and
// "Get profile information from ID tokens"): OAuth 2.0's authorization
// code flow with OpenID Connect's ID token.
//
//   - The browser goes to https://access.line.me/oauth2/v2.1/authorize with
//     response_type=code, client_id (the channel id), redirect_uri (one the
//     channel registered), state, scope=openid profile email, nonce and
//     bot_prompt (normal or aggressive: offer the friendship of the
//     channel's LINE Official Account); LINE sends it back to
//     redirect_uri?code=..&state=.. (or ?error=access_denied&state=..).
//   - POST https://api.line.me/oauth2/v2.1/token (form: grant_type=
//     authorization_code, code, redirect_uri, client_id, client_secret)
//     answers {access_token, token_type, expires_in, scope, id_token,
//     refresh_token}; a code is used once and lives 10 minutes (400
//     {error: invalid_grant} otherwise).
//   - The ID token is a JWT; a web login's is signed HS256 with the
//     channel secret (the SDKs' ES256 with LINE's keys: not ours). Its
//     claims: iss https://access.line.me, sub (the user, unique per
//     provider), aud (the channel id), exp, iat, nonce (the one sent),
//     name, picture, email (only when the user let the channel read it).
//   - A login with bot_prompt comes back with friendship_status_changed
//     (true when the user added or unblocked the channel's LINE Official
//     Account on the way); GET https://api.line.me/friendship/v1/status,
//     Authorization: Bearer {the login's access token}, answers
//     {friendFlag}: true while the user is a friend of the account and has
//     not blocked it.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// LINE Login's fixed addresses and issuer.
const (
	LineLoginAccessURL = "https://access.line.me"
	lineLoginAPIURL    = "https://api.line.me"
	LineLoginIssuer    = "https://access.line.me"
)

// LineLogin is a LINE Login channel.
type LineLogin struct {
	ChannelID, ChannelSecret string
	// URL is https://access.line.me (its API then at https://api.line.me),
	// or the sandbox's {origin}/dev/line (both there).
	URL  string
	HTTP *http.Client // nil: a client with a 20 s timeout
}

// Configured reports whether every setting is present.
func (l LineLogin) Configured() bool {
	return l.ChannelID != "" && l.ChannelSecret != "" && l.URL != ""
}

// String shows the settings with the secret redacted.
func (l LineLogin) String() string {
	return channelString("LineLogin", l.ChannelID, l.URL, "ChannelSecret", l.ChannelSecret)
}

// GoString is String (for %#v).
func (l LineLogin) GoString() string { return l.String() }

// LogValue logs the settings with the secret redacted.
func (l LineLogin) LogValue() slog.Value {
	return channelLog(l.ChannelID, l.URL, "channelSecret", l.ChannelSecret)
}

// apiURL is where the token endpoint is: api.line.me beside
// access.line.me, else (the sandbox) the same base.
func (l LineLogin) apiURL() string {
	if l.URL == LineLoginAccessURL {
		return lineLoginAPIURL
	}
	return l.URL
}

func (l LineLogin) client() *http.Client {
	if l.HTTP != nil {
		return l.HTTP
	}
	return &http.Client{Timeout: 20 * time.Second}
}

// LineAuthorize is an authorization request.
type LineAuthorize struct {
	RedirectURI, State, Nonce string
	// BotPrompt is "normal" or "aggressive" to offer the friendship of the
	// channel's LINE Official Account, "" not to.
	BotPrompt string
}

// AuthorizeURL is where the browser logs in with LINE.
func (l LineLogin) AuthorizeURL(a LineAuthorize) string {
	q := url.Values{"response_type": {"code"}, "client_id": {l.ChannelID}, "redirect_uri": {a.RedirectURI},
		"state": {a.State}, "scope": {"openid profile email"}, "nonce": {a.Nonce}}
	if a.BotPrompt != "" {
		q.Set("bot_prompt", a.BotPrompt)
	}
	return l.URL + "/oauth2/v2.1/authorize?" + q.Encode()
}

// LineIdentity is who logged in, from a verified ID token, and the
// login's access token (for Friendship; never logged or kept).
type LineIdentity struct {
	Sub         string // the LINE user id (per provider)
	Name        string
	Email       string // "" when the user did not let the channel read it
	AccessToken string
}

// LineLoginError is a login LINE's answers do not prove: a refused code,
// or an ID token whose signature or claims do not verify (Reason says
// which, for the log; the visitor is told only that it failed).
type LineLoginError struct{ Reason string }

func (e *LineLoginError) Error() string { return "LINE Login: " + e.Reason }

// Exchange trades code (sent back to redirectURI) for the ID token and
// verifies it: HS256 with the channel secret, issuer, audience (our
// channel), expiry (at now) and nonce (the one this login sent). An
// unreachable LINE is an ordinary error; a refusal or a token that does
// not verify is a *LineLoginError.
func (l LineLogin) Exchange(ctx context.Context, code, redirectURI, nonce string, now time.Time) (*LineIdentity, error) {
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirectURI},
		"client_id": {l.ChannelID}, "client_secret": {l.ChannelSecret}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.apiURL()+"/oauth2/v2.1/token", strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := l.client().Do(req)
	if err != nil {
		return nil, fmt.Errorf("LINE Login token: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return nil, fmt.Errorf("LINE Login token: %w", err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
		IDToken     string `json:"id_token"`
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	switch {
	case resp.StatusCode >= 500:
		return nil, fmt.Errorf("LINE Login token: HTTP %d", resp.StatusCode)
	case json.Unmarshal(body, &tok) != nil:
		return nil, fmt.Errorf("LINE Login token: HTTP %d, not JSON", resp.StatusCode)
	case resp.StatusCode != http.StatusOK || tok.Error != "":
		return nil, &LineLoginError{Reason: "token refused: " + tok.Error + " " + tok.Description}
	}
	id, err := l.VerifyIDToken(tok.IDToken, nonce, now)
	if id != nil {
		id.AccessToken = tok.AccessToken
	}
	return id, err
}

// Friendship asks LINE whether the user of a login's access token is a
// friend of the channel's LINE Official Account (and has not blocked it).
func (l LineLogin) Friendship(ctx context.Context, accessToken string) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, l.apiURL()+"/friendship/v1/status", nil)
	if err != nil {
		return false, err
	}
	req.Header.Set("Authorization", "Bearer "+accessToken)
	resp, err := l.client().Do(req)
	if err != nil {
		return false, fmt.Errorf("LINE Login friendship: %w", err)
	}
	defer resp.Body.Close()
	var st struct {
		FriendFlag *bool `json:"friendFlag"`
	}
	if resp.StatusCode != http.StatusOK {
		return false, fmt.Errorf("LINE Login friendship: HTTP %d", resp.StatusCode)
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 4<<10)).Decode(&st); err != nil || st.FriendFlag == nil {
		return false, fmt.Errorf("LINE Login friendship: no friendFlag")
	}
	return *st.FriendFlag, nil
}

// lineClaims are an ID token's claims we read.
type lineClaims struct {
	jwt.RegisteredClaims
	Nonce string `json:"nonce"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// VerifyIDToken verifies a web login's ID token (HS256 with the channel
// secret; no other algorithm) and its issuer, audience, expiry at now and
// nonce, and answers who it names.
func (l LineLogin) VerifyIDToken(raw, nonce string, now time.Time) (*LineIdentity, error) {
	var c lineClaims
	_, err := jwt.ParseWithClaims(raw, &c, func(*jwt.Token) (any, error) { return []byte(l.ChannelSecret), nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithIssuer(LineLoginIssuer),
		jwt.WithAudience(l.ChannelID), jwt.WithExpirationRequired(), jwt.WithTimeFunc(func() time.Time { return now }))
	switch {
	case err != nil:
		return nil, &LineLoginError{Reason: "ID token: " + err.Error()}
	case nonce == "" || c.Nonce != nonce:
		return nil, &LineLoginError{Reason: "ID token: nonce is not this login's"}
	case c.Subject == "" || len(c.Subject) > 64:
		return nil, &LineLoginError{Reason: "ID token: no user"}
	}
	return &LineIdentity{Sub: c.Subject, Name: c.Name, Email: c.Email}, nil
}

// IsLineLoginRefused reports whether err is a login LINE's answers did
// not prove.
func IsLineLoginRefused(err error) bool {
	var e *LineLoginError
	return errors.As(err, &e)
}

// SignLineIDToken signs claims as LINE signs a web login's ID token
// (HS256 with secret): the sandbox's, and tests'.
func SignLineIDToken(secret string, claims jwt.MapClaims) string {
	s, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(secret))
	return s
}
