package rules

// PayUnit is the unit of what a booking paid by kind took: visits of a
// count or package ticket, points, hours, a timing card's minutes, or
// nothing (a passcard, a seat bought at checkout).
func PayUnit(payKind, ticketType string) string {
	switch payKind {
	case "timing":
		return UnitMinute
	case "ticket":
		switch TicketKind(ticketType) {
		case TicketKindPoint:
			return UnitPoint
		case TicketKindHour:
			return UnitHour
		}
		return UnitVisit
	}
	return UnitNone
}

// Units of what a booking consumes.
const (
	UnitVisit  = "visit"
	UnitPoint  = "point"
	UnitHour   = "hour"
	UnitMinute = "minute"
	UnitNone   = "none"
)
