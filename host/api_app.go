package host

import (
	"net/http"

	"storefront/data/rules"
)

// The remaining calls of spec section 7 (issue 14) the app and the pages
// use.

// GET /api/brand?brandId=: the brand as the pages' props have it (public
// settings, home info, corporate colour).
func (s *Server) apiBrand(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, nil)
	if err != nil {
		return nil, err
	}
	return &BrandProps{BrandID: b.ID, Colour: s.colour(b), Settings: publicSettingOf(b), Home: homeInfoOf(b)}, nil
}

// GET /api/brand/user?brandId=: the member's point list and passcard list.
func (s *Server) apiBrandUser(w http.ResponseWriter, r *http.Request) (any, error) {
	_, m, err := s.contractMember(w, r)
	if err != nil {
		return nil, err
	}
	today := rules.Day(s.now())
	ts, err := s.db.MemberTickets(r.Context(), m.user.ID, today)
	if err != nil {
		return nil, err
	}
	ps, err := s.db.MemberPasscards(r.Context(), m.user.ID, today)
	if err != nil {
		return nil, err
	}
	return &BrandUserLists{PointList: ts, PasscardList: ps}, nil
}

// GET /api/user/userInfo/{brandId}/{sessionId}/{userId}: the path form of
// the user-info call (spec section 7), the session named in the path
// instead of the Authorization header.
func (s *Server) apiUserInfoPath(w http.ResponseWriter, r *http.Request) (any, error) {
	r2 := r.Clone(r.Context())
	r2.Header.Set("Authorization", r.PathValue("sessionId"))
	return s.apiUserInfo(w, r2)
}
