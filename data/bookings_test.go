package data_test

import (
	"context"
	"storefront"
	"testing"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/rules"
)

// TestSeatCounterGuards: a seat is taken only while one is left, and the
// counter's check constraint refuses any write past the capacity.
func TestSeatCounterGuards(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()
	var id int64
	err := db.Pool.QueryRow(ctx, `insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity)
		select brand_id, id, current_date + 3, '06:00', '07:00', 1 from courses where brand_id = 'demo' limit 1 returning id`).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	var user, ticket int64
	db.Pool.QueryRow(ctx, `select user_id, id from member_tickets where brand_id = 'demo' and remain > 2 limit 1`).Scan(&user, &ticket)
	sessions, err := db.Sessions(ctx, "demo", []int64{id})
	if err != nil {
		t.Fatal(err)
	}
	take := func() error {
		return db.InTx(ctx, func(tx *data.Tx) error { // the guard's refusal comes from the commit's round trip
			ids, err := tx.BookingIDs(1)
			if err != nil {
				return err
			}
			tx.Record(data.NewBooking{ID: ids[0], UserID: user, Session: &sessions[0],
				Held: &data.Held{Entitlement: rules.Entitlement{Kind: rules.KindTicket, ID: ticket, TicketType: "count"}},
				Use:  rules.Use{Cost: 1}}, true)
			return nil
		})
	}
	if err := take(); err != nil {
		t.Fatalf("the one seat: %v", err)
	}
	if _, err := db.Pool.Exec(ctx, `update bookings set status = 'cancelled', cancelled_at = now() where schedule_id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if err := take(); storefront.AsError(err).Code != storefront.CodeSessionFull {
		t.Fatalf("a second seat: %v; want CodeSessionFull", err)
	}
	// the booking sent in the same round trip as the refused seat is not kept
	var rows int
	db.Pool.QueryRow(ctx, `select count(*) from bookings where schedule_id = $1`, id).Scan(&rows)
	if rows != 1 {
		t.Errorf("%d bookings of the session after the refusal; want the cancelled one", rows)
	}
	if _, err := db.Pool.Exec(ctx, `update course_schedules set booked = booked + 1 where id = $1`, id); storefront.ErrorKind(err) != storefront.KindInvalid {
		t.Fatalf("writing past the capacity: %v; want the check constraint's refusal", err)
	}
}

// TestIdempotencyKeyClaim: a key is claimed once; a later transaction with
// it reads the first one's answer; a rolled-back claim leaves it free.
func TestIdempotencyKeyClaim(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()
	var user int64
	db.Pool.QueryRow(ctx, `select id from users where brand_id = 'demo' and email = 'member@example.com'`).Scan(&user)
	claim := func(keep bool) (string, bool) {
		var answer []byte
		var claimed bool
		err := db.InTx(ctx, func(tx *data.Tx) (err error) {
			if answer, claimed, err = tx.Claim(user, "k1"); err != nil || !claimed {
				return err
			}
			if !keep {
				return storefront.Errorf(storefront.KindConflict, storefront.CodeSessionFull, "")
			}
			return tx.Finish(nil, user, "k1", []byte(`[42]`))
		})
		if err != nil && keep {
			t.Fatal(err)
		}
		return string(answer), claimed
	}
	if _, claimed := claim(false); !claimed {
		t.Fatal("a new key is not claimed")
	}
	if _, claimed := claim(true); !claimed {
		t.Fatal("a key whose first claim rolled back is not free")
	}
	if answer, claimed := claim(true); claimed || answer != "[42]" {
		t.Fatalf("a repeated key: claimed %v, answer %s; want the first answer", claimed, answer)
	}
}
