package data

import (
	"context"
	"errors"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"storefront/rules"
)

// Term-schedule sales (migration 011). A term order buys a
// class of a term whole (its sessions still to come, priced pro rata once
// the term has begun) or one trial session. Creating the order holds the
// seats of those sessions in a term_holds row, in the order's transaction:
// a conditional update of course_schedules.booked on the sessions locked
// in id order, so two buyers of the last seat never both get it. Paying
// books the held sessions; failing, cancelling or expiring the order
// releases the seats. The unique indexes of term_holds keep one live trial
// per member and term, and one live hold per member and class.

// TermOffer is a term class as it can be bought at a moment: its full
// price, the sessions left, the price now (pro rata), the seats left in
// every session to come and in the next one (a trial's).
type TermOffer struct {
	TermScheduleID int64  `json:"termScheduleId"`
	ScheduleID     int64  `json:"scheduleId"` // the class (the spec's scheduleId)
	TermName       string `json:"termName"`
	Name           string `json:"name"`
	CourseID       int64  `json:"courseId"`
	StoreID        int64  `json:"storeId"`
	StoreName      string `json:"storeName"`
	// Price is the whole term's price; PriceNow what joining now costs
	// (rules.ProRata over the sessions left).
	Price    int `json:"price"`
	PriceNow int `json:"priceNow"`
	// TrialPrice is a trial session's price; null: the class has no trial.
	TrialPrice        *int   `json:"trialPrice" tstype:"number | null,required"`
	TotalSessions     int    `json:"totalSessions"`
	RemainingSessions int    `json:"remainingSessions"`
	SeatsLeft         int    `json:"seatsLeft"`      // the fewest over the sessions to come
	TrialSeatsLeft    int    `json:"trialSeatsLeft"` // in the next session
	NextSession       string `json:"nextSession"`    // YYYY-MM-DD HH:MM, "" when none
	// Started: the term's first session is past (joining is pro rata).
	Started bool `json:"started"`
}

// termOfferSQL reads the on-shelf classes of brand $1 (term $2 and class
// $3 when not 0) as at Taipei wall time $4.
const termOfferSQL = `
	select tc.term_schedule_id, tc.id, ts.name, tc.name, tc.course_id, c.store_id, st.name, tc.price, tc.trial_price,
	       (select count(*) from course_schedules s where s.term_class_id = tc.id)::int,
	       (select count(*) from course_schedules s where s.term_class_id = tc.id and (s.date + s.start_time) > $4::timestamp)::int,
	       coalesce((select min(s.capacity - s.booked) from course_schedules s
	                  where s.term_class_id = tc.id and (s.date + s.start_time) > $4::timestamp), 0)::int,
	       coalesce(n.left, 0)::int, coalesce(n.at, '')
	  from term_classes tc
	  join term_schedules ts on ts.id = tc.term_schedule_id
	  join courses c on c.id = tc.course_id
	  join stores st on st.id = c.store_id
	  left join lateral (select s.capacity - s.booked as left, to_char(s.date + s.start_time, 'YYYY-MM-DD HH24:MI') as at
	                       from course_schedules s where s.term_class_id = tc.id and (s.date + s.start_time) > $4::timestamp
	                      order by s.date, s.start_time, s.id limit 1) n on true
	 where tc.brand_id = $1 and ts.on_shelf and ($2 = 0 or tc.term_schedule_id = $2) and ($3 = 0 or tc.id = $3)
	 order by ts.sort, ts.id, tc.sort, tc.id
	 limit 500`

func scanTermOffer(r pgx.Row, o *TermOffer) error {
	err := r.Scan(&o.TermScheduleID, &o.ScheduleID, &o.TermName, &o.Name, &o.CourseID, &o.StoreID, &o.StoreName, &o.Price,
		&o.TrialPrice, &o.TotalSessions, &o.RemainingSessions, &o.SeatsLeft, &o.TrialSeatsLeft, &o.NextSession)
	if err != nil {
		return err
	}
	o.Started = o.RemainingSessions < o.TotalSessions
	o.PriceNow, _ = rules.ProRata(o.Price, o.TotalSessions, o.RemainingSessions)
	return nil
}

// TermOffers lists the brand's on-shelf term classes as they can be
// bought at now (termID 0: of every term; classID 0: every class).
func (db *DB) TermOffers(ctx context.Context, brandID string, termID, classID int64, now time.Time) ([]TermOffer, error) {
	return queryList(ctx, db, scanTermOffer, termOfferSQL, brandID, termID, classID, rules.Wall(now))
}

// TermOffer is one class of term termID as it can be bought at now;
// unknown is not found.
func (db *DB) TermOffer(ctx context.Context, brandID string, termID, classID int64, now time.Time) (*TermOffer, error) {
	if termID == 0 || classID == 0 {
		return nil, errTermClassNotFound
	}
	l, err := db.TermOffers(ctx, brandID, termID, classID, now)
	if err != nil {
		return nil, err
	}
	if len(l) == 0 {
		return nil, errTermClassNotFound
	}
	return &l[0], nil
}

var errTermClassNotFound = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextNoTermClass}

// TermHolds reports whether member userID holds a live trial of term
// termID and a live seat in class classID (bought or being paid).
func (db *DB) TermHolds(ctx context.Context, userID, termID, classID int64) (trial, class bool, err error) {
	err = db.Pool.QueryRow(ctx, `select
		exists (select 1 from term_holds where user_id = $1 and term_schedule_id = $2 and trial and released_at is null),
		exists (select 1 from term_holds where user_id = $1 and term_class_id = $3 and not trial and released_at is null)`,
		userID, termID, classID).Scan(&trial, &class)
	return trial, class, dbErr(err)
}

// Refusals of a term purchase.
var (
	ErrTermFull       = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeTermFull}
	ErrTrialUsed      = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeTrialUsed}
	ErrTermEnrolled   = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeTermEnrolled}
	ErrTermNoSessions = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeTermNoSessions}
)

// insertTermLine writes order orderID's line for a term class (l.TermClassID
// of term l.TermScheduleID; a trial when l.Trial) and holds its seats: the
// price is read here (pro rata, or the trial's), a price other than the one
// shown is storefront.CodePriceChanged, a session without a seat storefront.CodeTermFull, a
// second live trial or class of the member storefront.CodeTrialUsed or
// storefront.CodeTermEnrolled. The caller's transaction rolls everything back on a
// refusal.
func insertTermLine(ctx context.Context, tx pgx.Tx, brandID string, orderID int64, l NewOrderLine, now time.Time) error {
	var name string
	var price int
	var courseStore int64
	var trialPrice *int
	err := tx.QueryRow(ctx, `select tc.name, tc.price, tc.trial_price, c.store_id from term_classes tc
		  join term_schedules ts on ts.id = tc.term_schedule_id join courses c on c.id = tc.course_id
		 where tc.brand_id = $1 and tc.term_schedule_id = $2 and tc.id = $3 and ts.on_shelf
		   for share of tc`, brandID, l.TermScheduleID, l.TermClassID).Scan(&name, &price, &trialPrice, &courseStore)
	if errors.Is(err, pgx.ErrNoRows) {
		return errTermClassNotFound
	} else if err != nil {
		return err
	}
	var total int
	var coming []int64
	if err := tx.QueryRow(ctx, `select count(*)::int,
			coalesce(array_agg(id order by date, start_time, id) filter (where (date + start_time) > $2::timestamp), '{}')
		  from course_schedules where term_class_id = $1`, l.TermClassID, rules.Wall(now)).Scan(&total, &coming); err != nil {
		return err
	}
	if len(coming) == 0 {
		return ErrTermNoSessions
	}
	unit := 0
	if l.Trial {
		if trialPrice == nil {
			return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeTermNoSessions, Message: storefront.TextNoTrial}
		}
		unit, coming, name = *trialPrice, coming[:1], name+storefront.TextTrialSuffix
	} else if unit, err = rules.ProRata(price, total, len(coming)); err != nil {
		return ErrTermNoSessions
	}
	if unit != l.ShownPrice {
		return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodePriceChanged, Message: PriceChangedMessage(unit)}
	}
	if err := takeTermSeats(ctx, tx, coming); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `insert into term_holds (order_id, brand_id, user_id, term_schedule_id, term_class_id, trial, sessions, created_at)
		select $1, o.brand_id, o.user_id, $2, $3, $4, $5, $6 from orders o where o.id = $1`,
		orderID, l.TermScheduleID, l.TermClassID, l.Trial, coming, now)
	if err := holdConflict(err); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `insert into order_lines (order_id, term_class_id, trial, name, unit_price, quantity, store_id, salesman_id)
		values ($1, $2, $3, $4, $5, 1, $6, nullif($7, 0))`, orderID, l.TermClassID, l.Trial, name, unit, courseStore, l.SalesmanID)
	return err
}

// takeTermSeats takes one seat in each session, all or none: the rows
// are locked in id order (two buyers never wait on each other crosswise),
// then booked rises only where a seat is left.
func takeTermSeats(ctx context.Context, tx pgx.Tx, sessions []int64) error {
	if _, err := tx.Exec(ctx, `select id from course_schedules where id = any($1) order by id for update`, sessions); err != nil {
		return err
	}
	tag, err := tx.Exec(ctx, `update course_schedules set booked = booked + 1 where id = any($1) and booked < capacity`, sessions)
	if err != nil {
		return err
	}
	if int(tag.RowsAffected()) != len(sessions) {
		return ErrTermFull
	}
	return nil
}

// holdConflict names the unique index a term hold ran into.
func holdConflict(err error) error {
	var pg *pgconn.PgError
	if errors.As(err, &pg) && pg.Code == "23505" {
		switch pg.ConstraintName {
		case "term_holds_trial":
			return ErrTrialUsed
		case "term_holds_class":
			return ErrTermEnrolled
		}
	}
	return err
}

// releaseTermHolds gives back the seats of order orderID's live, unbooked
// hold (the order failed, was cancelled or expired).
func releaseTermHolds(ctx context.Context, tx pgx.Tx, orderID int64, at time.Time) error {
	_, err := tx.Exec(ctx, `with h as (
			update term_holds set released_at = $2 where order_id = $1 and released_at is null and booked_at is null returning sessions)
		update course_schedules s set booked = s.booked - 1 from h where s.id = any(h.sessions) and s.booked > 0`, orderID, at)
	return err
}

// bookTermHold books the sessions of paid order o's hold (bookings paid
// by the order). A hold released before the payment came (the order had
// expired) takes its seats again when every session still has one;
// otherwise the payment is taken and nothing is booked (the studio
// refunds it: the order's events say so).
func bookTermHold(ctx context.Context, tx pgx.Tx, o *Order, at time.Time) error {
	var id int64
	var sessions []int64
	var released *time.Time
	err := tx.QueryRow(ctx, `select id, sessions, released_at from term_holds where order_id = $1 for update`, o.ID).
		Scan(&id, &sessions, &released)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	if released != nil {
		sp, err := tx.Begin(ctx)
		if err != nil {
			return err
		}
		if err := retakeHold(ctx, sp, id, sessions); err != nil {
			sp.Rollback(ctx)
			if storefront.AsError(err).Kind == storefront.KindInternal {
				return err
			}
			return addEvent(ctx, tx, o.ID, o.State, o.State, Change{Cause: "paid after its seats were released: " + storefront.AsError(err).Message + " (refund)", At: at})
		}
		if err := sp.Commit(ctx); err != nil {
			return err
		}
	}
	rows, err := tx.Query(ctx, `insert into bookings (brand_id, user_id, store_id, schedule_id, starts_at, ends_at, pay_kind, order_id)
		select $2, $3, c.store_id, s.id, (s.date + s.start_time) at time zone 'Asia/Taipei', (s.date + s.end_time) at time zone 'Asia/Taipei',
		       'order', $4
		  from course_schedules s join courses c on c.id = s.course_id where s.id = any($1)
		on conflict (schedule_id, user_id) where status <> 'cancelled' do nothing
		returning id, starts_at`, sessions, o.BrandID, o.UserID, o.ID)
	if err != nil {
		return err
	}
	type made struct {
		ID    int64
		Start time.Time
	}
	booked, err := pgx.CollectRows(rows, pgx.RowToStructByPos[made])
	if err != nil {
		return err
	}
	t := &Tx{ctx: ctx, tx: &pipe{Tx: tx}}
	for _, b := range booked { // each session's reminder, as a booking of its own queues it
		if err := t.QueueReminder(o.BrandID, o.UserID, b.ID, b.Start, at); err != nil {
			return err
		}
	}
	_, err = t.tx.Exec(ctx, `update term_holds set booked_at = $2 where id = $1`, id, at) // with the reminders' jobs
	return err
}

// retakeHold takes the seats of released hold id again and makes it live.
func retakeHold(ctx context.Context, tx pgx.Tx, id int64, sessions []int64) error {
	if err := takeTermSeats(ctx, tx, sessions); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `update term_holds set released_at = null where id = $1`, id)
	return dbErr(holdConflict(err))
}
