package members

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"storefront"
	"time"

	"storefront/data"
	"storefront/mail"
	"storefront/providers"
	"storefront/rules"
)

// LINE Login's flows: a login leaves for LINE with a random state and
// nonce recorded server-side and bound to the browser (the secret of an
// HttpOnly cookie, kept by host); its callback is believed once, from that
// browser, within lineLoginLife, and only with an ID token LINE signed for
// the brand's channel and this login's nonce. Then a linked LINE user is
// logged in; a LINE user no member yet waits for the registration form
// (RegisterWithLine), never linked to an account because its e-mail
// matches; a member who started from the member centre (password
// confirmed) is linked. Every login offers the friendship of the brand's
// LINE Official Account (bot_prompt) and asks LINE, with the login's
// access token, whether the user is its friend: the fact is recorded on
// the link (data.Tx.SetLineFriend), so notifications go by LINE only to a
// friend.

// lineLoginLife is how long a LINE login may take from its start to its
// callback; linePendingLife how long a new LINE user may then take to
// fill in the registration form.
const (
	lineLoginLife   = 10 * time.Minute
	linePendingLife = 30 * time.Minute
)

// LineStart is a LINE login about to start.
type LineStart struct {
	Brand       *data.Brand
	Channel     providers.LineLogin
	RedirectURI string // the brand's callback, absolute
	Next        string // the page to go back to (rules.NextPath; else the home)
	// BrowserSecret is the browser's cookie secret, "" for a new one.
	BrowserSecret string
	UserID        int64 // the member linking LINE (password confirmed); 0: a login
}

// StartLine records a LINE login and answers where the browser goes and
// the browser's secret (for its HttpOnly cookie).
func (f *Flows) StartLine(ctx context.Context, s LineStart) (authorizeURL, browserSecret string, err error) {
	browserSecret = s.BrowserSecret
	if !wellFormedSecret(browserSecret) {
		browserSecret = randomSecret()
	}
	state, nonce := randomSecret(), randomSecret()
	next, ok := rules.NextPath(s.Next)
	if !ok {
		next = "/"
	}
	now := f.Now()
	err = f.DB.StartLineLogin(ctx, data.LineLoginStart{StateHash: digest(state), BrowserHash: digest(browserSecret), BrandID: s.Brand.ID,
		Nonce: nonce, Next: next, UserID: s.UserID, Now: now, Expires: now.Add(lineLoginLife)})
	if err != nil {
		return "", "", err
	}
	return s.Channel.AuthorizeURL(providers.LineAuthorize{RedirectURI: s.RedirectURI, State: state, Nonce: nonce, BotPrompt: "normal"}),
		browserSecret, nil
}

// LineCallback is LINE's answer coming back to the brand's callback.
type LineCallback struct {
	Brand         *data.Brand
	Channel       providers.LineLogin
	RedirectURI   string
	BrowserSecret string // the browser's cookie secret
	State, Code   string
	Error         string // LINE's error (access_denied: the user cancelled)
	SessionUserID int64  // the request's logged-in member, 0 none
}

// LineOutcome is what a callback did.
type LineOutcome struct {
	Next string
	// User is the member to log in (a linked LINE user).
	User *data.User
	// Linked: the logged-in member is now linked; Register: a new LINE
	// user waits for the registration form; Cancelled: the user cancelled
	// at LINE.
	Linked, Register, Cancelled bool
}

// errLineState is a callback whose state is forged, replayed, expired or
// another browser's.
var errLineState = &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeLineState}

// LineCallback checks a callback (state: once, this browser's, in time;
// then the code exchanged and the ID token verified) and does what it
// asks: a login, a link, or a new LINE user held for registering.
func (f *Flows) LineCallback(ctx context.Context, c LineCallback) (*LineOutcome, error) {
	if !wellFormedSecret(c.State) {
		return nil, errLineState
	}
	now := f.Now()
	stateHash := digest(c.State)
	claim, err := f.DB.ClaimLineLogin(ctx, stateHash, c.Brand.ID, now)
	switch {
	case err != nil:
		return nil, err
	case claim == nil || !wellFormedSecret(c.BrowserSecret) || !hmac.Equal(claim.BrowserHash, digest(c.BrowserSecret)) ||
		!now.Before(claim.Expires): // claimed all the same: a state is tried once
		return nil, errLineState
	case claim.UserID != 0 && claim.UserID != c.SessionUserID: // a link is the member's who started it, still logged in
		return nil, errLineState
	}
	out := &LineOutcome{Next: claim.Next}
	if c.Error != "" || c.Code == "" {
		out.Cancelled = true
		return out, nil
	}
	id, err := c.Channel.Exchange(ctx, c.Code, c.RedirectURI, claim.Nonce, now)
	if providers.IsLineLoginRefused(err) {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeLineRefused, Err: err}
	}
	if err != nil {
		return nil, &storefront.Error{Kind: storefront.KindUnavailable, Code: storefront.CodeUnavailable, Err: err}
	}
	var friend *bool
	if is, err := c.Channel.Friendship(ctx, id.AccessToken); err == nil { // unanswered: not known (LINE is tried, its refusal settles it)
		friend = &is
	}
	known := func(t *data.Tx) error {
		if friend == nil {
			return nil
		}
		_, err := t.SetLineFriend(c.Brand.ID, data.LineFriendship{Sub: id.Sub, Friend: *friend, At: now})
		return err
	}
	if claim.UserID != 0 {
		err := f.DB.InTx(ctx, func(t *data.Tx) error {
			if err := t.LinkLine(c.Brand.ID, claim.UserID, c.Channel.ChannelID, id.Sub, now); err != nil {
				return err
			}
			return known(t)
		})
		if err != nil {
			return nil, err
		}
		out.Linked = true
		return out, nil
	}
	if out.User, err = f.DB.LineUser(ctx, c.Brand.ID, c.Channel.ChannelID, id.Sub); err != nil {
		return out, err
	}
	if out.User != nil {
		if friend == nil {
			return out, nil
		}
		return out, f.DB.InTx(ctx, known)
	}
	out.Register = true
	err = f.DB.HoldLineRegistration(ctx, stateHash, data.LineIdentity{ChannelID: c.Channel.ChannelID, Sub: id.Sub,
		Name: id.Name, Email: id.Email, Friend: friend}, now.Add(linePendingLife))
	return out, err
}

// LinePending is the new LINE user waiting in the browser of
// browserSecret to register at brand b; CodeLineNoPending when none.
func (f *Flows) LinePending(ctx context.Context, b *data.Brand, browserSecret string) (*data.LinePending, error) {
	var p *data.LinePending
	var err error
	if wellFormedSecret(browserSecret) {
		p, err = f.DB.LinePending(ctx, digest(browserSecret), b.ID, f.Now())
	}
	if err == nil && p == nil {
		err = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeLineNoPending}
	}
	return p, err
}

// RegisterWithLine registers the new LINE user waiting in the browser of
// browserSecret as Register does (the brand's fields and terms, the
// verification mail), without a password, linked to that LINE user, in
// one transaction; the e-mail of a member is CodeLineEmailTaken (log in
// with the password, then link from the member centre): never linked
// because the e-mail matches.
func (f *Flows) RegisterWithLine(ctx context.Context, b *data.Brand, shop mail.Brand, browserSecret string, reg Registration) (*data.User, error) {
	pending, err := f.LinePending(ctx, b, browserSecret)
	if err != nil {
		return nil, err
	}
	if reg.Next == "" {
		reg.Next = pending.Next
	}
	u, err := f.register(ctx, b, shop, reg, false, func(t *data.Tx, u *data.User) error {
		p, err := t.TakeLinePending(digest(browserSecret), b.ID, f.Now())
		if err != nil {
			return err
		}
		if p == nil { // taken by a registration racing this one
			return &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeLineNoPending}
		}
		if err := t.LinkLine(b.ID, u.ID, p.ChannelID, p.Sub, f.Now()); err != nil || p.Friend == nil {
			return err
		}
		_, err = t.SetLineFriend(b.ID, data.LineFriendship{Sub: p.Sub, Friend: *p.Friend, At: p.FriendAt})
		return err
	})
	if err != nil && storefront.AsError(err).Code == storefront.CodeAlreadyRegistered {
		return nil, at("email", &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeLineEmailTaken})
	}
	return u, err
}

// randomSecret is 32 random bytes, base64url.
func randomSecret() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// wellFormedSecret reports whether s can be one of randomSecret's.
func wellFormedSecret(s string) bool {
	b, err := base64.RawURLEncoding.DecodeString(s)
	return err == nil && len(b) == 32
}

// digest is what is kept of a secret: its SHA-256.
func digest(s string) []byte {
	sum := sha256.Sum256([]byte(s))
	return sum[:]
}
