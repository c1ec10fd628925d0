package host

import (
	"context"
	"net/http"
	"slices"
	"storefront"

	"storefront/booking"
	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// What pays for a session: the member's entitlements as payment options,
// the best one preselected, and the check of a chosen one (package
// booking decides; these calls only read and answer).

// paymentOption is an option on the wire.
func paymentOption(o booking.Option) wire.PaymentOption {
	p := wire.PaymentOption{PaymentChoice: wire.PaymentChoice{Kind: o.Kind, HoldingID: o.ID}, Name: o.Name, TicketType: o.TicketType,
		TicketKind: rules.TicketKind(o.TicketType), Cost: o.Cost, Unit: o.Unit, Remain: o.Remain, Usable: o.Refusal == rules.PayOK}
	if o.Kind != rules.KindPasscard {
		p.RemainAfter = o.Remain - o.Cost
	}
	if p.TicketType == "" {
		p.TicketKind = 0
	}
	if end := o.EndsOn; !end.IsZero() || o.Activates {
		if o.Activates {
			end = o.Period.End
		}
		if !end.IsZero() {
			e := end.String()
			p.EndsOn = &e
		}
	}
	if !p.Usable {
		p.ReasonCode, p.Reason = booking.RefusalCode(o.Refusal), booking.RefusalText(o.Refusal)
	}
	return p
}

// paymentInfo is the member's options for one session.
func (s *Server) paymentInfo(ctx context.Context, r *http.Request, b *data.Brand, m *member, scheduleID int64) (*wire.PaymentInfo, error) {
	_, opts, err := s.bookings.Options(ctx, s.who(r, b, m), scheduleID)
	if err != nil {
		return nil, err
	}
	info := &wire.PaymentInfo{ScheduleID: scheduleID, Options: make([]wire.PaymentOption, len(opts))}
	for i, o := range opts {
		info.Options[i] = paymentOption(o)
	}
	if len(opts) > 0 && opts[0].Refusal == rules.PayOK {
		info.Preselected = &info.Options[0].PaymentChoice
	}
	return info, nil
}

// GET /api/schedule/paymentInfo?brandId=&scheduleId=: which of the
// member's entitlements can pay for the session and what each would
// cost, the best one preselected.
func (s *Server) apiPaymentInfo(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.queryMember(w, r)
	if err != nil {
		return nil, err
	}
	q := newQuery(r.URL.Query())
	id := q.id("scheduleId", storefront.TextLabelSchedule)
	if err := q.Err(); err != nil {
		return nil, err
	}
	if id == 0 {
		return nil, badRequest(storefront.TextNoScheduleID)
	}
	return s.paymentInfo(r.Context(), r, b, m, id)
}

// GET /api/schedule/userTicket?brandId=[&scheduleId=]: the member's live
// entitlements (with a session: as paymentInfo's options).
func (s *Server) apiUserTicket(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.queryMember(w, r)
	if err != nil {
		return nil, err
	}
	q := newQuery(r.URL.Query())
	id := q.id("scheduleId", storefront.TextLabelSchedule)
	if err := q.Err(); err != nil {
		return nil, err
	}
	if id != 0 {
		info, err := s.paymentInfo(r.Context(), r, b, m, id)
		if err != nil {
			return nil, err
		}
		return info.Options, nil
	}
	hs, err := s.db.Holdings(r.Context(), m.user.ID, 0, rules.Day(s.now()))
	if err != nil {
		return nil, err
	}
	out := make([]wire.PaymentOption, len(hs))
	for i, h := range hs {
		out[i] = paymentOption(booking.Option{Option: rules.Option{Entitlement: h.Entitlement,
			Use: rules.Use{Unit: rules.PayUnit(h.Kind, h.TicketType)}}, Name: h.Name})
	}
	return out, nil
}

// sessionsAndChoice reads a booking body's sessions (one or a list) and
// its payment choice.
func sessionsAndChoice(one int64, many []int64, p *wire.PaymentChoice) ([]int64, *booking.Choice, error) {
	ids, err := scheduleIDs(one, many)
	if err != nil {
		return nil, nil, err
	}
	choice, err := choiceOf(p)
	return ids, choice, err
}

// choiceOf is a body's payment choice for the flows.
func choiceOf(p *wire.PaymentChoice) (*booking.Choice, error) {
	if p == nil {
		return nil, nil
	}
	switch p.Kind {
	case rules.KindPasscard, rules.KindTicket, rules.KindTiming:
	default:
		return nil, badRequest(storefront.TextPaymentKinds)
	}
	if p.HoldingID <= 0 || p.HoldingID > maxID {
		return nil, badRequest(storefront.TextBadPaymentHoldingID)
	}
	return &booking.Choice{Kind: p.Kind, ID: p.HoldingID}, nil
}

// POST /api/schedule/ticket/verify {brandId, scheduleId|scheduleIds,
// payment}: would this entitlement (null: the best) pay for each session?
// A refusal answers its code (-60000006 beyond the validity).
func (s *Server) apiTicketVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.PaymentVerifyRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	ids, choice, err := sessionsAndChoice(req.ScheduleID, req.ScheduleIDs, req.Payment)
	if err != nil {
		return nil, err
	}
	out := &wire.PaymentVerify{}
	for _, id := range ids {
		info, err := s.paymentInfo(r.Context(), r, b, m, id)
		if err != nil {
			return nil, err
		}
		i := 0
		if choice != nil {
			i = slices.IndexFunc(info.Options, func(o wire.PaymentOption) bool { return o.Kind == choice.Kind && o.HoldingID == choice.ID })
			if i < 0 {
				return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeNoEntitlement}
			}
		}
		if len(info.Options) == 0 {
			return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeNoEntitlement}
		}
		if o := info.Options[i]; !o.Usable {
			e := &storefront.Error{Kind: storefront.KindConflict, Code: o.ReasonCode}
			if o.ReasonCode != storefront.CodeBookingPastValidity {
				e.Message = storefront.TextCannotPayWith(o.Reason)
			}
			return nil, e
		}
		out.Options = append(out.Options, info.Options[i])
	}
	return out, nil
}
