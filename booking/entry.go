package booking

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"storefront"
	"time"

	"storefront/data"
	"storefront/rules"
)

// Entry kinds: the holding QR codes the studio's door scanner reads.
const (
	EntryQuantityPasscard = "quantityPasscard"
	EntryTimingCard       = "timingCard"
)

// Entry is what one read of a holding QR at the studio's door did.
type Entry struct {
	Kind      string `json:"kind"`
	HoldingID int64  `json:"holdingId"` // the count card (0: the timing card)
	Name      string `json:"name"`      // the count card's name
	// Remain: the count card's visits left, or the minutes left on the
	// member's active timing cards after this read
	Remain int `json:"remain"`
	// Action: "used" (a count card's visit), "visitStarted" or
	// "visitEnded" (the timing card)
	Action string            `json:"action"`
	Visit  *data.TimingVisit `json:"visit,omitempty"`
	// Replayed: the token had been read before; this is that read's answer
	// and nothing changed
	Replayed bool `json:"replayed"`
}

// Enter uses the holding a scanned token names, in one transaction, once
// per token: a quantity passcard gives one visit (starting an ATTEND
// card's validity); the timing card opens a visit, or closes the open
// one and takes its minutes (rounded up) from the cards ending first,
// keeping what they could not pay as overdue. Reading the same token
// again answers the first answer and changes nothing.
func (f *Flows) Enter(ctx context.Context, w Who, kind string, holdingID int64, token string) (*Entry, error) {
	now := f.Now()
	today := rules.DayOf(now)
	sum := sha256.Sum256([]byte(token))
	key := "entry:" + hex.EncodeToString(sum[:])
	var e *Entry
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		answer, claimed, err := t.Claim(w.User.ID, key)
		if err != nil || !claimed {
			if err == nil {
				e = &Entry{}
				err = json.Unmarshal(answer, e)
				e.Replayed = true
			}
			return err
		}
		if _, err := t.LockMembers(w.Brand.ID, []int64{w.User.ID}); err != nil {
			return err
		}
		e = &Entry{Kind: kind, HoldingID: holdingID}
		switch kind {
		case EntryQuantityPasscard:
			err = useVisit(t, w, e, today)
		case EntryTimingCard:
			err = timingVisit(t, w, e, now, today)
		default:
			err = &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: storefront.TextEntryKindUnknown}
		}
		if err != nil {
			return err
		}
		answer, _ = json.Marshal(e)
		return t.Finish(nil, w.User.ID, key, answer)
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// useVisit takes one visit of the count card e names: a BOOKING or
// ATTEND card not started yet starts today.
func useVisit(t *data.Tx, w Who, e *Entry, today rules.TaipeiDay) error {
	h, err := t.LockCountTicket(w.Brand.ID, w.User.ID, e.HoldingID, today.String())
	if err != nil {
		return err
	}
	activates, p, ok := rules.CoversClass(h.Entitlement, today)
	if !ok {
		return fail(storefront.KindConflict, storefront.CodeOutsideValidity)
	}
	if ap, starts := rules.AttendStarts(h.Entitlement, today); starts {
		activates, p = true, ap
	}
	if h.Remain < 1 {
		return fail(storefront.KindConflict, storefront.CodeNoVisitsLeft)
	}
	if !activates {
		p = rules.Period{}
	}
	if err := t.UseVisit(h, p); err != nil {
		return err
	}
	e.Action, e.Name, e.Remain = "used", h.Name, h.Remain-1
	return nil
}

// timingVisit opens the member's visit on the timing card (activating a
// card not yet active when no active one has minutes), or closes the open
// one.
func timingVisit(t *data.Tx, w Who, e *Entry, now time.Time, today rules.TaipeiDay) error {
	cards, err := t.LockTimingCards(w.User.ID, today.String())
	if err != nil {
		return err
	}
	v, err := t.OpenVisit(w.User.ID)
	if err != nil {
		return err
	}
	var active []data.Held
	var remains []int
	left := 0
	for _, c := range cards {
		if !c.StartsOn.IsZero() && !today.Before(c.StartsOn) {
			active, remains, left = append(active, c), append(remains, c.Remain), left+c.Remain
		}
	}
	if v == nil {
		var activate int64
		if left == 0 {
			for _, c := range cards {
				if c.StartsOn.IsZero() && c.Remain > 0 {
					activate, left = c.ID, c.Remain
					break
				}
			}
		}
		if left == 0 {
			return fail(storefront.KindConflict, storefront.CodeNoMinutesLeft)
		}
		if v, err = t.StartVisit(w.Brand.ID, w.User.ID, now, activate, today.String()); err != nil {
			return err
		}
		e.Action, e.Remain, e.Visit = "visitStarted", left, v
		return nil
	}
	minutes := rules.VisitMinutes(v.StartedAt, now)
	take, overdue := rules.ChargeMinutes(remains, minutes)
	if err := t.EndVisit(v, now, minutes, active, take, overdue); err != nil {
		return err
	}
	e.Action, e.Remain, e.Visit = "visitEnded", left-(minutes-overdue), v
	return nil
}
