package host

import (
	"context"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"storefront/renderer"
)

// Pages rendered again before visitors ask. Every
// request for a cacheable page counts a hit for its page shape (the page
// key without build, data version and year: origin, path, query, device,
// banner). When a brand's data changes (BrandChanged), its most visited
// shapes are rendered again, in the background, into the page cache under
// the new data version, most visited first, so the first visitor after a
// change finds a cached page.
//
// Hits are counted per process: a counter under one mutex costs a map
// lookup, where a Redis counter would add a round trip to every cached
// answer (the warm path serves about as fast as a file server). Behind a
// load balancer each process sees a fair sample of the traffic, so every
// process picks about the same pages; each process is told of the change
// (the database notification) and warms its list, and a Redis claim per
// page key (cache.Claim) plus the shared copy (a page another process
// already rendered into Redis is found, not rendered) keep several hosts
// from rendering the same page.
//
// Background renders never hold a visitor up: one page at a time, and
// only on a runtime that is idle with no visitor waiting for one
// (renderer.Pool.TryAcquire); a visitor that starts waiting gets the next
// free runtime. A background render that finds no such runtime within the
// render queue wait gives up (a visitor waiting on the same key then
// renders it itself).
const (
	warmPages   = 300                  // most visited page shapes of a brand rendered again after a change
	warmTracked = 16384                // page shapes counted at most (every brand)
	warmQueue   = 4096                 // background renders queued at most
	warmPoll    = 2 * time.Millisecond // how often a background render looks for an idle runtime
	warmClaim   = 30 * time.Second     // how long one process's claim on a page key holds
)

type warmer struct {
	mu      sync.Mutex
	hits    map[string]map[string]*pageHits // brand -> page shape -> hits
	tracked int
	jobs    chan *http.Request
	running atomic.Bool
	pending sync.WaitGroup // renders queued or running
	queued  atomic.Int64   // the same, for the metric
	// rendered counts the pages this process rendered ahead of visitors;
	// firstAt is the pool's render count when its first background render
	// (a warm-up or a stale page's refresh) got a runtime: it shows that
	// visitors waiting then went first
	rendered atomic.Int64
	firstAt  atomic.Int64
}

type pageHits struct {
	n int64
	r *http.Request // a detached copy of a request for the page
}

func newWarmer() *warmer {
	w := &warmer{hits: map[string]map[string]*pageHits{}, jobs: make(chan *http.Request, warmQueue)}
	w.firstAt.Store(-1)
	return w
}

// count counts a request for the page shape of brand.
func (w *warmer) count(brand, shape string, r *http.Request) {
	w.mu.Lock()
	defer w.mu.Unlock()
	pages := w.hits[brand]
	h := pages[shape]
	if h == nil {
		if w.tracked >= warmTracked {
			return
		}
		if pages == nil {
			pages = map[string]*pageHits{}
			w.hits[brand] = pages
		}
		c := r.Clone(context.Background())
		for _, k := range []string{"If-None-Match", "If-Modified-Since", "Accept-Encoding"} {
			c.Header.Del(k)
		}
		h = &pageHits{r: c}
		pages[shape] = h
		w.tracked++
	}
	h.n++
}

// top takes the most visited page shapes of brand ("": of every brand),
// at most warmPages per brand, and halves their counts (pages no longer
// visited fall down the list).
func (w *warmer) top(brand string) []*http.Request {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []*http.Request
	for b, pages := range w.hits {
		if brand != "" && b != brand {
			continue
		}
		list := make([]*pageHits, 0, len(pages))
		for _, h := range pages {
			list = append(list, h)
		}
		sort.Slice(list, func(i, j int) bool { return list[i].n > list[j].n })
		for i, h := range list {
			if i < warmPages {
				out = append(out, h.r)
			}
			h.n /= 2
		}
	}
	return out
}

// Wait blocks until every queued background render is done.
func (w *warmer) wait() { w.pending.Wait() }

// warmBrand queues the background renders of brandID's most visited
// pages ("": of every brand's) and starts the worker if it is not running.
func (s *Server) warmBrand(brandID string) {
	if s.pages == nil {
		return
	}
	w := s.pages.warm
	for _, r := range w.top(brandID) {
		w.pending.Add(1)
		select {
		case w.jobs <- r:
			w.queued.Add(1)
		default: // full: the rest render when visitors ask
			w.pending.Done()
		}
	}
	s.startWarming()
}

// startWarming runs one worker (one background render at a time) while
// there are queued renders.
func (s *Server) startWarming() {
	w := s.pages.warm
	if len(w.jobs) == 0 || !w.running.CompareAndSwap(false, true) {
		return
	}
	go func() {
		for {
			select {
			case r := <-w.jobs:
				s.warmPage(r)
				w.queued.Add(-1)
				w.pending.Done()
			default:
				w.running.Store(false)
				s.startWarming() // a render queued as we stopped
				return
			}
		}
	}()
}

// warmPage renders the page of r into the cache under its brand's current
// data version, unless it is there already or another process claimed it.
func (s *Server) warmPage(r *http.Request) {
	rc := &reqCtx{r: r, query: r.URL.Query(), background: true}
	if !s.prepare(discardWriter{}, rc) || !s.cacheable(rc) {
		return
	}
	key, _ := s.pageKey(rc)
	if s.lookupPage(r.Context(), key) != nil || !s.cache.Claim(r.Context(), key, warmClaim) {
		return
	}
	s.pages.flight.Do(key, func() (any, error) {
		p := s.renderPageTo(key, rc, discardWriter{})
		if p != nil {
			s.pages.warm.rendered.Add(1)
		}
		return p, nil
	})
}

// acquire gets a runtime for rc's render: a visitor's waits its turn in
// the queue; a background render takes only a runtime no visitor wants.
func (s *Server) acquire(rc *reqCtx) (*renderer.Lease, error) {
	if !rc.background {
		queued := time.Now()
		lease, err := s.pool.Acquire(rc.ctx())
		s.metrics.queueWait.Observe(time.Since(queued).Seconds())
		return lease, err
	}
	deadline := time.Now().Add(max(s.cfg.RenderQueue, time.Second))
	for {
		if l := s.pool.TryAcquire(); l != nil {
			if s.pages != nil {
				n, _, _ := s.pool.Stats().Snapshot()
				s.pages.warm.firstAt.CompareAndSwap(-1, n)
			}
			return l, nil
		}
		if time.Now().After(deadline) {
			return nil, renderer.ErrBusy
		}
		select {
		case <-rc.ctx().Done():
			return nil, rc.ctx().Err()
		case <-time.After(warmPoll):
		}
	}
}
