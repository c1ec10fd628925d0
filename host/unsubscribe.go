package host

import (
	"net/http"
	"net/url"
	"storefront"
	"strconv"
	"strings"
	"time"

	"storefront/data"
	"storefront/host/wire"
	"storefront/mail"
)

// Unsubscribing from notification mails (RFC 8058). Every
// notification mail (the booking notices) carries the member's one-click
// URL, /api/user/unSubscribe/oneClick?token=..., in its footer and as the
// List-Unsubscribe header with List-Unsubscribe-Post:
// List-Unsubscribe=One-Click. A POST to it unsubscribes the member the
// token names (the mail client's one click; the token is its proof, so it
// is exempt from the same-origin check); a GET (a person following the
// footer link, or a link checker) changes nothing and goes to brand home
// with ?unsubscribe={token}, where the unsubscribe dialog confirms with
// that POST. Once unsubscribed, notification mails are no longer queued
// (data.Mail.Unsubscribe).
//
// The token: "u1.{brand}.{user id}.{expiry}.{HMAC}" (signToken), valid
// unsubscribeTTL.

const (
	unsubscribePath = "/api/user/unSubscribe/oneClick"
	unsubscribeTTL  = 180 * 24 * time.Hour
)

var errUnsubscribeToken = &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeLinkTokenInvalid}

// mailBrand is the brand as its mails present it: name, colour, logo and
// shop, absolute URLs from the trusted origin.
func (s *Server) mailBrand(r *http.Request, b *data.Brand) mail.Brand {
	origin, base := s.brandOrigin(b)
	mb := mail.Brand{Name: b.Name, Colour: s.colour(b), Home: origin + base + "/"}
	if strings.HasPrefix(b.AppLogo, "/") {
		mb.Logo = origin + b.AppLogo
	} else if strings.HasPrefix(b.AppLogo, "https://") {
		mb.Logo = b.AppLogo
	}
	return mb
}

// notifyBrand is the brand as a notification mail to u presents it: with
// u's one-click unsubscribe URL.
func (s *Server) notifyBrand(r *http.Request, b *data.Brand, u *data.User) mail.Brand {
	mb := s.mailBrand(r, b)
	origin, _ := s.brandOrigin(b)
	token, _ := s.signToken(unsubscribeTTL, "u1", b.ID, strconv.FormatInt(u.ID, 10))
	mb.Unsubscribe = origin + unsubscribePath + "?" + url.Values{"token": {token}}.Encode()
	return mb
}

// unsubscribeToken reads the brand and member of a one-click token.
func (s *Server) unsubscribeToken(r *http.Request) (*data.Brand, *data.User, error) {
	f, err := s.readToken(r.URL.Query().Get("token"), "u1", 3, errUnsubscribeToken)
	if err != nil {
		return nil, nil, err
	}
	id, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil {
		return nil, nil, errUnsubscribeToken
	}
	b, err := s.brand(r.Context(), f[1], nil)
	if err != nil {
		return nil, nil, err
	}
	u, err := s.db.User(r.Context(), b.ID, id, storefront.CodeLinkTokenInvalid)
	return b, u, err
}

// POST /api/user/unSubscribe/oneClick?token=: one click unsubscribes the
// member the token names (RFC 8058; the body, List-Unsubscribe=One-Click,
// is not needed) and answers only that it did.
func (s *Server) apiOneClickUnsubscribe(w http.ResponseWriter, r *http.Request) (any, error) {
	_, u, err := s.unsubscribeToken(r)
	if err != nil {
		return nil, err
	}
	if err := s.db.SetUnsubscribed(r.Context(), u.ID, true, s.now()); err != nil {
		return nil, err
	}
	return wire.Unsubscribed{Unsubscribed: true}, nil
}

// GET /api/user/unSubscribe/oneClick?token=: changes nothing; 303 to brand
// home's unsubscribe dialog. A link that no longer holds (expired, or
// forged) but names a brand goes there too: the dialog's POST gets -59
// and says so, where a person reads it. Without a brand, the error here.
func (s *Server) oneClickUnsubscribePage(w http.ResponseWriter, r *http.Request) {
	b, _, err := s.unsubscribeToken(r)
	if err != nil {
		f := strings.Split(r.URL.Query().Get("token"), ".")
		if len(f) != 5 || f[0] != "u1" {
			s.apiError(w, r, err)
			return
		}
		if b, err = s.brand(r.Context(), f[1], nil); err != nil {
			s.apiError(w, r, errUnsubscribeToken)
			return
		}
	}
	origin, base := s.brandOrigin(b)
	http.Redirect(w, r, origin+base+"/?"+url.Values{"unsubscribe": {r.URL.Query().Get("token")}}.Encode(), http.StatusSeeOther)
}
