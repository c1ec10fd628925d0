package host

import (
	"crypto/subtle"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"storefront"
)

// metrics are the Prometheus metrics of one server, served at /metrics.
// Labels are bounded: route patterns and page route names, never paths.
type metrics struct {
	reg       *prometheus.Registry
	requests  *prometheus.CounterVec
	duration  *prometheus.HistogramVec
	pageCache *prometheus.CounterVec
	render    *prometheus.HistogramVec
	queueWait prometheus.Histogram
	shed      prometheus.Counter
	jobs      *prometheus.CounterVec
	// series keeps each route and status's request series (routeSeries):
	// looked up once, not per request
	series sync.Map
	// cacheResults are the page-cache counters by X-Page-Cache answer
	cacheResults map[string]prometheus.Counter
}

// routeStatus names the request series of a route and status.
type routeStatus struct {
	route  string
	status int
}

// routeSeries are the series one request of a route and status counts in.
type routeSeries struct {
	requests prometheus.Counter
	duration prometheus.Observer
}

func newMetrics(s *Server) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "storefront_http_requests_total",
		Help: "HTTP requests by route (ServeMux pattern or page route name) and status."}, []string{"route", "status"})
	m.duration = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "storefront_http_request_duration_seconds",
		Help: "Time to answer a request, by route.", Buckets: prometheus.DefBuckets}, []string{"route"})
	m.pageCache = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "storefront_page_cache_requests_total",
		Help: "Requests for cacheable pages by result: hit, stale (served, refreshed behind), shared (waited for another request's render) or miss."}, []string{"result"})
	m.render = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "storefront_page_render_seconds",
		Help: "Time a goja runtime took to render a page, by page.", Buckets: []float64{.005, .01, .02, .04, .08, .16, .32, .64, 1.28, 2.56}}, []string{"page"})
	m.queueWait = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "storefront_renderer_queue_wait_seconds",
		Help: "Time a page waited for a free renderer.", Buckets: []float64{.0005, .001, .005, .01, .05, .1, .25, .5, 1, 2}})
	m.shed = prometheus.NewCounter(prometheus.CounterOpts{Name: "storefront_renderer_busy_total",
		Help: "Pages answered 503 because no renderer became free within the queue wait."})
	m.jobs = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "storefront_job_attempts_total",
		Help: "Attempts to run an outbox job in this process, by kind and result (done, failed: retried later, dead: given up)."}, []string{"kind", "result"})
	m.cacheResults = map[string]prometheus.Counter{}
	for answer, result := range map[string]string{"": "miss", "hit": "hit", "stale": "stale", "shared": "shared"} {
		m.cacheResults[answer] = m.pageCache.WithLabelValues(result)
	}
	m.reg.MustRegister(m.requests, m.duration, m.pageCache, m.render, m.queueWait, m.shed, m.jobs, jobsCollector{s.db, s.now},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	pool := s.db.Pool
	gauge := func(name, help string, f func() float64) {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, f))
	}
	counter := func(name, help string, f func() float64) {
		m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, f))
	}
	if w := s.pages; w != nil {
		gauge("storefront_page_warm_queue", "Pages queued or rendering again after a catalogue change (warm.go).", func() float64 { return float64(w.warm.queued.Load()) })
		counter("storefront_page_warm_renders_total", "Pages rendered again after a catalogue change, before a visitor asked.", func() float64 { return float64(w.warm.rendered.Load()) })
	}
	gauge("storefront_db_pool_acquired_conns", "Database connections in use.", func() float64 { return float64(pool.Stat().AcquiredConns()) })
	gauge("storefront_db_pool_idle_conns", "Idle database connections.", func() float64 { return float64(pool.Stat().IdleConns()) })
	gauge("storefront_db_pool_total_conns", "Open database connections.", func() float64 { return float64(pool.Stat().TotalConns()) })
	gauge("storefront_db_pool_max_conns", "Most database connections the pool opens.", func() float64 { return float64(pool.Stat().MaxConns()) })
	counter("storefront_db_pool_acquires_total", "Database connections handed out.", func() float64 { return float64(pool.Stat().AcquireCount()) })
	counter("storefront_db_pool_empty_acquires_total", "Connection requests that had to wait for one.", func() float64 { return float64(pool.Stat().EmptyAcquireCount()) })
	counter("storefront_db_pool_acquire_wait_seconds_total", "Time spent waiting for a database connection.", func() float64 { return pool.Stat().AcquireDuration().Seconds() })
	counter("storefront_redis_errors_total", "Redis commands that failed (timeouts, refused or dropped connections).", func() float64 { return float64(s.cache.RedisErrors()) })
	gauge("storefront_redis_up", "1 while Redis is in use, 0 while it is configured but left alone after a failure, -1 without Redis.", func() float64 {
		switch {
		case !s.cache.HasRedis():
			return -1
		case s.cache.RedisUp():
			return 1
		}
		return 0
	})
	return m
}

// request counts one answered request; cache is the page cache's
// X-Page-Cache answer for a cacheable page ("" for a miss), "-" for a
// request that is no cacheable page.
func (m *metrics) request(route string, status int, took time.Duration, cache string) {
	key := routeStatus{route, status}
	v, ok := m.series.Load(key)
	if !ok {
		v, _ = m.series.LoadOrStore(key, &routeSeries{
			requests: m.requests.WithLabelValues(route, strconv.Itoa(status)),
			duration: m.duration.WithLabelValues(route),
		})
	}
	rs := v.(*routeSeries)
	rs.requests.Inc()
	rs.duration.Observe(took.Seconds())
	if cache == "-" {
		return
	}
	if c, ok := m.cacheResults[cache]; ok {
		c.Inc()
	} else {
		m.pageCache.WithLabelValues(cache).Inc()
	}
}

// serveMetrics answers /metrics; with STOREFRONT_METRICS_TOKEN set, only
// to a request bearing it.
func (s *Server) serveMetrics() http.Handler {
	h := promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if tok := s.cfg.MetricsToken; tok != "" && subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), []byte("Bearer "+tok)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			http.Error(w, storefront.TextMetricsUnauthorized, http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}
