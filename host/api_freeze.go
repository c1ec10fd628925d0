package host

import (
	"net/http"

	"storefront/data"
	"storefront/host/wire"
	"storefront/members"
	"storefront/rules"
)

// POST /api/user/freeze {brandId, reason, start, end, evidence}: the
// member asks to freeze their membership (members.Flows.RequestFreeze); a
// refusal names its field. The studio decides (storefront freeze).
func (s *Server) apiFreeze(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.FreezeRequest
	_, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	f, err := s.members.RequestFreeze(r.Context(), m.user,
		members.FreezeRequest{Reason: req.Reason, Start: req.Start, End: req.End, Evidence: req.Evidence})
	if err != nil {
		return nil, err
	}
	return freezeWire(*f), nil
}

// GET /api/user/freezes?brandId=: the member's freezes, the latest first.
func (s *Server) apiFreezes(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brand(r.Context(), r.URL.Query().Get("brandId"), nil)
	if err != nil {
		return nil, err
	}
	m, err := s.apiMember(w, r, b)
	if err != nil {
		return nil, err
	}
	list, err := s.db.Freezes(r.Context(), b.ID, m.user.ID)
	if err != nil {
		return nil, err
	}
	out := &wire.Freezes{Freezes: make([]wire.Freeze, len(list))}
	for i, f := range list {
		out.Freezes[i] = freezeWire(f)
	}
	return out, nil
}

func freezeWire(f data.Freeze) wire.Freeze {
	return wire.Freeze{ID: f.ID, Reason: f.Reason, Start: f.Start, End: f.End, Evidence: f.Evidence, State: f.State,
		DecideBy: rules.FreezeDecideBy(f.CreatedAt).String(), DecidedNote: f.DecidedNote}
}
