package host

import (
	"net/http"

	"storefront/data"
)

// The brand calls of spec section 7.

// apiBrand loads the brand named by the path, answering the error itself.
func (s *Server) apiBrand(w http.ResponseWriter, r *http.Request) (*data.Brand, bool) {
	b, err := s.loadBrand(r.Context(), r.PathValue("brandId"))
	if err != nil {
		s.apiError(w, r, err)
		return nil, false
	}
	return b, true
}

// GET /api/v2/ec/brands/{brandId}/home/info
func (s *Server) apiHomeInfo(w http.ResponseWriter, r *http.Request) {
	if b, ok := s.apiBrand(w, r); ok {
		writeJSON(w, http.StatusOK, homeInfoOf(b))
	}
}

// GET /api/v3/webUser/brand/{brandId}/public/setting
func (s *Server) apiPublicSetting(w http.ResponseWriter, r *http.Request) {
	if b, ok := s.apiBrand(w, r); ok {
		writeJSON(w, http.StatusOK, publicSettingOf(b))
	}
}

// GET /api/brand/{brandId}/stores
func (s *Server) apiStores(w http.ResponseWriter, r *http.Request) {
	if b, ok := s.apiBrand(w, r); ok {
		writeJSON(w, http.StatusOK, b.Stores)
	}
}

// GET /api/brand/{brandId}/projectList
func (s *Server) apiProjectList(w http.ResponseWriter, r *http.Request) {
	b, ok := s.apiBrand(w, r)
	if !ok {
		return
	}
	l, err := s.itemList(r.Context(), b)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

// GET /api/v3/common/brands/{brandId}/customField/schema/type/{targetType}
// GET /api/brand/{brandId}/customField/schema (target USER)
func (s *Server) apiCustomFieldSchema(w http.ResponseWriter, r *http.Request) {
	if t := r.PathValue("targetType"); t != "" && t != "USER" {
		s.apiError(w, r, badRequest("不支援的自訂欄位類型："+t))
		return
	}
	if b, ok := s.apiBrand(w, r); ok {
		writeJSON(w, http.StatusOK, b.CustomFields)
	}
}
