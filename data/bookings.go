package data

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/data/rules"
)

// Bookings (issue 11): a member's seat in one class session, paid by one
// entitlement they hold; the waiting list of a full session. The rules
// are in rules/booking.go; the flows that change these rows (book,
// cancel, promote, check in) are in package booking, each one transaction
// of BookingTx.

// Payment kinds: what paid for a booking.
const (
	PayPasscard = "passcard" // a passcard valid on the class day: nothing consumed
	PayTicket   = "ticket"   // a ticket (point, count, hour, package and their variants): points, visits or hours
	PayTiming   = "timing"   // a counting (timing) passcard: the session's minutes
	PayOrder    = "order"    // a seat bought by checkout (cannot be cancelled online)
)

// Booking statuses.
const (
	BookingBooked    = "booked"
	BookingCancelled = "cancelled"
	BookingAttended  = "attended"
)

// Booking is one of a member's bookings with its session, as the member
// centre and the booking records list it.
type Booking struct {
	ID           int64     `json:"id"`
	ScheduleID   int64     `json:"scheduleId"`
	CourseID     int64     `json:"courseId"`
	CourseName   string    `json:"courseName"`
	CoachName    string    `json:"coachName"`
	StoreID      int64     `json:"storeId"`
	StoreName    string    `json:"storeName"`
	StorePhone   string    `json:"storePhone"`
	StartsAt     time.Time `json:"startsAt"`
	EndsAt       time.Time `json:"endsAt"`
	PrivateCoach bool      `json:"privateCoach"`
	// Status is booked, cancelled or attended.
	Status string `json:"status" tstype:"'booked' | 'cancelled' | 'attended'"`
	// PayKind says what paid, PayName names it, Consumed is what it took
	// (visits, points, hours or minutes; 0 for a passcard) in Unit.
	PayKind  string `json:"payKind" tstype:"'passcard' | 'ticket' | 'timing' | 'order'"`
	PayName  string `json:"payName"`
	Consumed int    `json:"consumed"`
	Unit     string `json:"unit" tstype:"'visit' | 'point' | 'hour' | 'minute' | 'none'"`
	// CancelDeadline is the last moment the booking may be cancelled
	// online (the course's rule).
	CancelDeadline time.Time  `json:"cancelDeadline"`
	CheckedInAt    *time.Time `json:"checkedInAt" tstype:"string | null,required"`
	CancelledAt    *time.Time `json:"cancelledAt" tstype:"string | null,required"`
	CreatedAt      time.Time  `json:"createdAt"`
	OrderID        int64      `json:"orderId"` // 0: not bought by checkout
}

// WaitingEntry is a member's place on a session's waiting list.
type WaitingEntry struct {
	ID         int64     `json:"id"`
	ScheduleID int64     `json:"scheduleId"`
	CourseID   int64     `json:"courseId"`
	CourseName string    `json:"courseName"`
	StoreName  string    `json:"storeName"`
	StartsAt   time.Time `json:"startsAt"`
	EndsAt     time.Time `json:"endsAt"`
	// Status is waiting, promoted (booked when a seat freed), left or
	// skipped (no longer eligible at its turn: Reason says why).
	Status string `json:"status" tstype:"'waiting' | 'promoted' | 'left' | 'skipped'"`
	Reason string `json:"reason"`
	// Position is 1 for the first waiting member; 0 when not waiting.
	Position  int       `json:"position"`
	BookingID int64     `json:"bookingId"` // the booking a promotion made; 0 none
	CreatedAt time.Time `json:"createdAt"`
}

// BookingFilter selects a member's booking records.
type BookingFilter struct {
	Status    string `json:"status" tstype:"'' | 'booked' | 'cancelled' | 'attended'"` // "" every status
	StartDate string `json:"startDate"`                                                // YYYY-MM-DD, "" none
	EndDate   string `json:"endDate"`
	StoreID   int64  `json:"storeId"`
}

// bookingCols reads a Booking from bookings b joined by bookingJoin.
const bookingCols = `b.id, b.schedule_id, c.id, c.name, coalesce(t.name, ''), c.store_id, st.name, st.phone,
	b.starts_at, b.ends_at, c.private_coach, b.status, b.pay_kind,
	coalesce(p.name, k.name, tc.name, ''), b.consumed, coalesce(k.ticket_type, ''),
	b.starts_at - make_interval(hours => c.cancel_hours), b.checked_in_at, b.cancelled_at, b.created_at, coalesce(b.order_id, 0)`

const bookingJoin = `bookings b
	join course_schedules s on s.id = b.schedule_id
	join courses c on c.id = s.course_id
	join stores st on st.id = c.store_id
	left join teachers t on t.id = s.teacher_id
	left join member_passcards p on p.id = b.passcard_id
	left join member_tickets k on k.id = b.ticket_id
	left join member_counting_passcards tc on tc.id = b.counting_passcard_id`

func scanBooking(r pgx.Row, b *Booking) error {
	var ticketType string
	err := r.Scan(&b.ID, &b.ScheduleID, &b.CourseID, &b.CourseName, &b.CoachName, &b.StoreID, &b.StoreName, &b.StorePhone,
		&b.StartsAt, &b.EndsAt, &b.PrivateCoach, &b.Status, &b.PayKind, &b.PayName, &b.Consumed, &ticketType,
		&b.CancelDeadline, &b.CheckedInAt, &b.CancelledAt, &b.CreatedAt, &b.OrderID)
	b.Unit = rules.PayUnit(b.PayKind, ticketType)
	return err
}

// MemberBookings lists the member's bookings: the upcoming ones first
// (soonest first), then the past ones (latest first).
func (db *DB) MemberBookings(ctx context.Context, userID int64, now time.Time) ([]Booking, error) {
	return queryList(ctx, db, scanBooking, `select `+bookingCols+` from `+bookingJoin+`
		 where b.user_id = $1
		 order by b.ends_at < $2, case when b.ends_at >= $2 then b.starts_at end asc, b.starts_at desc, b.id
		 limit $3`, userID, now, holdingsLimit)
}

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
	rules.Session
}

// SeatsLeft is capacity minus booked.
func (s *SessionInfo) SeatsLeft() int { return max(0, s.Capacity-s.Booked) }

const sessionCols = `s.id, s.brand_id, c.id, c.name, c.store_id, st.name, st.phone, st.address, coalesce(t.name, ''),
	coalesce(s.term_class_id, 0), s.capacity, s.booked,
	coalesce((select price from term_classes where id = s.term_class_id), c.min_price), br.booking_needs_verified_email,
	(s.date + s.start_time) at time zone 'Asia/Taipei', (s.date + s.end_time) at time zone 'Asia/Taipei',
	c.private_coach, coalesce(c.points_cost, 0), coalesce(c.hours_cost, 0), c.count_allowed, c.passcard_allowed,
	c.timing_allowed, c.booking_opens_hours, c.booking_closes_minutes, c.cancel_hours`

const sessionJoin = `course_schedules s
	join courses c on c.id = s.course_id
	join stores st on st.id = c.store_id
	join brands br on br.id = s.brand_id
	left join teachers t on t.id = s.teacher_id`

func scanSession(r pgx.Row, s *SessionInfo) error {
	return r.Scan(&s.ScheduleID, &s.BrandID, &s.CourseID, &s.CourseName, &s.StoreID, &s.StoreName, &s.StorePhone, &s.StoreAddr,
		&s.TeacherName, &s.TermClassID, &s.Capacity, &s.Booked, &s.Price, &s.NeedsVerifiedEmail, &s.Start, &s.End,
		&s.PrivateCoach, &s.PointsCost, &s.HoursCost, &s.CountAllowed, &s.PasscardAllowed, &s.TimingAllowed,
		&s.OpensHours, &s.ClosesMinutes, &s.CancelHours)
}

// errSessionNotFound: no such session of the brand.
var errSessionNotFound = &Error{Kind: KindNotFound, Code: CodeNotFound, Message: "找不到此課程場次"}

// Sessions returns the brand's sessions by id (any that are not the
// brand's are left out), in id order.
func (db *DB) Sessions(ctx context.Context, brandID string, ids []int64) ([]SessionInfo, error) {
	return queryList(ctx, db, scanSession, `select `+sessionCols+` from `+sessionJoin+`
		where s.brand_id = $1 and s.id = any($2) order by s.id`, brandID, ids)
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
	  from ` + table + ` where x.user_id = $1 and (x.ends_on is null or x.ends_on >= $3::date)`
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

// Booking returns one of the member's bookings; not found is
// CodeBookingNotFound.
func (db *DB) Booking(ctx context.Context, userID, bookingID int64) (*Booking, error) {
	b := &Booking{}
	err := scanBooking(db.Pool.QueryRow(ctx, `select `+bookingCols+` from `+bookingJoin+` where b.id = $1 and b.user_id = $2`,
		bookingID, userID), b)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, codeErr(KindNotFound, CodeBookingNotFound)
	}
	return b, dbErr(err)
}

// BookingsByID returns the member's bookings with these ids, in id order.
func (db *DB) BookingsByID(ctx context.Context, userID int64, ids []int64) ([]Booking, error) {
	return queryList(ctx, db, scanBooking, `select `+bookingCols+` from `+bookingJoin+`
		where b.id = any($1) and b.user_id = $2 order by b.id`, ids, userID)
}

// BookingRecords returns one page of the member's bookings matching f,
// latest first.
func (db *DB) BookingRecords(ctx context.Context, userID int64, f BookingFilter, pageNumber, pageSize int) (*Page[Booking], error) {
	where := []string{"b.user_id = $1"}
	args := []any{userID}
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, strings.ReplaceAll(cond, "$?", fmt.Sprintf("$%d", len(args))))
	}
	if f.Status != "" {
		add("b.status = $?", f.Status)
	}
	if f.StartDate != "" {
		add("s.date >= $?::date", f.StartDate)
	}
	if f.EndDate != "" {
		add("s.date <= $?::date", f.EndDate)
	}
	if f.StoreID != 0 {
		add("c.store_id = $?", f.StoreID)
	}
	p := &Page[Booking]{PageNumber: pageNumber, PageSize: pageSize}
	list, err := queryList(ctx, db, func(r pgx.Row, b *Booking) error {
		var ticketType string
		err := r.Scan(&b.ID, &b.ScheduleID, &b.CourseID, &b.CourseName, &b.CoachName, &b.StoreID, &b.StoreName, &b.StorePhone,
			&b.StartsAt, &b.EndsAt, &b.PrivateCoach, &b.Status, &b.PayKind, &b.PayName, &b.Consumed, &ticketType,
			&b.CancelDeadline, &b.CheckedInAt, &b.CancelledAt, &b.CreatedAt, &b.OrderID, &p.Total)
		b.Unit = rules.PayUnit(b.PayKind, ticketType)
		return err
	}, fmt.Sprintf(`select `+bookingCols+`, count(*) over () from `+bookingJoin+` where %s
		order by b.starts_at desc, b.id desc limit $%d offset $%d`, strings.Join(where, " and "), len(args)+1, len(args)+2),
		append(args, pageSize, (pageNumber-1)*pageSize)...)
	p.List = list
	return p, err
}

// WaitingEntries lists the member's waiting-list entries of sessions not
// yet begun, soonest first, with their positions.
func (db *DB) WaitingEntries(ctx context.Context, userID int64, now time.Time) ([]WaitingEntry, error) {
	return queryList(ctx, db, func(r pgx.Row, w *WaitingEntry) error {
		return r.Scan(&w.ID, &w.ScheduleID, &w.CourseID, &w.CourseName, &w.StoreName, &w.StartsAt, &w.EndsAt,
			&w.Status, &w.Reason, &w.Position, &w.BookingID, &w.CreatedAt)
	}, `
		select w.id, w.schedule_id, c.id, c.name, st.name,
		       (s.date + s.start_time) at time zone 'Asia/Taipei', (s.date + s.end_time) at time zone 'Asia/Taipei',
		       w.status, w.reason,
		       case when w.status = 'waiting' then (select count(*) from booking_waitlist o where o.schedule_id = w.schedule_id
		            and o.status = 'waiting' and (o.created_at, o.id) <= (w.created_at, w.id)) else 0 end,
		       coalesce(w.booking_id, 0), w.created_at
		  from booking_waitlist w
		  join course_schedules s on s.id = w.schedule_id
		  join courses c on c.id = s.course_id
		  join stores st on st.id = c.store_id
		 where w.user_id = $1 and (s.date + s.end_time) at time zone 'Asia/Taipei' >= $2
		 order by s.date, s.start_time, w.id limit $3`, userID, now, holdingsLimit)
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

type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
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

// BookingTx is the transaction of one booking use case (book, cancel and
// promote, check in, join or leave a waiting list): package booking runs
// the rules between its reads and writes. Every session a use case
// changes is locked first (SELECT … FOR UPDATE, in id order), then the
// entitlements it spends: two requests for the same seat or the same
// entitlement wait for each other, and the seat counter's check
// constraint is the last guard against oversell.
type BookingTx struct {
	ctx context.Context
	tx  pgx.Tx
}

// InBookingTx runs fn in one transaction (see BookingTx).
func (db *DB) InBookingTx(ctx context.Context, fn func(t *BookingTx) error) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return fn(&BookingTx{ctx: ctx, tx: tx}) })
}

// Replay returns the answer stored under the member's idempotency key, and
// holds the key until the transaction ends (a concurrent request with the
// same key waits, then finds the answer).
func (t *BookingTx) Replay(userID int64, key string) ([]byte, bool, error) {
	if _, err := t.tx.Exec(t.ctx, `select pg_advisory_xact_lock(hashtextextended($1, $2))`, key, userID); err != nil {
		return nil, false, dbErr(err)
	}
	var answer []byte
	err := t.tx.QueryRow(t.ctx, `select answer from booking_requests where user_id = $1 and key = $2`, userID, key).Scan(&answer)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	return answer, err == nil, dbErr(err)
}

// Remember stores the answer to the member's idempotency key.
func (t *BookingTx) Remember(userID int64, key string, answer []byte) error {
	_, err := t.tx.Exec(t.ctx, `insert into booking_requests (user_id, key, answer) values ($1, $2, $3)`, userID, key, answer)
	return dbErr(err)
}

// LockSessions locks the brand's sessions by id, in id order; one that is
// not the brand's is not found.
func (t *BookingTx) LockSessions(brandID string, ids []int64) ([]SessionInfo, error) {
	rows, err := t.tx.Query(t.ctx, `select `+sessionCols+` from `+sessionJoin+`
		where s.brand_id = $1 and s.id = any($2) order by s.id for update of s`, brandID, ids)
	if err != nil {
		return nil, dbErr(err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (SessionInfo, error) {
		var s SessionInfo
		return s, scanSession(r, &s)
	})
	if err != nil {
		return nil, dbErr(err)
	}
	if len(out) != len(ids) {
		return nil, errSessionNotFound
	}
	return out, nil
}

// Holdings lists the member's entitlements for a class at store (see
// DB.Holdings), unlocked: Spend locks the one chosen.
func (t *BookingTx) Holdings(userID, storeID int64, today string) ([]Held, error) {
	rows, err := t.tx.Query(t.ctx, holdingsSQL+` order by 2`, userID, storeID, today)
	if err != nil {
		return nil, dbErr(err)
	}
	hs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Held, error) {
		var h Held
		return h, scanHeld(r, &h)
	})
	return hs, dbErr(err)
}

// LockHolding locks one of the member's entitlements and reads it afresh;
// not found when it is not the member's or no longer live.
func (t *BookingTx) LockHolding(userID, storeID int64, today, kind string, id int64) (*Held, error) {
	h := &Held{}
	err := scanHeld(t.tx.QueryRow(t.ctx, heldSelect(kind)+` and x.id = $4 for update of x`, userID, storeID, today, id), h)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, &Error{Kind: KindInvalid, Code: CodeNoEntitlement}
	}
	return h, dbErr(err)
}

// LiveBooking is the member's live booking of a session (0: none).
func (t *BookingTx) LiveBooking(userID, scheduleID int64) (int64, error) {
	var id int64
	err := t.tx.QueryRow(t.ctx, `select id from bookings where user_id = $1 and schedule_id = $2 and status <> 'cancelled'`,
		userID, scheduleID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return id, dbErr(err)
}

// Conflicts lists the member's live bookings overlapping start..end,
// other than of the session itself.
func (t *BookingTx) Conflicts(userID, scheduleID int64, start, end time.Time) ([]Booking, error) {
	return conflicts(t.ctx, t.tx, userID, scheduleID, start, end)
}

// Conflicts is BookingTx.Conflicts outside a use case (the conflict check).
func (db *DB) Conflicts(ctx context.Context, userID, scheduleID int64, start, end time.Time) ([]Booking, error) {
	return conflicts(ctx, db.Pool, userID, scheduleID, start, end)
}

type queryer interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

func conflicts(ctx context.Context, q queryer, userID, scheduleID int64, start, end time.Time) ([]Booking, error) {
	rows, err := q.Query(ctx, `select `+bookingCols+` from `+bookingJoin+`
		where b.user_id = $1 and b.schedule_id <> $2 and b.status <> 'cancelled' and b.starts_at < $4 and b.ends_at > $3
		order by b.starts_at`, userID, scheduleID, start, end)
	if err != nil {
		return nil, dbErr(err)
	}
	bs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Booking, error) {
		var b Booking
		return b, scanBooking(r, &b)
	})
	if bs == nil {
		bs = []Booking{}
	}
	return bs, dbErr(err)
}

// NewBooking is a booking to write: the session, the member and what pays.
type NewBooking struct {
	UserID  int64
	Session *SessionInfo
	Held    *Held
	Use     rules.Use
}

// Book takes a seat of the session and spends the entitlement (and starts
// its validity when the use does): the session is full when no seat is
// left.
func (t *BookingTx) Book(n NewBooking) (int64, error) {
	tag, err := t.tx.Exec(t.ctx, `update course_schedules set booked = booked + 1 where id = $1 and booked < capacity`, n.Session.ScheduleID)
	if err != nil {
		return 0, dbErr(err)
	}
	if tag.RowsAffected() == 0 {
		return 0, codeErr(KindConflict, CodeSessionFull)
	}
	if err := t.spend(n.Held, n.Use.Cost, n.Use); err != nil {
		return 0, err
	}
	var passcard, ticket, timing *int64
	switch n.Held.Kind {
	case rules.KindPasscard:
		passcard = &n.Held.ID
	case rules.KindTicket:
		ticket = &n.Held.ID
	default:
		timing = &n.Held.ID
	}
	consumed := n.Use.Cost
	if n.Held.Kind == rules.KindPasscard {
		consumed = 0
	}
	var id int64
	err = t.tx.QueryRow(t.ctx, `insert into bookings (brand_id, user_id, store_id, schedule_id, starts_at, ends_at, pay_kind,
			passcard_id, ticket_id, counting_passcard_id, consumed, activated_holding)
		values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
		n.Session.BrandID, n.UserID, n.Session.StoreID, n.Session.ScheduleID, n.Session.Start, n.Session.End, n.Held.Kind,
		passcard, ticket, timing, consumed, n.Use.Activates).Scan(&id)
	if err != nil && AsError(err).Kind == KindConflict { // one live booking per member and session
		return 0, codeErr(KindConflict, CodeAlreadyBooked)
	}
	return id, dbErr(err)
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

// spend takes amount from the holding (a negative amount gives it back)
// and, when u activates it, sets its period.
func (t *BookingTx) spend(h *Held, amount int, u rules.Use) error {
	var err error
	switch h.Kind {
	case rules.KindTicket:
		_, err = t.tx.Exec(t.ctx, `update member_tickets set remain = remain - $2 where id = $1`, h.ID, amount)
	case rules.KindTiming:
		_, err = t.tx.Exec(t.ctx, `update member_counting_passcards set remain_minutes = remain_minutes - $2 where id = $1`, h.ID, amount)
	}
	if err != nil {
		return dbErr(err)
	}
	if u.Activates {
		return t.setPeriod(h.Kind, h.ID, u.Period)
	}
	return nil
}

// setPeriod sets a holding's start and end (a zero period unsets them).
func (t *BookingTx) setPeriod(kind string, id int64, p rules.Period) error {
	var start, end *string
	if p.Active {
		s := p.Start.String()
		start = &s
		if !p.End.IsZero() {
			e := p.End.String()
			end = &e
		}
	}
	if kind == rules.KindTiming {
		_, err := t.tx.Exec(t.ctx, `update member_counting_passcards set activated_on = $2::date, ends_on = coalesce($3::date, ends_on) where id = $1`, id, start, end)
		return dbErr(err)
	}
	_, err := t.tx.Exec(t.ctx, `update `+holdingTable(kind)+` set starts_on = $2::date, ends_on = $3::date where id = $1`, id, start, end)
	return dbErr(err)
}

// BookingRow is a booking as the cancel and check-in rules need it.
type BookingRow struct {
	Booking
	UserID           int64
	Held             *Held // what paid; nil for a seat bought at checkout
	ActivatedHolding bool
}

// LockBooking locks one of the member's bookings (after its session:
// LockBookingSession first).
func (t *BookingTx) LockBooking(userID, bookingID int64) (*BookingRow, error) {
	b := &BookingRow{UserID: userID}
	var kind string
	var holdingID int64
	var ticketType string
	err := t.tx.QueryRow(t.ctx, `select `+bookingCols+`, b.activated_holding, coalesce(b.passcard_id, b.ticket_id, b.counting_passcard_id, 0)
		from `+bookingJoin+` where b.id = $1 and b.user_id = $2 for update of b`, bookingID, userID).Scan(
		&b.ID, &b.ScheduleID, &b.CourseID, &b.CourseName, &b.CoachName, &b.StoreID, &b.StoreName, &b.StorePhone,
		&b.StartsAt, &b.EndsAt, &b.PrivateCoach, &b.Status, &kind, &b.PayName, &b.Consumed, &ticketType,
		&b.CancelDeadline, &b.CheckedInAt, &b.CancelledAt, &b.CreatedAt, &b.OrderID, &b.ActivatedHolding, &holdingID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, codeErr(KindNotFound, CodeBookingNotFound)
	}
	if err != nil {
		return nil, dbErr(err)
	}
	b.PayKind, b.Unit = kind, rules.PayUnit(kind, ticketType)
	if holdingID != 0 {
		b.Held = &Held{Entitlement: rules.Entitlement{Kind: kind, ID: holdingID, TicketType: ticketType}}
	}
	return b, nil
}

// BookingSession is the session of one of the member's bookings, found
// without a lock, so a use case can lock the session before the booking.
func (t *BookingTx) BookingSession(userID, bookingID int64) (int64, error) {
	var id int64
	err := t.tx.QueryRow(t.ctx, `select schedule_id from bookings where id = $1 and user_id = $2`, bookingID, userID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, codeErr(KindNotFound, CodeBookingNotFound)
	}
	return id, dbErr(err)
}

// Cancel cancels a booking at now: its seat is freed, what it consumed is
// given back, and a holding whose validity it started (with no other live
// booking on it) waits for its first use again.
func (t *BookingTx) Cancel(b *BookingRow, now time.Time) error {
	if _, err := t.tx.Exec(t.ctx, `update bookings set status = 'cancelled', cancelled_at = $2 where id = $1`, b.ID, now); err != nil {
		return dbErr(err)
	}
	if _, err := t.tx.Exec(t.ctx, `update course_schedules set booked = booked - 1 where id = $1`, b.ScheduleID); err != nil {
		return dbErr(err)
	}
	if b.Held == nil {
		return nil
	}
	if err := t.spend(b.Held, -b.Consumed, rules.Use{}); err != nil {
		return err
	}
	if !b.ActivatedHolding {
		return nil
	}
	var others bool
	err := t.tx.QueryRow(t.ctx, `select exists(select 1 from bookings where status <> 'cancelled' and pay_kind = $1
		and coalesce(passcard_id, ticket_id, counting_passcard_id) = $2)`, b.Held.Kind, b.Held.ID).Scan(&others)
	if err != nil || others {
		return dbErr(err)
	}
	return t.setPeriod(b.Held.Kind, b.Held.ID, rules.Period{})
}

// CheckIn marks a booking attended at now and, when the holding that paid
// starts with its first check-in, starts it.
func (t *BookingTx) CheckIn(b *BookingRow, now time.Time, starts *rules.Period) error {
	if _, err := t.tx.Exec(t.ctx, `update bookings set status = 'attended', checked_in_at = $2 where id = $1`, b.ID, now); err != nil {
		return dbErr(err)
	}
	if starts != nil && b.Held != nil {
		return t.setPeriod(b.Held.Kind, b.Held.ID, *starts)
	}
	return nil
}

// HoldingTerms locks the holding that paid a booking and reads its terms
// (start type, dates, validity), whatever its end.
func (t *BookingTx) HoldingTerms(userID, storeID int64, h *Held) (*Held, error) {
	return t.LockHolding(userID, storeID, "-infinity", h.Kind, h.ID)
}

// User returns a member of the brand inside the transaction.
func (t *BookingTx) User(brandID string, userID int64) (*User, error) {
	u, err := scanUser(t.tx.QueryRow(t.ctx, `select `+userColumns+` from users where brand_id = $1 and id = $2 and deleted_at is null`,
		brandID, userID))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, codeErr(KindNotFound, CodeMemberNotFound)
	}
	return u, dbErr(err)
}

// Waiter is a member waiting for a seat.
type Waiter struct {
	EntryID int64
	UserID  int64
}

// Waiters lists the session's waiting list in order, locked.
func (t *BookingTx) Waiters(scheduleID int64) ([]Waiter, error) {
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
func (t *BookingTx) EndWait(entryID int64, status, reason string, bookingID int64, now time.Time) error {
	var bid *int64
	if bookingID != 0 {
		bid = &bookingID
	}
	_, err := t.tx.Exec(t.ctx, `update booking_waitlist set status = $2, reason = $3, booking_id = $4, updated_at = $5 where id = $1`,
		entryID, status, reason, bid, now)
	return dbErr(err)
}

// Wait puts the member on the session's waiting list (a second time
// changes nothing).
func (t *BookingTx) Wait(brandID string, userID, scheduleID int64, now time.Time) error {
	_, err := t.tx.Exec(t.ctx, `insert into booking_waitlist (brand_id, user_id, schedule_id, created_at, updated_at)
		values ($1, $2, $3, $4, $4) on conflict (schedule_id, user_id) where status = 'waiting' do nothing`, brandID, userID, scheduleID, now)
	return dbErr(err)
}

// Leave takes the member off the session's waiting list; not waiting is
// CodeNotWaiting.
func (t *BookingTx) Leave(userID, scheduleID int64, now time.Time) error {
	tag, err := t.tx.Exec(t.ctx, `update booking_waitlist set status = 'left', updated_at = $3
		where user_id = $1 and schedule_id = $2 and status = 'waiting'`, userID, scheduleID, now)
	if err == nil && tag.RowsAffected() == 0 {
		return codeErr(KindNotFound, CodeNotWaiting)
	}
	return dbErr(err)
}

// WaitingPlace is DB.WaitingPlace inside the transaction.
func (t *BookingTx) WaitingPlace(userID, scheduleID int64) (*WaitingPlace, error) {
	return waitingPlace(t.ctx, t.tx, userID, scheduleID)
}

// Enqueue writes a mail to the outbox in the transaction.
func (t *BookingTx) Enqueue(m Mail) error { return enqueue(t.ctx, t.tx, m) }

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
		return nil, &Error{Kind: KindNotFound, Code: CodeNotFound, Message: "找不到此學期課程班別"}
	}
	return c, dbErr(err)
}
