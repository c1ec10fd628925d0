package rules

import "time"

// RetentionYears is how long, after the year-end closing of the year they
// belong to, the records a business must keep are kept: accounting
// vouchers (orders, invoices, refunds) at least five years (商業會計法
// 第38條); the signed contracts are kept as long, with them.
const RetentionYears = 5

// PurgeBefore is the instant before which a deleted account's records are
// past retention at now: records of Taipei year Y close during Y+1, and
// are kept five years after that, so they may go once Y+6 has ended. It is
// the start (Taipei) of the year six years before now's: at 2033-03-01 a
// record of 2026 (closed in 2027, kept through 2032) may go, one of 2027
// may not.
func PurgeBefore(now time.Time) time.Time {
	return time.Date(now.In(Taipei).Year()-RetentionYears-1, time.January, 1, 0, 0, 0, 0, Taipei)
}
