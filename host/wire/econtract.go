package wire

import (
	"time"

	"storefront/data"
)

// The contract of e-contracts and the app bridge: the e-contract
// page's data, /api/contract's bodies and answers, the member's signed
// contracts, and the holdings' QR tokens. Generated for the app with the
// rest of the contract (make contract).

// ContractField is a field the member fills before signing.
type ContractField struct {
	Key      string `json:"key"`
	Label    string `json:"label"`
	Required bool   `json:"required"`
}

// ContractTemplate is the newest version of an operator's contract: what
// the member reads and signs. Body is rich text (a small HTML subset: p,
// h2, h3, ul, ol, li, strong, em, br), shown as given; TextSHA256 is the
// hex SHA-256 of Body's exact UTF-8 bytes, sent back when signing.
type ContractTemplate struct {
	ID         int64           `json:"id"`
	Name       string          `json:"name"`
	Version    int             `json:"version"`
	Title      string          `json:"title"`
	Body       string          `json:"body"`
	TextSHA256 string          `json:"textSha256"`
	Fields     []ContractField `json:"fields"`
}

// SignedContract is a contract a member signed (read-only).
type SignedContract struct {
	ID         int64  `json:"id"`
	ContractID int64  `json:"contractId"`
	Name       string `json:"name"`
	Title      string `json:"title"`
	Version    int    `json:"version"`
	TextSHA256 string `json:"textSha256"`
	// SignerName is the name the member typed; Account is their account
	// as it was at signing.
	SignerName string        `json:"signerName"`
	Account    SignedAccount `json:"account"`
	// Fields are the values the member filled, by ContractField key.
	Fields   map[string]string `json:"fields"`
	SignedAt time.Time         `json:"signedAt"`
	// PdfURL downloads the signed contract as a PDF (the member only).
	PdfURL string `json:"pdfUrl"`
}

// SignedAccount is the account that signed a contract, as it was at
// signing: its name, e-mail and member number.
type SignedAccount struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	MemberNo int64  `json:"memberNo"`
}

// EContractPage is the e-contract page's data and the answer of GET
// /api/contract?brandId=&contractId= (or &itemId=&storeId=: the contract
// an item bought in a store needs): the template, the member's signed
// record of its newest version (null when not signed or not logged in)
// and whether the page is read-only (signed).
type EContractPage struct {
	Template *ContractTemplate `json:"template" tstype:",required"`
	Record   *SignedContract   `json:"record" tstype:"SignedContract | null,required"`
	ReadOnly bool              `json:"readOnly"`
	// StoreID is the store of the page's path (0 none).
	StoreID int64 `json:"storeId"`
	// PagePath is the e-contract page of this template under the brand
	// (/e-contract/{storeId}/{contractId}): the please-sign dialog goes
	// there, with query back= the checkout to return to.
	PagePath string `json:"pagePath"`
}

// SignContractRequest is POST /api/contract's body: the member agrees to
// version Version of contract ContractID, whose text had the hex SHA-256
// TextSHA256. An outdated version or a hash that is not the text's is
// refused (-56); a version already signed is -57.
type SignContractRequest struct {
	BrandID    string `json:"brandId"`
	ContractID int64  `json:"contractId"`
	StoreID    int64  `json:"storeId,omitempty"`
	Version    int    `json:"version"`
	TextSHA256 string `json:"textSha256"`
	SignerName string `json:"signerName"`
	// Fields: a value for each required ContractField key.
	Fields map[string]string `json:"fields"`
	// Signature is the drawn signature: a PNG, as a data URL
	// (data:image/png;base64,...) or bare base64, at most 256 KiB.
	Signature string `json:"signature"`
}

// SignedContractList is GET /api/user/contracts?brandId=: the member's
// signed contracts, newest first (member centre).
type SignedContractList struct {
	Contracts []SignedContract `json:"contracts"`
}

// HoldingQR is GET /api/user/getToken?brandId=&kind=&holdingId=: a signed,
// short-lived token for the QR code of a quantity passcard (kind
// quantityPasscard, module QUANTITY_PASSCARD_QR) or the timing card
// (kind timingCard, module TIMING_CARD_QR; holdingId 0). Fetch a new one
// before ExpiresAt.
type HoldingQR struct {
	Kind      string    `json:"kind" tstype:"'quantityPasscard' | 'timingCard'"`
	HoldingID int64     `json:"holdingId"`
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// BrandUserLists is GET /api/brand/user?brandId=: the member's point list
// (their tickets: stored-value points and count cards) and passcard list.
type BrandUserLists struct {
	PointList    []data.MemberTicket   `json:"pointList"`
	PasscardList []data.MemberPasscard `json:"passcardList"`
}

// PointShareInfo is GET /api/user/getPointShareInfo?brandId=[&account=]
// (module PLAN_SHARING): the member's point tickets they may share, their
// shares sent and received (the other member's name masked), and, with
// account (an e-mail or phone of a member of the brand), who would
// receive (masked), so the member can check before sharing.
type PointShareInfo struct {
	Shareable []data.MemberTicket `json:"shareable"`
	Shares    []data.PointShare   `json:"shares"`
	Recipient string              `json:"recipient,omitempty"`
}

// PointShareRequest is POST /api/user/pointShare's body, with the header
// Idempotency-Key (required: a repeat shares nothing more): points of the
// member's point ticket to the member of the brand whose account (e-mail
// or phone) this is.
type PointShareRequest struct {
	BrandRequest `tstype:",extends,required"`
	TicketID     int64  `json:"ticketId"`
	Account      string `json:"account"`
	Points       int    `json:"points"`
}

// NewposTicketList is GET /api/user/getNewposTicketList?brandId=&status=
// &pageNumber=&pageSize=: the member's tickets of a brand on the ticket
// payment service (isNewposStore), newest first, filtered by status
// (active, notActive, expired, usedUp; empty: all) and paged.
type NewposTicketList struct {
	Tickets    []data.MemberTicket `json:"tickets"`
	Total      int                 `json:"total"`
	PageNumber int                 `json:"pageNumber"`
	PageSize   int                 `json:"pageSize"`
}

// RegisterLoginAnswer is the answer of POST /api/session/register (and
// purchaseVerify/register) and, as AddUserAnswer.Member, of POST
// /api/user/add: the new member, logged in at once (the verification mail
// is on its way: MailSent).
type RegisterLoginAnswer struct {
	LoginAnswer `tstype:",extends,required"`
	MailSent    bool `json:"mailSent"`
}

// AddUserRequest is POST /api/user/add's body: a member of another brand
// of this storefront joins this one with that account (its e-mail and
// password, as LoginRequest), accepting the terms and filling this
// brand's custom fields. Two steps: without Confirm the answer shows the
// account's name and nothing is created; with Confirm the member joins
// under Name (the name they confirmed or corrected; empty: the account's).
type AddUserRequest struct {
	BrandRequest `tstype:",extends,required"`
	Email        string            `json:"email"`
	Password     string            `json:"password"`
	CustomFields map[string]string `json:"customFields"`
	AcceptTerms  bool              `json:"acceptTerms"`
	Confirm      bool              `json:"confirm"`
	Name         string            `json:"name"`
	AppRequest   `tstype:",extends,required"`
}

// AddUserAnswer is POST /api/user/add's answer: the name the member joins
// under (to show them before they confirm), and once they confirmed
// (Joined) the new member, logged in.
type AddUserAnswer struct {
	Name   string               `json:"name"`
	Joined bool                 `json:"joined"`
	Member *RegisterLoginAnswer `json:"member,omitempty"`
}
