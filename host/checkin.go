package host

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"storefront/data"
)

// QR check-in (issue 11): the member centre shows a QR code of a signed,
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

// checkInQR is a fresh token for the member.
func (s *Server) checkInQR(b *data.Brand, u *data.User) *CheckInQR {
	exp := s.now().Add(checkInTTL).Truncate(time.Second)
	payload := strings.Join([]string{"c1", b.ID, strconv.FormatInt(u.ID, 10), strconv.FormatInt(exp.Unix(), 36)}, ".")
	return &CheckInQR{Token: payload + "." + s.checkInMAC(payload), ExpiresAt: exp, Barcode: fmt.Sprintf("%010d", u.ID)}
}

// errCheckInToken: a token forged, garbled or expired.
var errCheckInToken = &data.Error{Kind: data.KindForbidden, Code: data.CodeCheckInInvalid}

// readCheckInToken verifies a token and returns the brand and member it
// names.
func (s *Server) readCheckInToken(token string) (string, int64, error) {
	parts := strings.Split(token, ".")
	if len(parts) != 5 || parts[0] != "c1" || len(token) > 300 {
		return "", 0, errCheckInToken
	}
	payload := strings.Join(parts[:4], ".")
	if !hmac.Equal([]byte(parts[4]), []byte(s.checkInMAC(payload))) {
		return "", 0, errCheckInToken
	}
	user, err := strconv.ParseInt(parts[2], 10, 64)
	exp, err2 := strconv.ParseInt(parts[3], 36, 64)
	if err != nil || err2 != nil || !s.now().Before(time.Unix(exp, 0)) {
		return "", 0, errCheckInToken
	}
	return parts[1], user, nil
}

// scannerAllowed reports whether the request carries the scanners' bearer
// token (none configured: no scanner is).
func (s *Server) scannerAllowed(r *http.Request) bool {
	want := s.cfg.ScannerToken
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return want != "" && ok && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(want)) == 1
}
