package host

import (
	"context"
	"sync"
	"time"
)

// revocations are the sessions revoked lately (by hash in hex), kept as
// long as a copy of one may live in a cache. A cached session found here is
// refused, so a revocation wins even when dropping the cached copy failed
// (Redis unreachable at logout, and back later with the stale copy). Every
// process learns of each revocation by NOTIFY (SessionRevoked) and loads
// the recent ones at start and after its listener reconnects.
type revocations struct {
	mu sync.Mutex
	m  map[string]time.Time // key -> when to forget it
}

// revokedKeep is how long a revocation is remembered: past the life of
// any cached copy of the session.
const revokedKeep = sessionTTL + time.Minute

func (r *revocations) add(key string) {
	now := time.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.m == nil {
		r.m = map[string]time.Time{}
	}
	if len(r.m) >= 1024 && len(r.m)%256 == 0 { // forget the old ones now and then
		for k, until := range r.m {
			if now.After(until) {
				delete(r.m, k)
			}
		}
	}
	r.m[key] = now.Add(revokedKeep)
}

func (r *revocations) has(key string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	until, ok := r.m[key]
	return ok && time.Now().Before(until)
}

// loadRevocations remembers the sessions revoked within revokedKeep (at
// start, and when revocation notices may have been missed).
func (s *Server) loadRevocations(ctx context.Context) error {
	keys, err := s.db.SessionsRevokedSince(ctx, s.now().Add(-revokedKeep))
	if err != nil {
		return err
	}
	for _, k := range keys {
		s.revoked.add(k)
		s.cache.DeleteLocal(sessionCacheKey(k))
	}
	return nil
}
