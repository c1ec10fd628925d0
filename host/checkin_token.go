package host

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"net/http"
	"storefront"
	"strconv"
	"strings"
	"time"

	"storefront/data"
	"storefront/host/wire"
)

// QR check-in: the member centre shows a QR code of a signed,
// short-lived token naming the member; the studio's scanner posts it to
// POST /api/checkin/qr with its bearer token and the member is checked in
// to the session whose check-in window is open. A screenshot from
// yesterday checks no one in: the token lasts checkInTTL.
//
// The token: "c1.{brand}.{user id}.{expiry, base 36 Unix}.{HMAC}", signed
// with STOREFRONT_CHECKIN_KEY.

const checkInTTL = 2 * time.Minute

func (s *Server) checkInMAC(payload string) string {
	m := hmac.New(sha256.New, s.cfg.CheckInKey)
	m.Write([]byte(payload))
	return b64.EncodeToString(m.Sum(nil)[:18])
}

// signToken is the one way tokens are signed: the fields joined with '.',
// the expiry (now + ttl, base 36 Unix) and the HMAC. Fields hold no '.'.
func (s *Server) signToken(ttl time.Duration, fields ...string) (string, time.Time) {
	exp := s.now().Add(ttl).Truncate(time.Second)
	payload := strings.Join(append(fields, strconv.FormatInt(exp.Unix(), 36)), ".")
	return payload + "." + s.checkInMAC(payload), exp
}

// readToken verifies a token of signToken with n fields whose first is
// kind, and returns the fields; a forged, garbled or expired token is bad.
func (s *Server) readToken(token, kind string, n int, bad error) ([]string, error) {
	parts := strings.Split(token, ".")
	if len(parts) != n+2 || parts[0] != kind || len(token) > 300 {
		return nil, bad
	}
	payload := strings.Join(parts[:n+1], ".")
	if !hmac.Equal([]byte(parts[n+1]), []byte(s.checkInMAC(payload))) {
		return nil, bad
	}
	exp, err := strconv.ParseInt(parts[n], 36, 64)
	if err != nil || !s.now().Before(time.Unix(exp, 0)) {
		return nil, bad
	}
	return parts[:n], nil
}

// checkInQR is a fresh token for the member.
func (s *Server) checkInQR(b *data.Brand, u *data.User) *wire.CheckInQR {
	token, exp := s.signToken(checkInTTL, "c1", b.ID, strconv.FormatInt(u.ID, 10))
	return &wire.CheckInQR{Token: token, ExpiresAt: exp, Barcode: fmt.Sprintf("%010d", u.ID)}
}

// errCheckInToken: a token forged, garbled or expired.
var errCheckInToken = &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeCheckInInvalid}

// readCheckInToken verifies a token and returns the brand and member it
// names.
func (s *Server) readCheckInToken(token string) (string, int64, error) {
	f, err := s.readToken(token, "c1", 3, errCheckInToken)
	if err != nil {
		return "", 0, err
	}
	user, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil {
		return "", 0, errCheckInToken
	}
	return f[1], user, nil
}

// scannerAllowed reports whether the request carries the scanners' bearer
// token (none configured: no scanner is).
func (s *Server) scannerAllowed(r *http.Request) bool {
	want := s.cfg.ScannerToken
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return want != "" && ok && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(want)) == 1
}
