package data

import (
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"storefront/rules"
)

// BookingReads is what a booking reads under its locks
// (LockForBooking).
type BookingReads struct {
	Claimed  bool   // the idempotency key is this request's (always without a key)
	Answer   []byte // not Claimed: the answer stored under the key
	Sessions []SessionInfo
	Standing map[int64]Standing // by session
	Frozen   map[int64]bool     // by session: the member's membership frozen on its day
	Policy   rules.StrikePolicy // the brand's suspension rule
	Strikes  []time.Time        // the member's strikes
	// Holdings are the member's live entitlements by store (the sessions'),
	// unlocked: Record spends one only while it still pays.
	Holdings map[int64][]Held
	IDs      []int64 // an id reserved for each session's booking (Record)
}

// Suspension is the member's suspension of online booking at now (nil:
// none).
func (r *BookingReads) Suspension(now time.Time) *rules.Suspension {
	if !r.Policy.On() {
		return nil
	}
	if s, ok := rules.Suspended(r.Policy, r.Strikes, now); ok {
		return &s
	}
	return nil
}

// LockForBooking takes a booking's locks, steps 1 to 3 of Tx (the
// member's idempotency key when key is not "", the sessions, the member),
// and reads under them what the booking rules need, all in one round
// trip: for each of sessions (as read before the transaction) the
// member's Standing and freeze, their strikes and entitlements, the
// brand's rules for suspensions and reminders and the member's channel
// for the booking's notice, and an id for each booking. Sessions not the
// brand's are not found; a session moved or given another store
// meanwhile is read again as locked.
func (t *Tx) LockForBooking(brandID string, userID int64, key string, sessions []SessionInfo, today string) (*BookingReads, error) {
	r := &BookingReads{Claimed: true}
	b := &pgx.Batch{}
	if key != "" {
		b.Queue(claimSQL, userID, key).Exec(func(tag pgconn.CommandTag) error { r.Claimed = tag.RowsAffected() == 1; return nil })
		b.Queue(answerSQL, userID, key).QueryRow(func(row pgx.Row) error { return row.Scan(&r.Answer) })
	}
	ids := make([]int64, len(sessions))
	for i, s := range sessions {
		ids[i] = s.ScheduleID
	}
	b.Queue(lockSessionsSQL, brandID, ids).Query(func(rows pgx.Rows) (err error) {
		r.Sessions, err = collectSessions(rows)
		return err
	})
	b.Queue(lockMembersSQL, brandID, []int64{userID})
	if err := t.readForBooking(b, r, brandID, userID, sessions, today); err != nil {
		return nil, err
	}
	if len(r.Sessions) != len(sessions) {
		return nil, errSessionNotFound
	}
	if !slices.EqualFunc(r.Sessions, sessions, func(a, b SessionInfo) bool {
		return a.ScheduleID == b.ScheduleID && a.StoreID == b.StoreID && a.Start.Equal(b.Start) && a.End.Equal(b.End)
	}) {
		if err := t.readForBooking(&pgx.Batch{}, r, brandID, userID, r.Sessions, today); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// readForBooking sends b with the reads of LockForBooking for sessions.
func (t *Tx) readForBooking(b *pgx.Batch, r *BookingReads, brandID string, userID int64, sessions []SessionInfo, today string) error {
	r.Standing, r.Frozen, r.Holdings = map[int64]Standing{}, map[int64]bool{}, map[int64][]Held{}
	for _, s := range sessions {
		b.Queue(standingSQL, userID, s.ScheduleID, s.Start, s.End).QueryRow(func(row pgx.Row) error {
			var st Standing
			err := row.Scan(&st.Live, &st.Clash, &st.Waiting)
			r.Standing[s.ScheduleID] = st
			return err
		})
		b.Queue(frozenUntilSQL, userID, rules.DayOf(s.Start).String()).QueryRow(func(row pgx.Row) error {
			var until string
			err := row.Scan(&until)
			r.Frozen[s.ScheduleID] = until != ""
			return err
		})
		if _, ok := r.Holdings[s.StoreID]; !ok {
			r.Holdings[s.StoreID] = nil
			b.Queue(holdingsSQL+` order by 2`, userID, s.StoreID, today).Query(func(rows pgx.Rows) (err error) {
				r.Holdings[s.StoreID], err = collectHeld(rows)
				return err
			})
		}
	}
	b.Queue(strikePolicySQL, brandID).QueryRow(func(row pgx.Row) error { return scanStrikePolicy(row, &r.Policy) })
	b.Queue(strikesSQL, userID).Query(func(rows pgx.Rows) (err error) {
		r.Strikes, err = pgx.CollectRows(rows, pgx.RowTo[time.Time])
		return err
	})
	var reminder rules.Reminder
	b.Queue(reminderSQL, brandID).QueryRow(func(row pgx.Row) error { return scanReminder(row, &reminder) })
	var ch channel
	b.Queue(channelSQL, brandID, userID, NotifyBooked).QueryRow(func(row pgx.Row) error { return scanChannel(row, &ch) })
	b.Queue(bookingIDsSQL, len(sessions)).Query(func(rows pgx.Rows) (err error) {
		r.IDs, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		return err
	})
	if err := t.tx.SendBatch(t.ctx, b).Close(); err != nil {
		return dbErr(err)
	}
	if t.reminders == nil {
		t.reminders, t.channels = map[string]rules.Reminder{}, map[channelKey]channel{}
	}
	t.reminders[brandID] = reminder
	t.channels[channelKey{brandID, userID, NotifyBooked}] = ch
	return nil
}
