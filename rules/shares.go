package rules

import (
	"slices"

	"storefront"
)

// Plan sharing's rules: which tickets' points a member may give another
// member of the brand, and how many.

// ShareableTicketTypes are the ticket types whose points may be shared:
// the point kinds a member holds for themself (not a private coach's).
var ShareableTicketTypes = []string{"onlinePoint", "point", "couponPoint"}

// MaxSharePoints bounds one share.
const MaxSharePoints = 1_000_000

// CheckRecipient refuses a share from member from to member to when they
// are the same member.
func CheckRecipient(from, to int64) error {
	if from == to {
		return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: storefront.TextShareToSelf}
	}
	return nil
}

// Share is a share a member asks for, with the ticket it takes from as it
// stands under its lock.
type Share struct {
	Points     int // asked for
	TicketType string
	Remain     int       // the ticket's points left
	Ends       TaipeiDay // the ticket's last day; zero: none
	Today      TaipeiDay
}

// CheckShare decides whether a share may go: a positive number of points
// (at most MaxSharePoints), from a ticket of a shareable type not ended by
// today, holding at least as many. A refusal is bad input, a ticket not
// found (not shareable), or storefront.CodeNotEnoughPoints.
func CheckShare(s Share) error {
	switch {
	case s.Points <= 0 || s.Points > MaxSharePoints:
		return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: storefront.TextSharePoints}
	case !slices.Contains(ShareableTicketTypes, s.TicketType) || (!s.Ends.IsZero() && s.Ends.Before(s.Today)):
		return &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextNoShareableTicket}
	case s.Points > s.Remain:
		return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeNotEnoughPoints}
	}
	return nil
}
