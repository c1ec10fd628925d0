package host

import (
	"context"
	"html/template"
	"net/http"
	"net/url"
	"storefront"
	"strconv"

	"storefront/data"
	"storefront/host/wire"
	"storefront/members"
	"storefront/providers"
)

// LINE Login (members/line.go has the flow): 以 LINE 登入 in the login and
// register dialogs, linking and unlinking LINE in the member centre. The
// brand's own LINE Login channel is stored with its merchant accounts
// (kind line, `storefront brand credentials set BRAND line`); in dev the
// demo brands use the sandbox's (/dev/line/). LINE sends the browser back
// to the brand's callback, /api/line/callback/{brandId} on the brand's
// origin (the redirect URI to register at the channel).

// cookieLineLogin holds the browser's secret binding its LINE logins: only
// the API's LINE calls read it.
const (
	cookieLineLogin = "line_login"
	lineCookiePath  = "/api/line/"
	lineCookieAge   = 30 * 60 // the login's 10 minutes and the registration form's 30
)

// lineChannel is brand b's LINE Login channel; ok false when it has none
// or does not let members sign in on the web.
func (s *Server) lineChannel(ctx context.Context, b *data.Brand) (ch providers.LineLogin, ok bool, err error) {
	if !b.ModuleSet().Has(data.ModuleMemberSignIn) {
		return ch, false, nil
	}
	a, err := s.merchants().Of(ctx, b.ID)
	if err != nil {
		return ch, false, err
	}
	ch = a.LineLogin
	if ch.HTTP == nil && ch.URL == s.cfg.LineLogin.URL { // a channel of the dev sandbox: its client
		ch.HTTP = s.cfg.LineLogin.HTTP
	}
	return ch, ch.Configured(), nil
}

// lineChannelOf is lineChannel, its absence CodeLineUnavailable.
func (s *Server) lineChannelOf(ctx context.Context, b *data.Brand) (providers.LineLogin, error) {
	ch, ok, err := s.lineChannel(ctx, b)
	if err == nil && !ok {
		err = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeLineUnavailable}
	}
	return ch, err
}

// lineRedirectURI is brand b's LINE callback, on its trusted origin.
func (s *Server) lineRedirectURI(b *data.Brand) string {
	origin, _ := s.brandOrigin(b)
	return origin + "/api/line/callback/" + url.PathEscape(b.ID)
}

// GET /api/line/status?brandId=
func (s *Server) apiLineStatus(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brand(r.Context(), r.URL.Query().Get("brandId"), nil)
	if err != nil {
		return nil, err
	}
	_, ok, err := s.lineChannel(r.Context(), b)
	if err != nil {
		return nil, err
	}
	ans := &wire.LineStatus{Available: ok}
	if m, _, _ := s.memberOf(r, b); m != nil {
		st, err := s.db.LineLinkOf(r.Context(), b.ID, m.user.ID)
		if err != nil {
			return nil, err
		}
		ans.Linked, ans.HasPassword = st.Linked, st.HasPassword
	}
	return ans, nil
}

// startLine starts a LINE login of brand b (userID: a member linking) and
// sets the browser's cookie.
func (s *Server) startLine(w http.ResponseWriter, r *http.Request, b *data.Brand, next string, userID int64) (any, error) {
	ch, err := s.lineChannelOf(r.Context(), b)
	if err != nil {
		return nil, err
	}
	to, secret, err := s.members.StartLine(r.Context(), members.LineStart{Brand: b, Channel: ch, RedirectURI: s.lineRedirectURI(b),
		Next: next, BrowserSecret: cookieValue(r, cookieLineLogin), UserID: userID})
	if err != nil {
		return nil, err
	}
	http.SetCookie(w, &http.Cookie{Name: cookieLineLogin, Value: secret, Path: lineCookiePath, MaxAge: lineCookieAge, HttpOnly: true,
		Secure: secureCookies(s.siteOf(r)), SameSite: http.SameSiteLaxMode})
	return &wire.LineAuthorize{AuthorizeURL: to}, nil
}

// POST /api/line/login {brandId, next}
func (s *Server) apiLineLogin(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.LineLoginRequest
	b, err := s.decodeSignIn(w, r, &req)
	if err != nil {
		return nil, err
	}
	return s.startLine(w, r, b, req.Next, 0)
}

// POST /api/line/link {brandId, password, next}: the logged-in member
// confirms the password (under the login throttles), then goes to LINE.
func (s *Server) apiLineLink(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.LineLinkRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	if err := s.confirmPassword(w, r, b, m, req.Password); err != nil {
		return nil, err
	}
	return s.startLine(w, r, b, req.Next, m.user.ID)
}

// GET /api/line/callback/{brandId}?code=&state= (or ?error=&state=): LINE
// sending the browser back. Refused (a forged, replayed or stale state,
// an ID token that does not verify): a page saying so. Else 303 to the
// login's page: logged in (a linked LINE user), with ?line=linked (a
// member who linked LINE) or ?line=register (a new LINE user: the page
// opens the registration form).
func (s *Server) lineCallback(w http.ResponseWriter, r *http.Request) {
	b, err := s.brand(r.Context(), r.PathValue("brandId"), nil)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	ch, err := s.lineChannelOf(r.Context(), b)
	if err != nil {
		s.lineRefused(w, r, b, err)
		return
	}
	q := r.URL.Query()
	c := members.LineCallback{Brand: b, Channel: ch, RedirectURI: s.lineRedirectURI(b), BrowserSecret: cookieValue(r, cookieLineLogin),
		State: q.Get("state"), Code: q.Get("code"), Error: q.Get("error")}
	if m, _, _ := s.memberOf(r, b); m != nil {
		c.SessionUserID = m.user.ID
	}
	out, err := s.members.LineCallback(r.Context(), c)
	if err != nil {
		s.lineRefused(w, r, b, err)
		return
	}
	mark := url.Values{}
	switch {
	case out.User != nil:
		if _, err := s.startSession(w, r, out.User); err != nil {
			s.lineRefused(w, r, b, err)
			return
		}
	case out.Linked:
		mark.Set("line", "linked")
	case out.Register:
		mark.Set("line", "register")
	}
	origin, base := s.brandOrigin(b)
	http.Redirect(w, r, origin+underBase(base, withQuery(out.Next, mark.Encode())), http.StatusSeeOther)
}

var lineRefusedPage = template.Must(template.New("line").Parse(`<!doctype html>
<html lang="zh-Hant"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style nonce="{{.Nonce}}">body{font-family:system-ui,"Noto Sans TC",sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222;line-height:1.6}
a{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;background:#06C755;color:#000;text-decoration:none;border-radius:.4rem;font-weight:600}</style>
</head><body><h1>{{.Title}}</h1><p role="alert">{{.Message}}</p><a href="{{.Home}}">{{.Back}}</a></body></html>`))

// lineRefused answers a refused callback with a page in the visitor's
// words (classify's status and message; what went wrong for the log).
func (s *Server) lineRefused(w http.ResponseWriter, r *http.Request, b *data.Brand, err error) {
	f := classify(err)
	if f.Status >= 500 {
		s.log.Error("LINE Login callback", "request_id", requestIDOf(r), "err", err)
		w.Header().Set("Retry-After", "5")
	} else {
		s.log.Info("LINE Login refused", "request_id", requestIDOf(r), "err", err)
	}
	origin, base := s.brandOrigin(b)
	nonce := nonceOf(r) // the page's style is admitted by it
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Storefront-Code", strconv.Itoa(f.Code))
	w.WriteHeader(f.Status)
	lineRefusedPage.Execute(w, map[string]string{"Title": storefront.TextLineFailedTitle, "Message": f.Message,
		"Home": origin + base + "/", "Back": storefront.TextLineBackToShop, "Nonce": nonce})
}

// GET /api/line/pending?brandId=: the new LINE user waiting in this
// browser to register.
func (s *Server) apiLinePending(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brand(r.Context(), r.URL.Query().Get("brandId"), nil)
	if err != nil {
		return nil, err
	}
	p, err := s.members.LinePending(r.Context(), b, cookieValue(r, cookieLineLogin))
	if err != nil {
		return nil, err
	}
	return &wire.LinePending{Name: p.Name, Email: p.Email, Next: p.Next}, nil
}

// POST /api/line/register: the new LINE user waiting in this browser
// registers (the brand's fields and terms, no password), linked to that
// LINE user, and is logged in.
func (s *Server) apiLineRegister(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.LineRegisterRequest
	b, err := s.decodeSignIn(w, r, &req)
	if err != nil {
		return nil, err
	}
	u, err := s.members.RegisterWithLine(r.Context(), b, s.mailBrand(r, b), cookieValue(r, cookieLineLogin),
		members.Registration{Email: req.Email, Name: req.Name, CustomFields: req.CustomFields, AcceptTerms: req.AcceptTerms})
	if err != nil {
		return nil, err
	}
	if _, err := s.startSession(w, r, u); err != nil {
		return nil, err
	}
	return &wire.RegisterLoginAnswer{LoginAnswer: wire.LoginAnswer{UserID: u.ID, BrandID: b.ID, User: userInfoOf(u, b)},
		MailSent: s.mailer != nil}, nil
}

// POST /api/line/unlink {brandId}: the member's LINE link removed, while
// the account has a password to log in with (CodeLineNoPassword).
func (s *Server) apiLineUnlink(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.BrandRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	if _, err := s.db.UnlinkLine(r.Context(), b.ID, m.user.ID); err != nil {
		return nil, err
	}
	return &wire.LineStatus{Available: true, HasPassword: true}, nil
}
