package data

import (
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// Class reminders' side of the database (migration 030): the brand's
// choice of when, and the mark that a booking's reminder went out.

// JobReminder is the kind of the class reminders' jobs, keyed by the
// booking, due when the reminder is (package booking queues and runs
// them).
const JobReminder = "reminder"

// ReminderJob is a reminder job's payload.
type ReminderJob struct {
	BrandID   string `json:"brandId"`
	UserID    int64  `json:"userId"`
	BookingID int64  `json:"bookingId"`
}

// QueueReminder queues the reminder of booking bookingID (member userID's
// class of brandID starting at start), made at now, when the brand sends
// reminders and its moment is still to come: in the transaction that
// makes the booking (a class booked, a waiting member promoted, a term
// class's sessions booked by its paid order), keyed by the booking, so
// each booking has one whatever replays.
func (t *Tx) QueueReminder(brandID string, userID, bookingID int64, start, now time.Time) error {
	r, err := t.Reminder(brandID)
	if err != nil || !r.On() {
		return err
	}
	at, ok := rules.ReminderAt(r, start, now)
	if !ok {
		return nil
	}
	return t.QueueJobAt(JobReminder, strconv.FormatInt(bookingID, 10), ReminderJob{BrandID: brandID, UserID: userID, BookingID: bookingID}, at)
}

// Reminder is the brand's choice of when to remind its members of a
// booked class (brand.json "reminder").
func (t *Tx) Reminder(brandID string) (rules.Reminder, error) {
	if r, ok := t.reminders[brandID]; ok {
		return r, nil
	}
	var r rules.Reminder
	return r, scanReminder(t.tx.QueryRow(t.ctx, reminderSQL, brandID), &r)
}

// reminderSQL reads brand $1's choice of reminder.
const reminderSQL = `select reminder_before_minutes,
		(extract(hour from reminder_evening_at) * 60 + extract(minute from reminder_evening_at))::int
	from brands where id = $1`

func scanReminder(row pgx.Row, r *rules.Reminder) error {
	var before *int
	err := row.Scan(&before, &r.EveningAt)
	if before != nil {
		r.Before = time.Duration(*before) * time.Minute
	}
	return dbErr(err)
}

// MarkReminded marks the booking reminded at now, when it is still booked
// and was not reminded before; false: it was cancelled, checked in or
// reminded already (send nothing). Called under the booking's lock, in
// the transaction that queues the reminder.
func (t *Tx) MarkReminded(bookingID int64, now time.Time) (bool, error) {
	tag, err := t.tx.Exec(t.ctx, `update bookings set reminded_at = $2
		where id = $1 and status = 'booked' and reminded_at is null`, bookingID, now)
	return tag.RowsAffected() == 1, dbErr(err)
}
