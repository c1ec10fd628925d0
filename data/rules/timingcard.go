package rules

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
