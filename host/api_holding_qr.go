package host

import (
	"net/http"
	"slices"
	"storefront"
	"strconv"

	"storefront/booking"
	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// Holding QR codes: the member centre shows a quantity
// passcard's QR (module QUANTITY_PASSCARD_QR) and the timing card's
// (module TIMING_CARD_QR) as signed, short-lived tokens, signed like the
// check-in QR (signToken): "h1.{brand}.{user}.{kind}.{holding id}.{expiry}.{HMAC}".

// holdingQRKinds are the kinds of holding QR with the module each needs.
var holdingQRKinds = map[string]string{"quantityPasscard": data.ModuleQuantityPasscardQR, "timingCard": data.ModuleTimingCardQR}

// errHoldingToken: a holding QR token forged, garbled or expired.
var errHoldingToken = &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeLinkTokenInvalid}

// GET /api/user/getToken?brandId=&kind=&holdingId=: a fresh QR token for
// the member's quantity passcard (holdingId, a count ticket they hold
// and can use) or timing card (holdingId 0).
func (s *Server) apiHoldingQR(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.queryMember(w, r)
	if err != nil {
		return nil, err
	}
	kind := r.URL.Query().Get("kind")
	module, ok := holdingQRKinds[kind]
	if !ok {
		return nil, badRequest(storefront.TextHoldingQRKinds)
	}
	var id int64 // the timing card: the member's one (holdingId ignored)
	if kind == "quantityPasscard" {
		q := newQuery(r.URL.Query())
		if id = q.id("holdingId", storefront.TextLabelHoldingID); q.Err() != nil {
			return nil, q.Err()
		}
	}
	if !b.ModuleSet().Has(module) {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: storefront.TextHoldingQROff}
	}
	if kind == "quantityPasscard" {
		ts, err := s.db.MemberTickets(r.Context(), m.user.ID, rules.Day(s.now()))
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(ts, func(t data.MemberTicket) bool {
			return t.ID == id && t.TicketKind == 2 && t.Status != "expired" && t.Remain > 0
		}) {
			return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextPassNotUsable}
		}
	}
	token, exp := s.signToken(checkInTTL, "h1", b.ID, strconv.FormatInt(m.user.ID, 10), kind, strconv.FormatInt(id, 10))
	return &wire.HoldingQR{Kind: kind, HoldingID: id, Token: token, ExpiresAt: exp}, nil
}

// readHoldingToken verifies a holding QR token: brand, member, kind and
// holding id.
func (s *Server) readHoldingToken(token string) (brand string, user int64, kind string, holding int64, err error) {
	f, err := s.readToken(token, "h1", 5, errHoldingToken)
	if err != nil {
		return "", 0, "", 0, err
	}
	user, err1 := strconv.ParseInt(f[2], 10, 64)
	holding, err2 := strconv.ParseInt(f[4], 10, 64)
	if err1 != nil || err2 != nil {
		return "", 0, "", 0, errHoldingToken
	}
	return f[1], user, f[3], holding, nil
}

// POST /api/checkin/holding {brandId, token}: the studio's door scanner
// (Authorization: Bearer STOREFRONT_CHECKIN_SCANNER_TOKEN, as for
// POST /api/checkin/qr) reads a member's holding QR: the token must be
// signed, unexpired and of the scanner's brand (brandId), whose module
// for that QR must be on. A quantity passcard gives one visit; the timing
// card opens or closes a visit (booking.Flows.Enter); the same token read
// again answers the first answer and changes nothing.
func (s *Server) apiHoldingScan(w http.ResponseWriter, r *http.Request) (any, error) {
	if !s.scannerAllowed(r) {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: storefront.TextScannerUnauthorized}
	}
	var req wire.HoldingScanRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	if req.BrandID == "" {
		return nil, badRequest(storefront.TextNoScannerBrand)
	}
	brandID, userID, kind, holding, err := s.readHoldingToken(req.Token)
	if err != nil {
		return nil, err
	}
	if brandID != req.BrandID {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeOtherBrandToken}
	}
	b, err := s.brand(r.Context(), brandID, nil)
	if err != nil {
		return nil, err
	}
	if module, ok := holdingQRKinds[kind]; !ok || !b.ModuleSet().Has(module) {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: storefront.TextHoldingQROff}
	}
	u, err := s.db.User(r.Context(), b.ID, userID, storefront.CodeLinkTokenInvalid)
	if err != nil {
		return nil, err
	}
	return s.bookings.Enter(r.Context(), booking.Who{Brand: b, User: u}, kind, holding, req.Token)
}
