package data

import (
	"context"
	"errors"
	"fmt"
	"storefront"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// Bookings: a member's seat in one class session, paid by one
// entitlement they hold; the waiting list of a full session. The rules
// are in rules/booking.go; the flows that change these rows (book,
// cancel, promote, check in) are in package booking, each one transaction
// of Tx.

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
	// LateCancel: the course lets the member cancel online after
	// CancelDeadline, until the start, the entitlement forfeited
	// (rules/policy.go); Forfeited: this booking was cancelled so, what it
	// took not given back; NoShow: not checked in by the end of the class
	// (a course that counts no-shows).
	LateCancel bool `json:"lateCancel"`
	Forfeited  bool `json:"forfeited"`
	NoShow     bool `json:"noShow"`
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

// bookingCols reads a Booking from bookings b joined by bookingJoin; a
// session of a term class is named by the class ("週末皮拉提斯養成班｜週日上午"),
// which the member enrolled in, not by its course.
const bookingCols = `b.id, b.schedule_id, c.id, coalesce(tcl.name, c.name), coalesce(t.name, ''), c.store_id, st.name, st.phone,
	b.starts_at, b.ends_at, c.private_coach, b.status, b.pay_kind,
	coalesce(p.name, k.name, tc.name, ''), b.consumed, coalesce(k.ticket_type, ''),
	b.starts_at - make_interval(hours => c.cancel_hours), b.checked_in_at, b.cancelled_at, b.created_at, coalesce(b.order_id, 0),
	c.late_cancel = 'forfeit', b.late_cancel, b.no_show_at is not null`

const bookingJoin = `bookings b
	join course_schedules s on s.id = b.schedule_id
	join courses c on c.id = s.course_id
	join stores st on st.id = c.store_id
	left join teachers t on t.id = s.teacher_id
	left join member_passcards p on p.id = b.passcard_id
	left join member_tickets k on k.id = b.ticket_id
	left join member_counting_passcards tc on tc.id = b.counting_passcard_id
	left join term_classes tcl on tcl.id = s.term_class_id`

// bookingFields are the fields bookingCols fill, in their order
// (ticketType: the ticket's type, for the unit).
func bookingFields(b *Booking, ticketType *string) []any {
	return []any{&b.ID, &b.ScheduleID, &b.CourseID, &b.CourseName, &b.CoachName, &b.StoreID, &b.StoreName, &b.StorePhone,
		&b.StartsAt, &b.EndsAt, &b.PrivateCoach, &b.Status, &b.PayKind, &b.PayName, &b.Consumed, ticketType,
		&b.CancelDeadline, &b.CheckedInAt, &b.CancelledAt, &b.CreatedAt, &b.OrderID, &b.LateCancel, &b.Forfeited, &b.NoShow}
}

func scanBooking(r pgx.Row, b *Booking) error {
	var ticketType string
	err := r.Scan(bookingFields(b, &ticketType)...)
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

// Booking returns one of the member's bookings; not found is
// storefront.CodeBookingNotFound.
func (db *DB) Booking(ctx context.Context, userID, bookingID int64) (*Booking, error) {
	b := &Booking{}
	err := scanBooking(db.Pool.QueryRow(ctx, `select `+bookingCols+` from `+bookingJoin+` where b.id = $1 and b.user_id = $2`,
		bookingID, userID), b)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, codeErr(storefront.KindNotFound, storefront.CodeBookingNotFound)
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
		err := r.Scan(append(bookingFields(b, &ticketType), &p.Total)...)
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

// Conflicts lists the member's live bookings overlapping start..end,
// other than of the session itself (the conflict check).
func (db *DB) Conflicts(ctx context.Context, userID, scheduleID int64, start, end time.Time) ([]Booking, error) {
	return queryList(ctx, db, scanBooking, `select `+bookingCols+` from `+bookingJoin+`
		where b.user_id = $1 and b.schedule_id <> $2 and b.status <> 'cancelled' and b.starts_at < $4 and b.ends_at > $3
		order by b.starts_at`, userID, scheduleID, start, end)
}
