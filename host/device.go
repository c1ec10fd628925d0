package host

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Known devices: a successful login leaves a signed,
// long-lived device cookie naming the account. Wrong passwords from a
// device that carries it count against that device alone, not against the
// account, so ten paced wrong guesses by a stranger (which lock the account
// for 15 minutes) do not lock the owner out of their own browser; a
// stranger's device, or a forged or foreign cookie, still meets the
// account's throttle, and a known device that guesses wrong locks itself.
// The address throttle applies to everyone.
//
// The cookie: "1.{account tag}.{device id}.{issued, base 36 Unix}.{HMAC}",
// the account tag a hash of brand and e-mail (no address in the cookie),
// signed with STOREFRONT_DEVICE_KEY.

const (
	cookieDevice = "sf_device"
	deviceTTL    = 365 * 24 * time.Hour
)

var b64 = base64.RawURLEncoding

func accountTag(brandID, email string) string {
	sum := sha256.Sum256([]byte(brandID + "\x00" + email))
	return b64.EncodeToString(sum[:12])
}

func (s *Server) deviceMAC(payload string) string {
	m := hmac.New(sha256.New, s.cfg.DeviceKey)
	m.Write([]byte(payload))
	return b64.EncodeToString(m.Sum(nil)[:18])
}

// rememberDevice sets the device cookie for the account after a login.
func (s *Server) rememberDevice(w http.ResponseWriter, r *http.Request, brandID, email string) {
	var id [12]byte
	rand.Read(id[:])
	payload := strings.Join([]string{"1", accountTag(brandID, email), b64.EncodeToString(id[:]), strconv.FormatInt(s.now().Unix(), 36)}, ".")
	http.SetCookie(w, &http.Cookie{Name: cookieDevice, Value: payload + "." + s.deviceMAC(payload), Path: "/api/session/",
		MaxAge: int(deviceTTL / time.Second), HttpOnly: true, Secure: secureCookies(s.siteOf(r)), SameSite: http.SameSiteStrictMode})
}

// knownDevice is the id of the request's device when its cookie is valid,
// unexpired and names this account; "" otherwise.
func (s *Server) knownDevice(r *http.Request, brandID, email string) string {
	parts := strings.Split(cookieValue(r, cookieDevice), ".")
	if len(parts) != 5 || parts[0] != "1" {
		return ""
	}
	payload := strings.Join(parts[:4], ".")
	if !hmac.Equal([]byte(parts[4]), []byte(s.deviceMAC(payload))) || parts[1] != accountTag(brandID, email) {
		return ""
	}
	issued, err := strconv.ParseInt(parts[3], 36, 64)
	if err != nil || s.now().Sub(time.Unix(issued, 0)) > deviceTTL {
		return ""
	}
	return parts[2]
}
