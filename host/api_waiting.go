package host

import (
	"net/http"
	"storefront"

	"storefront/data"
	"storefront/host/wire"
)

// The waiting list of a full session: the member's place, joining and
// leaving (module WAITING_LIST).

// waitingAnswer is a member's place on a session's list.
func waitingAnswer(id int64, p *data.WaitingPlace) *wire.WaitingPosition {
	return &wire.WaitingPosition{ScheduleID: id, Waiting: p.Position > 0, Position: p.Position, Count: p.Count, Status: p.Status, Reason: p.Reason}
}

// GET /api/schedule/waiting/get?brandId=&scheduleId=: the member's place
// on the session's waiting list.
func (s *Server) apiWaitingGet(w http.ResponseWriter, r *http.Request) (any, error) {
	_, m, err := s.queryMember(w, r)
	if err != nil {
		return nil, err
	}
	ids, err := queryScheduleIDs(r)
	if err != nil {
		return nil, err
	}
	p, err := s.db.WaitingPlace(r.Context(), m.user.ID, ids[0])
	if err != nil {
		return nil, err
	}
	return waitingAnswer(ids[0], p), nil
}

// POST /api/schedule/waiting/add {brandId, scheduleId}: joins the full
// session's waiting list (module WAITING_LIST).
func (s *Server) apiWaitingAdd(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.WaitingRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	if _, err := scheduleIDs(req.ScheduleID, nil); err != nil {
		return nil, err
	}
	p, err := s.bookings.Join(r.Context(), s.who(r, b, m), req.ScheduleID)
	if err != nil {
		return nil, err
	}
	return waitingAnswer(req.ScheduleID, p), nil
}

// POST /api/schedule/waiting/update {brandId, scheduleId, action:
// "leave"}: leaves the session's waiting list.
func (s *Server) apiWaitingUpdate(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.WaitingRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	if _, err := scheduleIDs(req.ScheduleID, nil); err != nil {
		return nil, err
	}
	if req.Action != "leave" {
		return nil, badRequest(storefront.TextWaitingActions)
	}
	p, err := s.bookings.Leave(r.Context(), s.who(r, b, m), req.ScheduleID)
	if err != nil {
		return nil, err
	}
	return waitingAnswer(req.ScheduleID, p), nil
}
