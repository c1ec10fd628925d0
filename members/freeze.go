package members

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"storefront"
	"storefront/data"
	"storefront/mail"
	"storefront/rules"
)

// FreezeRequest is what a member sends to freeze their membership.
type FreezeRequest struct {
	Reason   string // rules.FreezeReasons
	Start    string // YYYY-MM-DD, the first frozen day
	End      string // YYYY-MM-DD, the last frozen day
	Evidence string // the member's note: where they go, the diagnosis, ...
}

// maxEvidence is the longest note a request keeps (runes).
const maxEvidence = 500

// RequestFreeze records member u's freeze request, checked against the
// rules (rules.CheckFreeze: the reason, the dates, the brand's caps),
// in one transaction that locks the member, so two requests of theirs
// never overlap. A refusal names its field.
func (f *Flows) RequestFreeze(ctx context.Context, u *data.User, req FreezeRequest) (*data.Freeze, error) {
	now := f.Now()
	req.Evidence = strings.TrimSpace(req.Evidence)
	if utf8.RuneCountInString(req.Evidence) > maxEvidence {
		return nil, refused(&rules.FreezeRefusal{Field: "evidence", Text: storefront.TextFreezeEvidenceLong(maxEvidence)})
	}
	ask := rules.FreezeAsk{Reason: req.Reason, Evidence: req.Evidence}
	var err error
	if req.Start != "" {
		if ask.Start, err = rules.ParseDay(req.Start); err != nil {
			return nil, refused(&rules.FreezeRefusal{Field: "start", Text: err.Error()})
		}
	}
	if req.End != "" {
		if ask.End, err = rules.ParseDay(req.End); err != nil {
			return nil, refused(&rules.FreezeRefusal{Field: "end", Text: err.Error()})
		}
	}
	fz := &data.Freeze{BrandID: u.BrandID, UserID: u.ID, Reason: req.Reason, Evidence: req.Evidence, State: data.FreezeRequested,
		Start: ask.Start.String(), End: ask.End.String(), CreatedAt: now}
	err = f.DB.InTx(ctx, func(t *data.Tx) error {
		caps, err := t.FreezeCaps(u.BrandID)
		if err != nil {
			return err
		}
		if ask.Start.IsZero() || ask.End.IsZero() { // refused for its dates before the member's freezes count
			return refused(rules.CheckFreeze(caps, ask, rules.DayOf(now)))
		}
		overlaps, voluntary, err := t.LockFreezesOf(u.BrandID, u.ID, fz.Start, fz.End, ask.Start.Start().Year())
		if err != nil {
			return err
		}
		ask.VoluntaryThisYear = voluntary
		if err := rules.CheckFreeze(caps, ask, rules.DayOf(now)); err != nil {
			return refused(err)
		}
		if overlaps {
			return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeFreezeOverlap, Field: "start",
				Message: storefront.CodeText(storefront.CodeFreezeOverlap)}
		}
		fz.ID, err = t.AddFreeze(*fz, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	return fz, nil
}

// refused is a rules refusal as the visitor's error at its field.
func refused(err error) error {
	var r *rules.FreezeRefusal
	if errors.As(err, &r) {
		return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeFreezeRefused, Field: r.Field, Message: r.Text}
	}
	return err
}

// DecideFreeze records the operator's decision on freeze id of brandID
// ("": any brand's),
// in one transaction. Approved: the end of every holding of the member
// valid over the freeze moves by its days (rules.FrozenEnd), bookings in
// it are refused from now on (data.Tx.Frozen), and outbox jobs suspend
// the member's recurring plans at NewebPay on its first day and restart
// them the day after its last (which ends the freeze; a freeze already
// over when approved ends at once, its plans untouched). Either way the
// member is mailed the decision. A rejection needs a note (the reason).
func (f *Flows) DecideFreeze(ctx context.Context, brandID string, id int64, approve bool, note string) (*data.Freeze, error) {
	now := f.Now()
	note = strings.TrimSpace(note)
	if !approve && note == "" {
		return nil, &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeFreezeRefused, Field: "note",
			Message: storefront.TextFreezeRejectNote}
	}
	var fz *data.Freeze
	err := f.DB.InTx(ctx, func(t *data.Tx) (err error) {
		if fz, err = t.LockFreeze(brandID, id); err != nil {
			return err
		}
		if fz.State != data.FreezeRequested {
			return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeFreezeDecided,
				Message: storefront.CodeText(storefront.CodeFreezeDecided)}
		}
		fz.State, fz.DecidedNote, fz.DecidedAt = data.FreezeRejected, note, &now
		if approve {
			fz.State = data.FreezeApproved
		}
		if err := t.SetFreezeState(fz.ID, fz.State, note, now); err != nil {
			return err
		}
		job := data.FreezeJob{FreezeID: fz.ID, BrandID: fz.BrandID}
		key := strconv.FormatInt(fz.ID, 10)
		if err := t.QueueJob(data.JobFreezeDecided, key, job); err != nil {
			return err
		}
		if !approve {
			return nil
		}
		start, _ := rules.ParseDay(fz.Start)
		end, _ := rules.ParseDay(fz.End)
		if err := t.ShiftHoldings(fz.ID, fz.UserID, fz.Start, fz.End, rules.FreezeDays(start, end)); err != nil {
			return err
		}
		if !end.AddDays(1).Start().After(now) { // over before it was decided: no plan to suspend
			fz.State = data.FreezeEnded
			return t.SetFreezeState(fz.ID, fz.State, note, now)
		}
		if job.Plans, err = t.ActivePlans(fz.UserID); err != nil {
			return err
		}
		if err := t.QueueJobAt(data.JobFreezeStart, key, job, start.Start()); err != nil {
			return err
		}
		return t.QueueJobAt(data.JobFreezeEnd, key, job, end.AddDays(1).Start())
	})
	if err != nil {
		return nil, err
	}
	f.queued()
	return fz, nil
}

// EndFreezeEarly is the operator's early end of approved freeze id of
// brandID ("": any brand's): the membership runs again on day on (zero:
// today, Taipei), after the freeze's first day and no later than its
// last. In one transaction the freeze's last day becomes the day before
// on, the holdings it moved (and only those: one bought while it runs
// was never moved) end earlier by the days no longer frozen, the restart
// of the member's plans at NewebPay (its JobFreezeEnd, which then ends
// the freeze, retried by the outbox until NewebPay answers) is moved to
// on, and the member's mail is queued.
func (f *Flows) EndFreezeEarly(ctx context.Context, brandID string, id int64, on rules.TaipeiDay) (*data.Freeze, error) {
	now := f.Now()
	today := rules.DayOf(now)
	if on.IsZero() {
		on = today
	}
	var fz *data.Freeze
	err := f.DB.InTx(ctx, func(t *data.Tx) (err error) {
		if fz, err = t.LockFreeze(brandID, id); err != nil {
			return err
		}
		if fz.State != data.FreezeApproved {
			return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeFreezeDecided, Message: storefront.TextFreezeNotRunning}
		}
		start, _ := rules.ParseDay(fz.Start)
		end, _ := rules.ParseDay(fz.End)
		if !on.After(start) || on.After(end) || on.Before(today) {
			return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeFreezeRefused, Field: "on",
				Message: storefront.TextFreezeEndOn(fz.Start, fz.End)}
		}
		if err := t.UnshiftHoldings(fz.ID, rules.FreezeDays(on, end)); err != nil {
			return err
		}
		fz.End = on.AddDays(-1).String()
		if err := t.SetFreezeEnd(fz.ID, fz.End); err != nil {
			return err
		}
		key := strconv.FormatInt(fz.ID, 10)
		if _, err := t.MoveJob(data.JobFreezeEnd, key, on.Start()); err != nil {
			return err
		}
		return t.QueueJob(data.JobFreezeDecided, key+":ended:"+fz.End, data.FreezeJob{FreezeID: fz.ID, BrandID: fz.BrandID, EndedEarly: true})
	})
	if err != nil {
		return nil, err
	}
	f.queued()
	return fz, nil
}

// MailFreezeDecision runs a data.JobFreezeDecided job (an outbox
// handler): it queues the member's mail of the decision (or of the
// freeze's early end), composed with shop (the brand's mail identity).
func (f *Flows) MailFreezeDecision(ctx context.Context, shop func(context.Context, string) (mail.Brand, error), payload json.RawMessage) error {
	var p data.FreezeJob
	if err := json.Unmarshal(payload, &p); err != nil {
		return err
	}
	b, err := shop(ctx, p.BrandID)
	if err != nil {
		return err
	}
	err = f.DB.InTx(ctx, func(t *data.Tx) error {
		fz, err := t.LockFreeze(p.BrandID, p.FreezeID)
		if err != nil {
			return err
		}
		rows := [][2]string{{storefront.TextFreezeDays, fz.Start + " – " + fz.End},
			{storefront.TextFreezeReasonLabel, storefront.TextFreezeReasons[fz.Reason]}}
		if fz.DecidedNote != "" {
			rows = append(rows, [2]string{storefront.TextFreezeNoteLabel, fz.DecidedNote})
		}
		m := mail.FreezeDecided(b, fz.Email, fz.Name, fz.State != data.FreezeRejected, fz.Start, fz.End, rows)
		if p.EndedEarly {
			m = mail.FreezeEndedEarly(b, fz.Email, fz.Name, fz.Start, fz.End, rows)
		}
		return t.QueueMail(data.Mail{To: m.To, FromName: m.FromName, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
	})
	if err == nil {
		f.queued()
	}
	return err
}
