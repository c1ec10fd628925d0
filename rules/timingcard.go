package rules

import (
	"math"
	"time"
)

// TimingRecord is one counting (timing) passcard record as spec section 3
// names its fields.
type TimingRecord struct {
	ExpiredStatus             bool `json:"expiredStatus"`
	ActiveStatus              bool `json:"activeStatus"`
	AvailableStatus           bool `json:"availableStatus"`
	CountingPasscardRemainAmt int  `json:"countingPasscardRemainAmt"`
}

// TimingPoints computes the timing card's points (spec section 4): remain
// is the sum of countingPasscardRemainAmt over records not expired, active
// and available; notActive the sum over records not expired, not active but
// available. Expired or unavailable records count in neither.
//
//	{not expired, active, available, 300}      -> remain 300
//	{not expired, not active, available, 600}  -> notActive 600
//	{expired, active, available, 100}          -> neither
//	{not expired, active, not available, 50}   -> neither
func TimingPoints(records []TimingRecord) (remain, notActive int) {
	for _, r := range records {
		if r.ExpiredStatus || !r.AvailableStatus {
			continue
		}
		if r.ActiveStatus {
			remain += r.CountingPasscardRemainAmt
		} else {
			notActive += r.CountingPasscardRemainAmt
		}
	}
	return remain, notActive
}

// VisitMinutes is what a timing-card visit from start to end costs: its
// length in minutes, a started minute counting whole, at least one.
//
//	10:00:00 .. 10:00:20 -> 1
//	10:00:00 .. 11:30:00 -> 90
//	10:00:00 .. 11:30:01 -> 91
func VisitMinutes(start, end time.Time) int {
	return max(1, int(math.Ceil(end.Sub(start).Minutes())))
}

// ChargeMinutes takes minutes from the cards' remains in their order (the
// caller orders them: the one ending first first) and returns what each
// gives and what none could pay (overdue).
//
//	remains [30, 100], minutes 50 -> take [30, 20], overdue 0
//	remains [30],      minutes 50 -> take [30], overdue 20
func ChargeMinutes(remains []int, minutes int) (take []int, overdue int) {
	take = make([]int, len(remains))
	for i, r := range remains {
		n := min(max(r, 0), minutes)
		take[i], minutes = n, minutes-n
	}
	return take, minutes
}
