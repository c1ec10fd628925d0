package host

import (
	"net/http"
	"storefront"
	"strconv"
	"strings"

	"storefront/data"
	"storefront/host/wire"
	"storefront/members"
	"storefront/rules"
)

// The member's own account (spec section 7): user info, profile, e-mail
// subscription.

// GET /api/v3/webUser/brand/{brandId}/user/{userId} (Authorization: the
// session id) and GET /api/user/userInfo?brandId=&userId=: the member. A
// session that is not this member's answers 403 and clears the cookies
// (spec section 4: the client then shows itself logged out).
func (s *Server) apiUserInfo(w http.ResponseWriter, r *http.Request) (any, error) {
	brandID, userID := r.PathValue("brandId"), r.PathValue("userId")
	if brandID == "" {
		brandID, userID = r.URL.Query().Get("brandId"), r.URL.Query().Get("userId")
	}
	b, err := s.brand(r.Context(), brandID, nil)
	if err != nil {
		return nil, err
	}
	m, err := s.apiMember(w, r, b)
	if err != nil {
		return nil, err
	}
	if userID != "" && userID != strconv.FormatInt(m.user.ID, 10) {
		clearSessionCookies(w, r)
		return nil, data.ErrNoSession
	}
	return userInfoOf(m.user, b), nil
}

// POST /api/user/edit {brandId, name?, customFields}: changes the member's
// name and custom-field values. Fields not sent keep their values; the
// whole profile must then fit the brand's schema (the complete-info dialog
// sends only the missing fields). Without module MEMBER_INFO only missing
// fields may be filled in (changesProfile; else 403).
func (s *Server) apiUserEdit(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.EditRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	if !b.ModuleSet().Has(data.ModuleMemberInfo) && changesProfile(m.user, req) {
		return nil, storefront.ModuleClosed(storefront.TextFeatureMemberInfo)
	}
	p := data.Profile{Name: m.user.Name}
	if req.Name != nil {
		if p.Name, err = rules.MemberName(*req.Name); err != nil {
			return nil, badRequest(err.Error())
		}
	}
	values := make(map[string]string, len(m.user.CustomValues)+len(req.CustomFields))
	for k, v := range m.user.CustomValues {
		values[k] = v
	}
	for k, v := range req.CustomFields {
		values[k] = v
	}
	if p.CustomValues, p.Phone, err = members.CheckCustomFields(b, values); err != nil {
		return nil, err
	}
	p.PhoneHash = s.members.PhoneHash(b.ID, p.Phone)
	u, err := s.db.UpdateProfile(r.Context(), b.ID, m.user.ID, p, s.now())
	if err != nil {
		return nil, err
	}
	return userInfoOf(u, b), nil
}

// POST /api/user/unSubscribe {brandId, unsubscribe}: notification e-mails
// off (unsubscribe true, the default) or on again.
func (s *Server) apiUnsubscribe(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.UnsubscribeRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	off := req.Unsubscribe == nil || *req.Unsubscribe
	if err := s.db.SetUnsubscribed(r.Context(), m.user.ID, off, s.now()); err != nil {
		return nil, err
	}
	m.user.Unsubscribed = off
	return userInfoOf(m.user, b), nil
}

// changesProfile reports whether req changes what u has filled in: its
// name or a custom field with a value. Without module MEMBER_INFO a
// member may still fill in what is missing (the contact a checkout asks
// for), not edit the rest.
func changesProfile(u *data.User, req wire.EditRequest) bool {
	if req.Name != nil && strings.TrimSpace(*req.Name) != u.Name {
		return true
	}
	for k, v := range req.CustomFields {
		if old := u.CustomValues[k]; old != "" && old != v {
			return true
		}
	}
	return false
}

// POST /api/user/delete {brandId, password}: deletes the member's account
// once the password (MD5 hex, as at login; wrong ones count towards the
// login throttle) is right: the account keeps no personal data, every
// session of it ends (this browser's cookies are cleared), and what a
// business must keep stays (members.Flows.DeleteAccount).
func (s *Server) apiUserDelete(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.DeleteAccountRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	if err := s.confirmPassword(w, r, b, m, req.Password); err != nil {
		return nil, err
	}
	revoked, err := s.members.DeleteAccount(r.Context(), m.user)
	if err != nil {
		return nil, err
	}
	s.forgetSessions(r.Context(), revoked)
	clearSessionCookies(w, r)
	return &wire.DeletedAccount{UserID: m.user.ID}, nil
}
