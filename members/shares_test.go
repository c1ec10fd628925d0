package members

import (
	"context"
	"fmt"
	"storefront"
	"sync"
	"testing"

	"storefront/data/dbtest"
)

// shareFixture is the demo member, their point ticket and what it holds.
type shareFixture struct {
	f      *Flows
	from   int64 // member@example.com of demo
	to     int64 // member2@example.com of demo
	ticket int64
	held   int
}

func newShareFixture(t *testing.T) *shareFixture {
	f, _, _ := newFlows(t)
	x := &shareFixture{f: f}
	x.from = int64(dbtest.Count(t, f.DB, `select id from users where brand_id = 'demo' and email = 'member@example.com'`))
	x.to = int64(dbtest.Count(t, f.DB, `select id from users where brand_id = 'demo' and email = 'member2@example.com'`))
	x.ticket = int64(dbtest.Count(t, f.DB, `select min(id) from member_tickets where user_id = $1 and ticket_type = 'onlinePoint'`, x.from))
	x.held = dbtest.Count(t, f.DB, `select remain from member_tickets where id = $1`, x.ticket)
	return x
}

func (x *shareFixture) share(key, account string, points int) Share {
	return Share{BrandID: "demo", From: x.from, Account: account, TicketID: x.ticket, Points: points, Key: key}
}

// moved is what the ticket's shares moved so far, each side summed in SQL:
// the points the shares recorded, the points the receiver's tickets from
// them hold, and the sender's points left.
func (x *shareFixture) moved(t *testing.T) (shared, received, remain int) {
	t.Helper()
	err := x.f.DB.Pool.QueryRow(context.Background(), `select
		coalesce((select sum(points) from point_shares where from_ticket = $1), 0),
		coalesce((select sum(r.remain) from point_shares s join member_tickets r on r.id = s.to_ticket where s.from_ticket = $1), 0),
		(select remain from member_tickets where id = $1)`, x.ticket).Scan(&shared, &received, &remain)
	if err != nil {
		t.Fatal(err)
	}
	return
}

// TestSharePoints: a share moves the points once; a repeat of its key
// answers the first answer and moves nothing more; a share of more points
// than held, to oneself, of no points, to no one or from a ticket that is
// not a point ticket is refused and changes nothing.
func TestSharePoints(t *testing.T) {
	ctx := context.Background()
	x := newShareFixture(t)
	first, err := x.f.SharePoints(ctx, x.share("k1", "member2@example.com", 5))
	if err != nil {
		t.Fatal(err)
	}
	if first.ShareID == 0 || first.Points != 5 || first.Remain != x.held-5 {
		t.Fatalf("share = %+v; want 5 points, %d left", first, x.held-5)
	}
	if shared, received, remain := x.moved(t); shared != 5 || received != 5 || remain != x.held-5 {
		t.Fatalf("moved: shared %d, received %d, left %d; want 5, 5, %d", shared, received, remain, x.held-5)
	}
	count0 := dbtest.Count(t, x.f.DB, `select count(*) from booking_requests`)

	for _, c := range []struct {
		name  string
		share Share
		code  int // 0: answers the first share
	}{
		{name: "the same request again", share: x.share("k1", "member2@example.com", 5)},
		{name: "the same key with other points", share: x.share("k1", "member2@example.com", 7)},
		{name: "more points than held", share: x.share("k2", "member2@example.com", x.held-5+1), code: storefront.CodeNotEnoughPoints},
		{name: "to oneself", share: x.share("k3", "member@example.com", 1), code: storefront.CodeBadRequest},
		{name: "to oneself by phone", share: x.share("k3", "0912-345-678", 1), code: storefront.CodeBadRequest},
		{name: "no points", share: x.share("k4", "member2@example.com", 0), code: storefront.CodeBadRequest},
		{name: "to no one", share: x.share("k5", "nobody@example.com", 1), code: storefront.CodeAccountNotFound},
		{name: "a malformed account", share: x.share("k5", "xyz", 1), code: storefront.CodeBadRequest},
		{name: "from a count ticket", share: func() Share {
			s := x.share("k6", "member2@example.com", 1)
			s.TicketID = int64(dbtest.Count(t, x.f.DB, `select min(id) from member_tickets where user_id = $1 and ticket_type = 'count'`, x.from))
			return s
		}(), code: storefront.CodeNotFound},
		{name: "from another's ticket", share: func() Share {
			s := x.share("k7", "member2@example.com", 1)
			s.TicketID = int64(dbtest.Count(t, x.f.DB, `select min(id) from member_tickets where user_id = $1`, x.to))
			return s
		}(), code: storefront.CodeNotFound},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := x.f.SharePoints(ctx, c.share)
			switch {
			case c.code == 0 && (err != nil || *got != *first):
				t.Fatalf("SharePoints = %+v, %v; want the first answer %+v", got, err, first)
			case c.code != 0 && (err == nil || storefront.AsError(err).Code != c.code):
				t.Fatalf("SharePoints = %+v, %v; want code %d", got, err, c.code)
			}
			if shared, received, remain := x.moved(t); shared != 5 || received != 5 || remain != x.held-5 {
				t.Fatalf("moved: shared %d, received %d, left %d; want what the first share moved", shared, received, remain)
			}
			if n := dbtest.Count(t, x.f.DB, `select count(*) from booking_requests`); n != count0 {
				t.Fatalf("idempotency keys %d → %d", count0, n)
			}
		})
	}
}

// TestSharesNeverTakeMoreThanHeld: 20 shares of 3 points at once from a
// ticket holding 10 take 9: three go, the others are
// storefront.CodeNotEnoughPoints, and the points shared, received and left
// add up to the 10 held.
func TestSharesNeverTakeMoreThanHeld(t *testing.T) {
	ctx := context.Background()
	x := newShareFixture(t)
	if _, err := x.f.DB.Pool.Exec(ctx, `update member_tickets set remain = 10 where id = $1`, x.ticket); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	gone, short := 0, 0
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := x.f.SharePoints(ctx, x.share(fmt.Sprint("race-", i), "member2@example.com", 3))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				gone++
			case storefront.AsError(err).Code == storefront.CodeNotEnoughPoints:
				short++
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if gone != 3 || short != 17 {
		t.Fatalf("%d shares went, %d were short; want 3 and 17", gone, short)
	}
	if shared, received, remain := x.moved(t); shared != 9 || received != 9 || remain != 1 {
		t.Fatalf("shared %d, received %d, left %d; want 9, 9, 1", shared, received, remain)
	}
}
