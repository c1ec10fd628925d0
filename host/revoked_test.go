package host

import (
	"context"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"storefront/data"
)

// redisProxy forwards TCP to the test Redis until cut, as a network
// between a host and its Redis would.
type redisProxy struct {
	ln    net.Listener
	mu    sync.Mutex
	up    bool
	conns []net.Conn
}

func testRedisAddr() string {
	o, err := redis.ParseURL(testRedisURL())
	if err != nil {
		return "127.0.0.1:6379"
	}
	return o.Addr
}

func newRedisProxy(t *testing.T) *redisProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &redisProxy{ln: ln, up: true}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.mu.Lock()
			if !p.up {
				p.mu.Unlock()
				c.Close()
				continue
			}
			r, err := net.Dial("tcp", testRedisAddr())
			if err != nil {
				p.mu.Unlock()
				c.Close()
				continue
			}
			p.conns = append(p.conns, c, r)
			p.mu.Unlock()
			go func() { io.Copy(r, c); r.Close() }()
			go func() { io.Copy(c, r); c.Close() }()
		}
	}()
	return p
}

func (p *redisProxy) url() string { return "redis://" + p.ln.Addr().String() + "/0" }

// cut drops every connection and refuses new ones until restore.
func (p *redisProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.up = false
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func (p *redisProxy) restore() { p.mu.Lock(); p.up = true; p.mu.Unlock() }

// TestRevokedSessionStaysRevokedAfterRedisHiccup: a member logs out while
// Redis is unreachable, so the session's cached copy stays in Redis; when
// Redis is back the copy must not bring the session back, on this host or
// on a host started afterwards.
func TestRevokedSessionStaysRevokedAfterRedisHiccup(t *testing.T) {
	proxy := newRedisProxy(t)
	ts := &memberServer{testServer: newTestServer(t, withRedis(proxy.url()))}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go ts.db.ListenSessionRevocations(ctx, ts.SessionRevoked) // as Run does
	// the listener is live once a revocation reaches it
	var warmKeys []string
	waitFor(t, "the revocation listener", func() bool {
		for _, k := range warmKeys {
			if ts.revoked.has(k) {
				return true
			}
		}
		warm := ts.browser()
		login(t, warm, "demo", "member@example.com", "demo1234")
		warmKeys = append(warmKeys, data.SessionKey(warm.cookies[cookieSession].Value))
		wantCode(t, warm.post(t, "/api/session/logout", map[string]any{"brandId": "demo"}), 200, 0)
		time.Sleep(50 * time.Millisecond)
		return false
	})

	b := ts.browser()
	login(t, b, "demo", "member@example.com", "demo1234")
	c, ok := b.cookies[cookieSession]
	if !ok {
		t.Fatal("no session cookie")
	}
	id := c.Value
	wantCode(t, b.get(t, "/api/user/userInfo?brandId=demo"), 200, 0) // the session is cached in both tiers
	rdb := redis.NewClient(&redis.Options{Addr: testRedisAddr()})
	defer rdb.Close()
	redisKey := ts.prefix + sessionCacheKey(data.SessionKey(id))
	if rdb.Exists(ctx, redisKey).Val() != 1 {
		t.Fatal("the session did not reach Redis")
	}
	stale := mustGetRaw(t, rdb, redisKey)

	proxy.cut()
	wantCode(t, b.post(t, "/api/session/logout", map[string]any{"brandId": "demo"}), 200, 0)
	if rdb.Exists(ctx, redisKey).Val() != 1 {
		t.Fatal("the cached session left Redis: the hiccup was not reproduced")
	}
	proxy.restore()
	for deadline := time.Now().Add(10 * time.Second); !ts.cache.RedisUp(); time.Sleep(20 * time.Millisecond) {
		ts.get(t, "/api/user/userInfo?brandId=demo", "Authorization", id) // a command that finds Redis cut
		if time.Now().After(deadline) {
			t.Fatal("the cache does not use Redis again")
		}
	}
	old := ts.browser()
	for i := 0; i < 3; i++ {
		wantCode(t, old.get(t, "/api/user/userInfo?brandId=demo", "Authorization", id), 403, data.CodeSessionInvalid)
	}
	if w := old.get(t, "/demo/user", "Authorization", id); w.Code != 301 {
		t.Fatalf("member page with the revoked session = %d; want 301 home", w.Code)
	}

	// a host started after the logout never got its notice
	rdb.Set(ctx, redisKey, stale, time.Minute)
	s2, err := NewServer(ctx, Deps{Config: ts.cfg, DB: ts.db, Cache: ts.cache, Pool: ts.pool, Bundle: ts.bundle, Log: ts.Server.log, Now: ts.now})
	if err != nil {
		t.Fatal(err)
	}
	ts.cache.DeleteLocal(sessionCacheKey(data.SessionKey(id)))
	other := &memberServer{testServer: &testServer{Server: s2, db: ts.db, log: ts.log, prefix: ts.prefix}}
	wantCode(t, other.browser().get(t, "/api/user/userInfo?brandId=demo", "Authorization", id), 403, data.CodeSessionInvalid)
}

func mustGetRaw(t *testing.T, rdb *redis.Client, key string) []byte {
	t.Helper()
	v, err := rdb.Get(context.Background(), key).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return v
}
