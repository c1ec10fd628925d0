// Package host is the storefront's HTTP side: brand resolution, the page
// route table and its guards, the JSON API, streamed server-rendered pages
// and the static assets.
package host

import (
	"context"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"storefront/cache"
	"storefront/data"
	"storefront/renderer"
)

// Server holds the dependencies of every handler.
type Server struct {
	cfg     Config
	db      *data.DB
	cache   *cache.Cache
	pool    *renderer.Pool
	bundle  *renderer.Bundle
	log     *slog.Logger
	now     func() time.Time
	domains atomic.Pointer[map[string]data.Domain]
	handler http.Handler
}

// Deps are what NewServer builds a Server from.
type Deps struct {
	Config Config
	DB     *data.DB
	Cache  *cache.Cache
	Pool   *renderer.Pool
	Bundle *renderer.Bundle
	Log    *slog.Logger
	Now    func() time.Time // default time.Now
}

// NewServer builds the server and loads the custom-domain table.
func NewServer(ctx context.Context, d Deps) (*Server, error) {
	s := &Server{cfg: d.Config, db: d.DB, cache: d.Cache, pool: d.Pool, bundle: d.Bundle, log: d.Log, now: d.Now}
	if s.now == nil {
		s.now = time.Now
	}
	if err := s.loadDomains(ctx); err != nil {
		return nil, err
	}
	s.handler = s.routes()
	return s, nil
}

// ServeHTTP serves every request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// routes lists every route: the API and system routes on a ServeMux, then
// everything else to the page route table (pageRoutes).
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	mux.Handle("GET "+renderer.AssetPrefix, s.assets())
	mux.Handle("GET /_static/", s.static())
	mux.HandleFunc("GET /favicon.ico", faviconHandler)

	// brand (spec section 7)
	mux.HandleFunc("GET /api/v2/ec/brands/{brandId}/home/info", s.apiHomeInfo)
	mux.HandleFunc("GET /api/v3/webUser/brand/{brandId}/public/setting", s.apiPublicSetting)
	mux.HandleFunc("GET /api/brand/{brandId}/stores", s.apiStores)
	mux.HandleFunc("GET /api/brand/{brandId}/projectList", s.apiProjectList)
	mux.HandleFunc("GET /api/v3/common/brands/{brandId}/customField/schema/type/{targetType}", s.apiCustomFieldSchema)
	mux.HandleFunc("GET /api/brand/{brandId}/customField/schema", s.apiCustomFieldSchema)

	// catalogue (spec section 7; issue 3)
	mux.HandleFunc("GET /api/v2/ec/brands/{brandId}/commodity/list", s.apiCommodityList)
	mux.HandleFunc("GET /api/v2/ec/brands/{brandId}/commodity/{itemType}/{itemId}", s.apiCommodity)
	mux.HandleFunc("GET /api/v2/ec/brands/{brandId}/termSchedule", s.apiTermSchedule)
	mux.HandleFunc("GET /api/search/searchEventList", s.apiSearchEventList)
	mux.HandleFunc("GET /api/search/condition", s.apiSearchCondition)
	mux.HandleFunc("GET /api/search/activityList", s.apiActivityList(false))
	mux.HandleFunc("GET /api/search/termActivityList", s.apiActivityList(true))
	mux.HandleFunc("GET /api/search/ticketList", s.apiItemSearch(data.ItemPoint, data.ItemQuantityPasscard))
	mux.HandleFunc("GET /api/search/passcardList", s.apiItemSearch(data.ItemPasscard, data.ItemCountingPasscard))
	mux.HandleFunc("GET /api/search/promoteList", s.apiPromoteList)
	mux.HandleFunc("GET /api/search/banner", s.apiBanner)
	mux.HandleFunc("GET /api/schedule", s.apiSchedule)
	mux.HandleFunc("GET /api/schedule/teachers", s.apiScheduleTeachers)
	mux.HandleFunc("GET /api/schedule/dates", s.apiScheduleDates)
	mux.HandleFunc("GET /api/brand/{brandId}/salesman/list", s.apiSalesmen)
	mux.HandleFunc("GET /_img/{width}/{path...}", s.image)
	mux.HandleFunc("GET /robots.txt", s.robots)
	mux.HandleFunc("GET /sitemap.xml", s.rootSitemap)

	mux.HandleFunc("/api/", s.apiNotFound)

	mux.HandleFunc("/", s.page)
	return s.recoverer(mux)
}

// loadDomains reads the custom-domain table.
func (s *Server) loadDomains(ctx context.Context) error {
	ds, err := s.db.Domains(ctx)
	if err != nil {
		return err
	}
	m := make(map[string]data.Domain, len(ds))
	for _, d := range ds {
		m[d.Host] = d
	}
	s.domains.Store(&m)
	return nil
}

// BrandChanged drops what is cached about a brand ("" for any brand) and
// reloads the custom-domain table. It runs on each database notification.
func (s *Server) BrandChanged(ctx context.Context, brandID string) {
	if brandID != "" {
		s.cache.Delete(ctx, brandKey(brandID))
	}
	if err := s.loadDomains(ctx); err != nil {
		s.log.Warn("reload custom domains", "err", err)
	}
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ok\n"))
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := s.db.Ping(ctx); err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte("database unreachable\n"))
		return
	}
	w.Write([]byte("ready\n"))
}

// recoverer turns a handler panic into a logged 500 instead of a dropped
// connection.
func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic", "path", r.URL.Path, "panic", v)
				http.Error(w, "伺服器發生錯誤，請稍後再試", http.StatusInternalServerError)
			}
		}()
		next.ServeHTTP(w, r)
	})
}
