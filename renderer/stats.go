package renderer

import (
	"sort"
	"sync"
	"time"
)

// Stats keeps the durations of the latest renders for percentiles.
type Stats struct {
	mu    sync.Mutex
	ring  []time.Duration
	next  int
	full  bool
	count int64
}

const statsWindow = 8192

func newStats() *Stats { return &Stats{ring: make([]time.Duration, statsWindow)} }

func (s *Stats) add(d time.Duration) {
	s.mu.Lock()
	s.ring[s.next] = d
	s.next = (s.next + 1) % len(s.ring)
	if s.next == 0 {
		s.full = true
	}
	s.count++
	s.mu.Unlock()
}

// Reset forgets the renders so far.
func (s *Stats) Reset() {
	s.mu.Lock()
	s.next, s.full, s.count = 0, false, 0
	s.mu.Unlock()
}

// Snapshot returns the count of renders and the p50 and p99 render times of
// the latest ones.
func (s *Stats) Snapshot() (count int64, p50, p99 time.Duration) {
	s.mu.Lock()
	n := s.next
	if s.full {
		n = len(s.ring)
	}
	ds := append([]time.Duration(nil), s.ring[:n]...)
	count = s.count
	s.mu.Unlock()
	if len(ds) == 0 {
		return count, 0, 0
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return count, ds[len(ds)*50/100], ds[min(len(ds)-1, len(ds)*99/100)]
}
