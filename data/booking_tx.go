package data

import (
	"context"
	"errors"
	"storefront"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"storefront/rules"
)

// The booking flows' side of the database (package booking): sessions with
// their courses' rules, what a member holds that can pay, and Tx,
// the one transaction of each use case. The wire types and the lists are
// in bookings.go.

// SessionInfo is a class session with its course's booking rules.
type SessionInfo struct {
	ScheduleID  int64
	BrandID     string
	CourseID    int64
	CourseName  string
	StoreID     int64
	StoreName   string
	StorePhone  string
	StoreAddr   string
	TeacherName string
	TermClassID int64
	Capacity    int
	Booked      int
	// Price of one seat bought at checkout: the course's lowest price, or
	// the term class's price.
	Price int
	// NeedsVerifiedEmail: the brand wants a verified e-mail before booking.
	NeedsVerifiedEmail bool
	// NoShowCounted: the course counts a booking not checked in by the end
	// of the class as a no-show (rules.NoShowCounted).
	NoShowCounted bool
	rules.Session
}

// SeatsLeft is capacity minus booked.
func (s *SessionInfo) SeatsLeft() int { return max(0, s.Capacity-s.Booked) }

const sessionCols = `s.id, s.brand_id, c.id, c.name, c.store_id, st.name, st.phone, st.address, coalesce(t.name, ''),
	coalesce(s.term_class_id, 0), s.capacity, s.booked,
	coalesce((select price from term_classes where id = s.term_class_id), c.min_price), br.booking_needs_verified_email,
	(s.date + s.start_time) at time zone 'Asia/Taipei', (s.date + s.end_time) at time zone 'Asia/Taipei',
	c.private_coach, coalesce(c.points_cost, 0), coalesce(c.hours_cost, 0), c.count_allowed, c.passcard_allowed,
	c.timing_allowed, c.booking_opens_hours, c.booking_closes_minutes, c.cancel_hours, c.late_cancel = 'forfeit',
	c.no_show = 'counted'`

const sessionJoin = `course_schedules s
	join courses c on c.id = s.course_id
	join stores st on st.id = c.store_id
	join brands br on br.id = s.brand_id
	left join teachers t on t.id = s.teacher_id`

func scanSession(r pgx.Row, s *SessionInfo) error {
	return r.Scan(&s.ScheduleID, &s.BrandID, &s.CourseID, &s.CourseName, &s.StoreID, &s.StoreName, &s.StorePhone, &s.StoreAddr,
		&s.TeacherName, &s.TermClassID, &s.Capacity, &s.Booked, &s.Price, &s.NeedsVerifiedEmail, &s.Start, &s.End,
		&s.PrivateCoach, &s.PointsCost, &s.HoursCost, &s.CountAllowed, &s.PasscardAllowed, &s.TimingAllowed,
		&s.OpensHours, &s.ClosesMinutes, &s.CancelHours, &s.LateCancel, &s.NoShowCounted)
}

// errSessionNotFound: no such session of the brand.
var errSessionNotFound = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextSessionNotFound}

// Sessions returns the brand's sessions by id (any that are not the
// brand's are left out), in id order.
func (db *DB) Sessions(ctx context.Context, brandID string, ids []int64) ([]SessionInfo, error) {
	return queryList(ctx, db, scanSession, sessionsSQL, brandID, ids)
}

const sessionsSQL = `select ` + sessionCols + ` from ` + sessionJoin + `
	where s.brand_id = $1 and s.id = any($2) order by s.id`

// Sessions is DB.Sessions in the transaction (unlocked), in one round
// trip with the writes waiting in it.
func (t *Tx) Sessions(brandID string, ids []int64) ([]SessionInfo, error) {
	var out []SessionInfo
	b := &pgx.Batch{}
	b.Queue(sessionsSQL, brandID, ids).Query(func(rows pgx.Rows) (err error) {
		out, err = collectSessions(rows)
		return err
	})
	return out, dbErr(t.tx.SendBatch(t.ctx, b).Close())
}

// GenericPlans has the transaction's statements run on their generic
// plans. PostgreSQL plans a prepared statement afresh at each execution
// while its plan for those values looks cheaper than its generic plan,
// and for a booking's reads of its sessions (id = any($2), joined to
// their course, store, brand and teacher), the members' lock and the
// entitlements' read it always did: under the bookings bench their
// planning took more of PostgreSQL's CPU than running them (bind 1.0,
// 0.14 and 0.22 ms, execute 0.05 ms or less), three of them under the
// session's lock.
func (t *Tx) GenericPlans() {
	t.queue(nil, `set local plan_cache_mode = force_generic_plan`)
}

// Held is an entitlement a member holds, with its name.
type Held struct {
	rules.Entitlement
	Name string
}

// heldSelect selects a member's live entitlements of one kind ($1 user,
// $2 the store of the session, $3 today): passcards not ended, tickets and
// timing cards with something left, each as a Held. An item limited to
// some stores is usable at those.
func heldSelect(kind string) string {
	table, cols := "", ""
	switch kind {
	case rules.KindPasscard:
		table = "member_passcards x"
		cols = `'passcard', x.id, '', 0, x.activation_type, to_char(x.starts_on, 'YYYY-MM-DD'), to_char(x.ends_on, 'YYYY-MM-DD'),
		        coalesce(x.validity_value, 0), coalesce(x.validity_unit, ''), true`
	case rules.KindTicket:
		table = "member_tickets x"
		cols = `'ticket', x.id, x.ticket_type, x.remain, x.activation_type, to_char(x.starts_on, 'YYYY-MM-DD'), to_char(x.ends_on, 'YYYY-MM-DD'),
		        coalesce(x.validity_value, 0), coalesce(x.validity_unit, ''), x.remain > 0`
	default:
		table = "member_counting_passcards x"
		cols = `'timing', x.id, '', x.remain_minutes, '', to_char(x.activated_on, 'YYYY-MM-DD'), to_char(x.ends_on, 'YYYY-MM-DD'),
		        0, '', x.available and x.remain_minutes > 0`
	}
	return `select ` + cols + `,
	       (not exists (select 1 from item_stores i where i.item_id = x.item_id)
	        or exists (select 1 from item_stores i where i.item_id = x.item_id and i.store_id = $2)), x.name
	  from ` + table + ` where x.user_id = $1 and x.revoked_at is null and (x.ends_on is null or x.ends_on >= $3::date)`
}

// holdingsSQL lists every live entitlement of a member (heldSelect).
var holdingsSQL = heldSelect(rules.KindPasscard) + " union all " + heldSelect(rules.KindTicket) + " union all " + heldSelect(rules.KindTiming)

func scanHeld(r pgx.Row, h *Held) error {
	var starts, ends *string
	err := r.Scan(&h.Kind, &h.ID, &h.TicketType, &h.Remain, &h.StartType, &starts, &ends, &h.ValidityValue, &h.ValidityUnit,
		&h.Available, &h.UsableAtStore, &h.Name)
	if starts != nil {
		h.StartsOn, _ = rules.ParseDay(*starts)
	}
	if ends != nil {
		h.EndsOn, _ = rules.ParseDay(*ends)
	}
	return err
}

// Holdings lists what the member holds that may pay for a class at store
// (see holdingsSQL), oldest first.
func (db *DB) Holdings(ctx context.Context, userID, storeID int64, today string) ([]Held, error) {
	return queryList(ctx, db, scanHeld, holdingsSQL+` order by 2`, userID, storeID, today)
}

// LiveBookingState is a member's live booking of a session, and their place
// on its waiting list.
type LiveBookingState struct {
	ScheduleID      int64
	BookingID       int64
	Status          string
	WaitingPosition int
}

// SeatStates returns, for each of the sessions, how many wait on its list
// and, with userID, the member's booking and waiting position.
func (db *DB) SeatStates(ctx context.Context, ids []int64, userID int64) (waiting map[int64]int, mine map[int64]LiveBookingState, err error) {
	waiting, mine = map[int64]int{}, map[int64]LiveBookingState{}
	rows, err := queryList(ctx, db, func(r pgx.Row, s *LiveBookingState) error {
		var count int
		err := r.Scan(&s.ScheduleID, &count, &s.BookingID, &s.Status, &s.WaitingPosition)
		waiting[s.ScheduleID] = count
		return err
	}, `
		select x.id,
		       (select count(*) from booking_waitlist w where w.schedule_id = x.id and w.status = 'waiting'),
		       coalesce((select b.id from bookings b where b.schedule_id = x.id and b.user_id = $2 and b.status <> 'cancelled'), 0),
		       coalesce((select b.status from bookings b where b.schedule_id = x.id and b.user_id = $2 and b.status <> 'cancelled'), ''),
		       coalesce((select position from (select user_id, row_number() over (order by created_at, id) as position
		                    from booking_waitlist w where w.schedule_id = x.id and w.status = 'waiting') q where q.user_id = $2), 0)
		  from unnest($1::bigint[]) as x(id)`, ids, userID)
	if err != nil {
		return nil, nil, err
	}
	for _, s := range rows {
		if s.BookingID != 0 || s.WaitingPosition != 0 {
			mine[s.ScheduleID] = s
		}
	}
	return waiting, mine, nil
}

// WaitingPlace is a member's latest entry on a session's waiting list.
type WaitingPlace struct {
	Status, Reason  string
	Position, Count int
}

// WaitingPlace returns the member's place on the session's list.
func (db *DB) WaitingPlace(ctx context.Context, userID, scheduleID int64) (*WaitingPlace, error) {
	return waitingPlace(ctx, db.Pool, userID, scheduleID)
}

func waitingPlace(ctx context.Context, q querier, userID, scheduleID int64) (*WaitingPlace, error) {
	p := &WaitingPlace{}
	err := q.QueryRow(ctx, `
		with queue as (select user_id, row_number() over (order by created_at, id) as position
		                 from booking_waitlist where schedule_id = $2 and status = 'waiting')
		select coalesce((select status from booking_waitlist where schedule_id = $2 and user_id = $1 order by created_at desc, id desc limit 1), ''),
		       coalesce((select reason from booking_waitlist where schedule_id = $2 and user_id = $1 order by created_at desc, id desc limit 1), ''),
		       coalesce((select position from queue where user_id = $1), 0),
		       (select count(*) from queue)`, userID, scheduleID).Scan(&p.Status, &p.Reason, &p.Position, &p.Count)
	return p, dbErr(err)
}

// Claim claims the member's idempotency key for this transaction: true
// when it is new. Otherwise answer is the answer stored under it; a
// request with the same key still under way makes this wait until it
// ends (and claims the key if that one rolled back).
func (t *Tx) Claim(userID int64, key string) (answer []byte, claimed bool, err error) {
	tag, err := t.tx.Exec(t.ctx, claimSQL, userID, key)
	if err != nil || tag.RowsAffected() == 1 {
		return nil, err == nil, dbErr(err)
	}
	err = t.tx.QueryRow(t.ctx, answerSQL, userID, key).Scan(&answer)
	return answer, false, dbErr(err)
}

// claimSQL claims member $1's key $2; answerSQL reads its answer.
const (
	claimSQL  = `insert into booking_requests (user_id, key, answer) values ($1, $2, 'null') on conflict do nothing`
	answerSQL = `select answer from booking_requests where user_id = $1 and key = $2`
)

// LockSessions locks the brand's sessions by id, in id order; one that is
// not the brand's is not found.
func (t *Tx) LockSessions(brandID string, ids []int64) ([]SessionInfo, error) {
	rows, err := t.tx.Query(t.ctx, lockSessionsSQL, brandID, ids)
	if err != nil {
		return nil, dbErr(err)
	}
	out, err := collectSessions(rows)
	if err != nil {
		return nil, err
	}
	if len(out) != len(ids) {
		return nil, errSessionNotFound
	}
	return out, nil
}

// lockSessionsSQL locks brand $1's sessions $2 in id order.
const lockSessionsSQL = `select ` + sessionCols + ` from ` + sessionJoin + `
	where s.brand_id = $1 and s.id = any($2) order by s.id for update of s`

func collectSessions(rows pgx.Rows) ([]SessionInfo, error) {
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (SessionInfo, error) {
		var s SessionInfo
		return s, scanSession(r, &s)
	})
	return out, dbErr(err)
}

// Holdings lists the member's entitlements for a class at store (see
// DB.Holdings), unlocked: Record locks the one chosen.
func (t *Tx) Holdings(userID, storeID int64, today string) ([]Held, error) {
	rows, err := t.tx.Query(t.ctx, holdingsSQL+` order by 2`, userID, storeID, today)
	if err != nil {
		return nil, dbErr(err)
	}
	return collectHeld(rows)
}

func collectHeld(rows pgx.Rows) ([]Held, error) {
	hs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Held, error) {
		var h Held
		return h, scanHeld(r, &h)
	})
	return hs, dbErr(err)
}

// Holding reads one of the member's entitlements afresh (without a
// lock: what a booking spends is guarded where it is written, see
// Record); not found when it is not the member's or no longer live.
func (t *Tx) Holding(userID, storeID int64, today, kind string, id int64) (*Held, error) {
	h := &Held{}
	err := scanHeld(t.tx.QueryRow(t.ctx, heldSelect(kind)+` and x.id = $4`, userID, storeID, today, id), h)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeNoEntitlement}
	}
	return h, dbErr(err)
}

// LiveBooking is the member's live booking of a session (0: none).
func (t *Tx) LiveBooking(userID, scheduleID int64) (int64, error) {
	var id int64
	err := t.tx.QueryRow(t.ctx, `select id from bookings where user_id = $1 and schedule_id = $2 and status <> 'cancelled'`,
		userID, scheduleID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return id, dbErr(err)
}

// Standing is a member's standing in a session before booking it.
type Standing struct {
	Live    int64 // their live booking (0: none)
	Clash   bool  // another of their live bookings overlaps the session
	Waiting int64 // their entry on its waiting list (0: none)
}

// Standing reads the member's standing in the session start..end; with
// the member locked (LockMembers), no other booking of theirs is made
// meanwhile.
func (t *Tx) Standing(userID, scheduleID int64, start, end time.Time) (Standing, error) {
	var s Standing
	err := t.tx.QueryRow(t.ctx, standingSQL, userID, scheduleID, start, end).Scan(&s.Live, &s.Clash, &s.Waiting)
	return s, dbErr(err)
}

// standingSQL reads member $1's Standing in session $2 of $3..$4.
const standingSQL = `select
	coalesce((select id from bookings where user_id = $1 and schedule_id = $2 and status <> 'cancelled'), 0),
	exists(select 1 from bookings where user_id = $1 and schedule_id <> $2 and status <> 'cancelled'
	       and starts_at < $4 and ends_at > $3),
	coalesce((select id from booking_waitlist where user_id = $1 and schedule_id = $2 and status = 'waiting'), 0)`

// NewBooking is a booking to write: its id (reserved: BookingIDs,
// LockForBooking), the session, the member and what pays: the entitlement
// Held, or (Held nil) the paid order OrderID that bought the seat.
type NewBooking struct {
	ID      int64
	UserID  int64
	Session *SessionInfo
	Held    *Held
	Use     rules.Use
	OrderID int64
}

// ErrHoldingChanged: the entitlement a booking was to spend changed
// between reading and writing it (another booking spent it or started
// it); the flow reads it again.
var ErrHoldingChanged = errors.New("the entitlement changed meanwhile")

// Record writes a booking, the session and the member locked (see Tx),
// with the writes waiting in the transaction (its answer is known: the
// reserved id): with takeSeat it first takes a seat of the session (full
// when none is left), then spends the entitlement only while it still has
// enough (and starts its validity when the use does, only from the start
// it was read with), then inserts the booking. A second live booking of
// the member in the session is storefront.CodeAlreadyBooked; an
// entitlement spent or started meanwhile is ErrHoldingChanged. These come
// from the statement that sends the writes (and InTx).
func (t *Tx) Record(n NewBooking, takeSeat bool) {
	var passcard, ticket, timing, order *int64
	held, kind := n.Held, PayOrder
	if held == nil {
		held, order = &Held{}, &n.OrderID
	} else {
		kind = held.Kind
	}
	switch kind {
	case rules.KindPasscard:
		passcard = &held.ID
	case rules.KindTicket:
		ticket = &held.ID
	case rules.KindTiming:
		timing = &held.ID
	}
	consumed := n.Use.Cost
	if kind == rules.KindPasscard || kind == PayOrder {
		consumed = 0
	}
	b := &pgx.Batch{}
	var guards []error // the error of each statement that must change a row
	if takeSeat {
		b.Queue(`update course_schedules set booked = booked + 1 where id = $1 and booked < capacity`, n.Session.ScheduleID)
		guards = append(guards, codeErr(storefront.KindConflict, storefront.CodeSessionFull))
	}
	changed := &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeNoEntitlement, Err: ErrHoldingChanged}
	if queueSpend(b, held, consumed, true) {
		guards = append(guards, changed)
	}
	if n.Use.Activates && order == nil {
		queuePeriod(b, held.Kind, held.ID, n.Use.Period, &held.StartsOn)
		guards = append(guards, changed)
	}
	for i, q := range b.QueuedQueries {
		t.queue(func(tag pgconn.CommandTag, err error) error {
			if err == nil && tag.RowsAffected() == 0 {
				return guards[i]
			}
			return err
		}, q.SQL, q.Arguments...)
	}
	t.queue(func(_ pgconn.CommandTag, err error) error {
		if err != nil && storefront.AsError(err).Kind == storefront.KindConflict { // one live booking per member and session
			return codeErr(storefront.KindConflict, storefront.CodeAlreadyBooked)
		}
		return err
	}, `insert into bookings (id, brand_id, user_id, store_id, schedule_id, starts_at, ends_at, pay_kind,
			passcard_id, ticket_id, counting_passcard_id, consumed, activated_holding, order_id)
		overriding system value values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
		n.ID, n.Session.BrandID, n.UserID, n.Session.StoreID, n.Session.ScheduleID, n.Session.Start, n.Session.End, kind,
		passcard, ticket, timing, consumed, n.Use.Activates && order == nil, order)
}

// bookingIDsSQL reserves $1 bookings' ids.
const bookingIDsSQL = `select nextval(pg_get_serial_sequence('bookings', 'id')) from generate_series(1, $1)`

// BookingIDs reserves n bookings' ids (Record).
func (t *Tx) BookingIDs(n int) ([]int64, error) {
	rows, err := t.tx.Query(t.ctx, bookingIDsSQL, n)
	if err != nil {
		return nil, dbErr(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	return ids, dbErr(err)
}

// sendBatch sends b's statements in one round trip; into, when given,
// receives the last statement's row.
func sendBatch(ctx context.Context, tx pgx.Tx, b *pgx.Batch, into ...any) error {
	if b.Len() == 0 {
		return nil
	}
	br := tx.SendBatch(ctx, b)
	for i := range b.Len() {
		var err error
		if i == b.Len()-1 && len(into) > 0 {
			err = br.QueryRow().Scan(into...)
		} else {
			_, err = br.Exec()
		}
		if err != nil {
			br.Close()
			return dbErr(err)
		}
	}
	return dbErr(br.Close())
}

// holdingTable is the table of an entitlement kind.
func holdingTable(kind string) string {
	switch kind {
	case rules.KindPasscard:
		return "member_passcards"
	case rules.KindTicket:
		return "member_tickets"
	}
	return "member_counting_passcards"
}

// queueSpend queues taking amount from the holding (a negative amount
// gives it back), guarded: only while it has enough. It reports whether
// it queued a statement.
func queueSpend(b *pgx.Batch, h *Held, amount int, guarded bool) bool {
	guard := ""
	if guarded {
		guard = " and remain >= $2"
	}
	switch {
	case amount == 0:
		return false
	case h.Kind == rules.KindTicket:
		b.Queue(`update member_tickets set remain = remain - $2 where id = $1`+guard, h.ID, amount)
	case h.Kind == rules.KindTiming:
		b.Queue(`update member_counting_passcards set remain_minutes = remain_minutes - $2 where id = $1`+
			strings.ReplaceAll(guard, "remain", "remain_minutes"), h.ID, amount)
	default:
		return false
	}
	return true
}

// queuePeriod queues setting a holding's start and end (a zero period
// unsets them); with from, only while its start is still from.
func queuePeriod(b *pgx.Batch, kind string, id int64, p rules.Period, from *rules.TaipeiDay) {
	var start, end, was *string
	if p.Active {
		s := p.Start.String()
		start = &s
		if !p.End.IsZero() {
			e := p.End.String()
			end = &e
		}
	}
	guard, args := "", []any{id, start, end}
	if from != nil {
		guard = " and starts_on is not distinct from $4::date"
		if !from.IsZero() {
			f := from.String()
			was = &f
		}
		args = append(args, was)
	}
	if kind == rules.KindTiming {
		b.Queue(`update member_counting_passcards set activated_on = $2::date, ends_on = coalesce($3::date, ends_on) where id = $1`+
			strings.ReplaceAll(guard, "starts_on", "activated_on"), args...)
		return
	}
	b.Queue(`update `+holdingTable(kind)+` set starts_on = $2::date, ends_on = $3::date where id = $1`+guard, args...)
}

// BookingRow is a booking as the cancel and check-in rules need it.
type BookingRow struct {
	Booking
	UserID           int64
	Held             *Held // what paid; nil for a seat bought at checkout
	ActivatedHolding bool
}

// LockBooking locks one of the member's bookings (after its session and
// its member: BookingSession finds the session).
func (t *Tx) LockBooking(userID, bookingID int64) (*BookingRow, error) {
	b := &BookingRow{UserID: userID}
	var holdingID int64
	var ticketType string
	err := t.tx.QueryRow(t.ctx, `select `+bookingCols+`, b.activated_holding, coalesce(b.passcard_id, b.ticket_id, b.counting_passcard_id, 0)
		from `+bookingJoin+` where b.id = $1 and b.user_id = $2 for update of b`, bookingID, userID).Scan(
		append(bookingFields(&b.Booking, &ticketType), &b.ActivatedHolding, &holdingID)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, codeErr(storefront.KindNotFound, storefront.CodeBookingNotFound)
	}
	if err != nil {
		return nil, dbErr(err)
	}
	b.Unit = rules.PayUnit(b.PayKind, ticketType)
	if holdingID != 0 {
		b.Held = &Held{Entitlement: rules.Entitlement{Kind: b.PayKind, ID: holdingID, TicketType: ticketType}}
	}
	return b, nil
}

// BookingSession is the session of one of the member's bookings, found
// without a lock, so a use case can lock the session before the booking.
func (t *Tx) BookingSession(userID, bookingID int64) (int64, error) {
	var id int64
	err := t.tx.QueryRow(t.ctx, `select schedule_id from bookings where id = $1 and user_id = $2`, bookingID, userID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, codeErr(storefront.KindNotFound, storefront.CodeBookingNotFound)
	}
	return id, dbErr(err)
}

// Cancel cancels a booking at now: its seat is freed, what it consumed is
// given back, and a holding whose validity it started (with no other live
// booking on it) waits for its first use again. A late cancel (forfeit:
// the course's late-cancel policy) frees the seat only: what the booking
// took stays spent, and it counts as a strike (Strikes).
func (t *Tx) Cancel(bk *BookingRow, now time.Time, forfeit bool) error {
	b := &pgx.Batch{}
	b.Queue(`update bookings set status = 'cancelled', cancelled_at = $2, late_cancel = $3 where id = $1`, bk.ID, now, forfeit)
	b.Queue(`update course_schedules set booked = booked - 1 where id = $1`, bk.ScheduleID)
	if bk.Held != nil && !forfeit {
		queueSpend(b, bk.Held, -bk.Consumed, false)
	}
	if err := sendBatch(t.ctx, t.tx, b); err != nil || bk.Held == nil || !bk.ActivatedHolding || forfeit {
		return err
	}
	var others bool
	err := t.tx.QueryRow(t.ctx, `select exists(select 1 from bookings where status <> 'cancelled' and pay_kind = $1
		and coalesce(passcard_id, ticket_id, counting_passcard_id) = $2)`, bk.Held.Kind, bk.Held.ID).Scan(&others)
	if err != nil || others {
		return dbErr(err)
	}
	b = &pgx.Batch{}
	queuePeriod(b, bk.Held.Kind, bk.Held.ID, rules.Period{}, nil)
	return sendBatch(t.ctx, t.tx, b)
}

// CheckIn marks a booking attended at now and, when the holding that paid
// starts with its first check-in, starts it.
func (t *Tx) CheckIn(bk *BookingRow, now time.Time, starts *rules.Period) error {
	b := &pgx.Batch{}
	b.Queue(`update bookings set status = 'attended', checked_in_at = $2, no_show_at = null where id = $1`, bk.ID, now)
	if starts != nil && bk.Held != nil {
		queuePeriod(b, bk.Held.Kind, bk.Held.ID, *starts, nil)
	}
	return sendBatch(t.ctx, t.tx, b)
}

// HoldingTerms reads the terms of the holding that paid a booking (start
// type, dates, validity), whatever its end.
func (t *Tx) HoldingTerms(userID, storeID int64, h *Held) (*Held, error) {
	return t.Holding(userID, storeID, "-infinity", h.Kind, h.ID)
}

// LockMembers locks the brand's members by id, in id order (step 3 of
// Tx), and returns those not deleted.
func (t *Tx) LockMembers(brandID string, ids []int64) (map[int64]*User, error) {
	rows, err := t.tx.Query(t.ctx, lockMembersSQL, brandID, ids)
	if err != nil {
		return nil, dbErr(err)
	}
	us, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*User, error) { return scanUser(r) })
	if err != nil {
		return nil, dbErr(err)
	}
	out := make(map[int64]*User, len(us))
	for _, u := range us {
		out[u.ID] = u
	}
	return out, nil
}

// lockMembersSQL locks brand $1's members $2 in id order.
const lockMembersSQL = `select ` + userColumns + ` from users where brand_id = $1 and id = any($2) and deleted_at is null
	order by id for no key update`

// Waiter is a member waiting for a seat.
type Waiter struct {
	EntryID int64
	UserID  int64
}

// Waiters lists the session's waiting list in order, locked.
func (t *Tx) Waiters(scheduleID int64) ([]Waiter, error) {
	rows, err := t.tx.Query(t.ctx, `select id, user_id from booking_waitlist where schedule_id = $1 and status = 'waiting'
		order by created_at, id for update`, scheduleID)
	if err != nil {
		return nil, dbErr(err)
	}
	ws, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Waiter, error) {
		var w Waiter
		return w, r.Scan(&w.EntryID, &w.UserID)
	})
	return ws, dbErr(err)
}

// EndWait closes a waiting-list entry: promoted (with its booking),
// skipped (with the reason) or left.
func (t *Tx) EndWait(entryID int64, status, reason string, bookingID int64, now time.Time) error {
	var bid *int64
	if bookingID != 0 {
		bid = &bookingID
	}
	t.queue(nil, `update booking_waitlist set status = $2, reason = $3, booking_id = $4, updated_at = $5 where id = $1`,
		entryID, status, reason, bid, now)
	return nil
}

// Wait puts the member on the session's waiting list and reports whether
// they joined now (a second time changes nothing).
func (t *Tx) Wait(brandID string, userID, scheduleID int64, now time.Time) (bool, error) {
	tag, err := t.tx.Exec(t.ctx, `insert into booking_waitlist (brand_id, user_id, schedule_id, created_at, updated_at)
		values ($1, $2, $3, $4, $4) on conflict (schedule_id, user_id) where status = 'waiting' do nothing`, brandID, userID, scheduleID, now)
	return err == nil && tag.RowsAffected() == 1, dbErr(err)
}

// Leave takes the member off the session's waiting list; not waiting is
// storefront.CodeNotWaiting.
func (t *Tx) Leave(userID, scheduleID int64, now time.Time) error {
	tag, err := t.tx.Exec(t.ctx, `update booking_waitlist set status = 'left', updated_at = $3
		where user_id = $1 and schedule_id = $2 and status = 'waiting'`, userID, scheduleID, now)
	if err == nil && tag.RowsAffected() == 0 {
		return codeErr(storefront.KindNotFound, storefront.CodeNotWaiting)
	}
	return dbErr(err)
}

// WaitingPlace is DB.WaitingPlace inside the transaction.
func (t *Tx) WaitingPlace(userID, scheduleID int64) (*WaitingPlace, error) {
	return waitingPlace(t.ctx, t.tx, userID, scheduleID)
}

// Finish writes the use case's mails to the outbox and, with a key, the
// answer to the member's idempotency key, with the writes waiting (see
// Tx) in one round trip.
func (t *Tx) Finish(mails []Mail, userID int64, key string, answer []byte) error {
	b := &pgx.Batch{}
	for _, m := range mails {
		queueMail(b, m)
	}
	if key != "" {
		b.Queue(`update booking_requests set answer = $3 where user_id = $1 and key = $2`, userID, key, answer)
	}
	t.deferBatch(b)
	return t.tx.flush(t.ctx)
}

// TermClassSeats is a term class as its purchase sees it: its course,
// name, price and the seats left in every coming session (the fewest).
type TermClassSeats struct {
	CourseID  int64
	Name      string
	Price     int
	SeatsLeft int
}

// TermClassSeats returns the brand's term class classID of term termID,
// counting its sessions from now.
func (db *DB) TermClassSeats(ctx context.Context, brandID string, termID, classID int64, now time.Time) (*TermClassSeats, error) {
	c := &TermClassSeats{}
	err := db.Pool.QueryRow(ctx, `
		select tc.course_id, tc.name, tc.price,
		       coalesce((select min(s.capacity - s.booked) from course_schedules s where s.term_class_id = tc.id
		                  and (s.date + s.start_time) >= $4::timestamp), 0)
		  from term_classes tc join term_schedules ts on ts.id = tc.term_schedule_id
		 where tc.brand_id = $1 and tc.term_schedule_id = $2 and tc.id = $3 and ts.on_shelf`,
		brandID, termID, classID, rules.Wall(now)).Scan(&c.CourseID, &c.Name, &c.Price, &c.SeatsLeft)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextNoTermClass}
	}
	return c, dbErr(err)
}
