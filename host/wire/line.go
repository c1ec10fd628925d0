package wire

// LINE Login's calls (host/api_line.go).

// LineStatus is GET /api/line/status's answer: whether the brand offers
// LINE Login (its own channel), and for a logged-in member whether LINE is
// linked and the account has a password (without one, LINE cannot be
// unlinked: it is the only way in).
type LineStatus struct {
	Available   bool `json:"available"`
	Linked      bool `json:"linked"`
	HasPassword bool `json:"hasPassword"`
}

// LineLoginRequest is POST /api/line/login's body: Next is the page to go
// back to, beneath the brand's home ("/activity/1/2").
type LineLoginRequest struct {
	BrandRequest `tstype:",extends,required"`
	Next         string `json:"next,omitempty"`
}

// LineLinkRequest is POST /api/line/link's body: the logged-in member's
// password (its MD5, as a login's) confirms the link.
type LineLinkRequest struct {
	BrandRequest `tstype:",extends,required"`
	Password     string `json:"password"`
	Next         string `json:"next,omitempty"`
}

// LineAuthorize is the answer of POST /api/line/login and /api/line/link:
// the LINE page the browser goes to.
type LineAuthorize struct {
	AuthorizeURL string `json:"authorizeUrl"`
}

// LinePending is GET /api/line/pending's answer: the LINE user of this
// browser waiting to register, its name and the e-mail LINE shared ("":
// none; the form asks for one).
type LinePending struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	Next  string `json:"next"`
}

// LineRegisterRequest is POST /api/line/register's body: the registration
// form without a password (the LINE user waiting in this browser is the
// way in).
type LineRegisterRequest struct {
	BrandRequest `tstype:",extends,required"`
	Email        string            `json:"email"`
	Name         string            `json:"name"`
	CustomFields map[string]string `json:"customFields"`
	AcceptTerms  bool              `json:"acceptTerms"`
}
