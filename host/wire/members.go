package wire

import (
	"storefront/data"
	"storefront/rules"
)

// The answers of the member calls (their data in the envelope).

// LoginAnswer is POST /api/session/login's. SessionID is set only for the
// brand's native app (body "from": "app"); a browser has the session in an
// HttpOnly cookie only.
type LoginAnswer struct {
	UserID    int64     `json:"userId"`
	BrandID   string    `json:"brandId"`
	User      *UserInfo `json:"user" tstype:",required"`
	SessionID string    `json:"sessionId,omitempty"`
}

// AuthStatus is GET /api/session/auth/status's (and logout's: logged out).
type AuthStatus struct {
	LoggedIn      bool   `json:"loggedIn"`
	UserID        int64  `json:"userId,omitempty"`
	BrandID       string `json:"brandId,omitempty"`
	EmailVerified bool   `json:"emailVerified,omitempty"`
}

// PasswordAnswer is the answer of a password change or reset; SessionID as
// in LoginAnswer, when the call logged the member in again.
type PasswordAnswer struct {
	UserID    int64  `json:"userId"`
	SessionID string `json:"sessionId,omitempty"`
}

// EmailAnswer names the address a mail went to, or whose code was right.
type EmailAnswer struct {
	Email string `json:"email"`
}

// VerifiedAnswer is a verified e-mail's answer (by code or by link).
type VerifiedAnswer struct {
	Verified bool   `json:"verified"`
	Email    string `json:"email"`
	UserID   int64  `json:"userId,omitempty"`
}

// The bodies of the member calls.

// BrandRequest is what every member call's JSON body has: its brand.
type BrandRequest struct {
	BrandID string `json:"brandId"`
}

// AppRequest marks a call of the brand's native app (body "from": "app",
// as its webview's pages carry ?from=app): only the app, which keeps the
// session itself and sends it as the Authorization header, gets the
// session id in an answer's body. A browser has it in the HttpOnly
// cookie alone, out of any script's reach; the React app never reads it.
type AppRequest struct {
	From string `json:"from,omitempty"`
}

// RegisterRequest is POST /api/session/register's body (and
// purchaseVerify/register's); Password is the MD5 of the password, in hex
// (spec section 5). Next is the page registered from, beneath the brand's
// home ("/activity/1/2"): the verification mail's link leads back there.
type RegisterRequest struct {
	BrandRequest `tstype:",extends,required"`
	Email        string            `json:"email"`
	Password     string            `json:"password"`
	Name         string            `json:"name"`
	CustomFields map[string]string `json:"customFields"`
	AcceptTerms  bool              `json:"acceptTerms"`
	Next         string            `json:"next,omitempty"`
	AppRequest   `tstype:",extends,required"`
}

// LoginRequest is POST /api/session/login's body (Password as in
// RegisterRequest).
type LoginRequest struct {
	BrandRequest `tstype:",extends,required"`
	Email        string `json:"email"`
	Password     string `json:"password"`
	AppRequest   `tstype:",extends,required"`
}

// ChangePasswordRequest is POST /api/session/changePassword's body (both
// passwords as in RegisterRequest).
type ChangePasswordRequest struct {
	BrandRequest `tstype:",extends,required"`
	OldPassword  string `json:"oldPassword"`
	NewPassword  string `json:"newPassword"`
	AppRequest   `tstype:",extends,required"`
}

// CodeRequest names an account by e-mail, with what the call needs of a
// mailed code, a new password and a mail type (forgotPassword, its
// confirm and reset, code confirm, resend, send verification).
type CodeRequest struct {
	BrandRequest `tstype:",extends,required"`
	Email        string `json:"email"`
	Code         string `json:"code"`
	Password     string `json:"password"`
	Type         string `json:"type"`
}

// EditRequest is POST /api/user/edit's body: name only when editing the
// profile.
type EditRequest struct {
	BrandRequest `tstype:",extends,required"`
	Name         *string           `json:"name"`
	CustomFields map[string]string `json:"customFields"`
}

// LogoutRequest is POST /api/session/logout's body: the app names its
// session (SessionID); the web's is its cookie or Authorization header.
type LogoutRequest struct {
	SessionID    string `json:"sessionId"`
	BrandRequest `tstype:",extends,required"`
}

// DeleteAccountRequest is POST /api/user/delete's body: the member's
// password, as MD5 hex (as LoginRequest's).
type DeleteAccountRequest struct {
	BrandRequest `tstype:",extends,required"`
	Password     string `json:"password"`
}

// DeletedAccount is POST /api/user/delete's answer: the account deleted.
type DeletedAccount struct {
	UserID int64 `json:"userId"`
}

// FreezeRequest is POST /api/user/freeze's body: a membership freeze
// (暫停會籍) the member asks for, with its reason (abroad, injury,
// pregnancy, military, transfer, voluntary), first and last frozen days
// (YYYY-MM-DD) and the evidence (a note: where, the diagnosis, ...).
type FreezeRequest struct {
	BrandRequest `tstype:",extends,required"`
	Reason       string `json:"reason"`
	Start        string `json:"start"`
	End          string `json:"end"`
	Evidence     string `json:"evidence"`
}

// Freeze is one of the member's freezes. State: requested (DecideBy is
// the last day the studio decides by), approved, rejected (DecidedNote
// says why) or ended.
type Freeze struct {
	ID          int64  `json:"id"`
	Reason      string `json:"reason"`
	Start       string `json:"start"`
	End         string `json:"end"`
	Evidence    string `json:"evidence"`
	State       string `json:"state"`
	DecideBy    string `json:"decideBy"`
	DecidedNote string `json:"decidedNote"`
}

// Freezes is GET /api/user/freezes's answer: the member's freezes, the
// latest first.
type Freezes struct {
	Freezes []Freeze `json:"freezes"`
}

// UnsubscribeRequest is POST /api/user/unSubscribe's body: Unsubscribe
// absent means true.
type UnsubscribeRequest struct {
	BrandRequest `tstype:",extends,required"`
	Unsubscribe  *bool `json:"unsubscribe"`
}

// LinkRequest is a mailed link's values as its landing page posts them.
type LinkRequest struct {
	BrandRequest `tstype:",extends,required"`
	UserID       int64  `json:"userId"`
	Token        string `json:"token"`
	Password     string `json:"password"`
}

// Brand is the brand id a request names (every request embeds
// BrandRequest).
func (b *BrandRequest) Brand() string { return b.BrandID }

// SessionFor is the session id an answer carries: id for the app, "" for
// a browser.
func (a AppRequest) SessionFor(id string) string {
	if a.From == "app" {
		return id
	}
	return ""
}

// TimetablePage is the timetable's data (GET /api/schedule/timetable
// answers the same): the day strip, the day shown and its filters, the
// course types to filter by, and that day's sessions in time order.
type TimetablePage struct {
	Days       []rules.TimetableDay    `json:"days"`
	Date       string                  `json:"date"`
	StoreID    int64                   `json:"storeId"`
	CategoryID int64                   `json:"categoryId"`
	Categories []data.Category         `json:"categories"`
	Sessions   []data.TimetableSession `json:"sessions"`
}
