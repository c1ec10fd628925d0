package rules

import "strings"

// Ticket kinds: the numeric group of a ticket type (spec section 3).
const (
	TicketKindOther   = 0
	TicketKindPoint   = 1
	TicketKindCount   = 2
	TicketKindHour    = 3
	TicketKindPackage = 4
)

// TicketKind returns the numeric group of a ticket type: point kinds 1,
// count kinds 2, hour kinds 3, package kinds 4, otherwise 0. Coupon and
// private-coach variants belong to their base kind:
//
//	onlinePoint, point, couponPoint, privatePoint, privateCouponPoint -> 1
//	count, couponCount, privateCount, privateCouponCount               -> 2
//	hour, couponHour, privateHour, privateCouponHour                   -> 3
//	package, privatePackage                                            -> 4
func TicketKind(ticketType string) int {
	base := strings.TrimPrefix(ticketType, "private")
	base = strings.TrimPrefix(base, "Coupon")
	base = strings.TrimPrefix(base, "coupon")
	base = strings.TrimPrefix(base, "online")
	switch strings.ToLower(base) {
	case "point":
		return TicketKindPoint
	case "count":
		return TicketKindCount
	case "hour":
		return TicketKindHour
	case "package":
		return TicketKindPackage
	}
	return TicketKindOther
}
