package host

import (
	"net/http"
	"storefront"
)

// The brand calls of spec section 7.

// GET /api/v2/ec/brands/{brandId}/home/info
func (s *Server) apiHomeInfo(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, nil)
	if err != nil {
		return nil, err
	}
	return homeInfoOf(b), nil
}

// GET /api/v3/webUser/brand/{brandId}/public/setting
func (s *Server) apiPublicSetting(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, nil)
	if err != nil {
		return nil, err
	}
	return publicSettingOf(b), nil
}

// GET /api/brand/{brandId}/stores
func (s *Server) apiStores(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, nil)
	if err != nil {
		return nil, err
	}
	return b.Stores, nil
}

// GET /api/brand/{brandId}/projectList
func (s *Server) apiProjectList(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, nil)
	if err != nil {
		return nil, err
	}
	return s.itemList(r.Context(), b)
}

// GET /api/v3/common/brands/{brandId}/customField/schema/type/{targetType}
// GET /api/brand/{brandId}/customField/schema (target USER)
func (s *Server) apiCustomFieldSchema(w http.ResponseWriter, r *http.Request) (any, error) {
	if t := r.PathValue("targetType"); t != "" && t != "USER" {
		return nil, badRequest(storefront.TextCustomFieldTypeUnknown(t))
	}
	b, err := s.brandOfRequest(r, nil)
	if err != nil {
		return nil, err
	}
	return b.CustomFields, nil
}
