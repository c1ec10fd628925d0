package host

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http/httptest"
	"net/url"
	"storefront"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"storefront/data"
)

// tcpProxy forwards TCP to target until cut or held, as a network between
// a host and its Redis or PostgreSQL would.
type tcpProxy struct {
	ln      net.Listener
	target  string
	mu      sync.Mutex
	state   proxyState
	resumed chan struct{} // closed when a hold ends
	held    int           // connections waiting for the hold to end
	conns   []net.Conn
}

type proxyState int

const (
	proxyUp      proxyState = iota
	proxyCut                // new connections are closed at once
	proxyHolding            // new connections wait, unanswered, until restore
)

func testRedisAddr() string {
	o, err := redis.ParseURL(testRedisURL())
	if err != nil {
		return "127.0.0.1:6379"
	}
	return o.Addr
}

func newTCPProxy(t *testing.T, target string) *tcpProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &tcpProxy{ln: ln, target: target}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.serve(c)
		}
	}()
	return p
}

func (p *tcpProxy) serve(c net.Conn) {
	p.mu.Lock()
	if p.state == proxyHolding {
		p.held++
		resumed := p.resumed
		p.mu.Unlock()
		<-resumed
		p.mu.Lock()
	}
	if p.state != proxyUp {
		p.mu.Unlock()
		c.Close()
		return
	}
	r, err := net.Dial("tcp", p.target)
	if err != nil {
		p.mu.Unlock()
		c.Close()
		return
	}
	p.conns = append(p.conns, c, r)
	p.mu.Unlock()
	go func() { io.Copy(r, c); r.Close() }()
	go func() { io.Copy(c, r); c.Close() }()
}

func (p *tcpProxy) addr() string { return p.ln.Addr().String() }

// cut drops every connection and refuses new ones until restore.
func (p *tcpProxy) cut() { p.to(proxyCut) }

// hold drops every connection; new ones wait, unanswered, until restore
// forwards them.
func (p *tcpProxy) hold() { p.to(proxyHolding) }

func (p *tcpProxy) restore() { p.to(proxyUp) }

func (p *tcpProxy) to(state proxyState) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.state == proxyHolding && state != proxyHolding {
		close(p.resumed)
		p.held = 0
	} else if state == proxyHolding && p.state != proxyHolding {
		p.resumed = make(chan struct{})
	}
	p.state = state
	if state == proxyUp {
		return
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// holding is how many connections wait for the hold to end.
func (p *tcpProxy) holding() int { p.mu.Lock(); defer p.mu.Unlock(); return p.held }

// untilListening waits until a revocation on host from reaches host to:
// to's listener is live.
func untilListening(t *testing.T, from, to *memberServer) {
	t.Helper()
	var keys []string
	waitFor(t, "the revocation listener", func() bool {
		for _, k := range keys {
			if to.revoked.has(k) {
				return true
			}
		}
		b := from.browser()
		_, id := login(t, b, "demo", "member@example.com", "demo1234")
		keys = append(keys, data.SessionKey(id))
		wantCode(t, b.post(t, "/api/session/logout", map[string]any{"brandId": "demo"}), 200, 0)
		return false
	})
}

// TestRevokedSessionStaysRevokedAfterRedisHiccup: a member logs out while
// Redis is unreachable, so the session's cached copy stays in Redis; when
// Redis is back the copy must not bring the session back, on this host or
// on a host started afterwards.
func TestRevokedSessionStaysRevokedAfterRedisHiccup(t *testing.T) {
	proxy := newTCPProxy(t, testRedisAddr())
	ts := &memberServer{testServer: newTestServer(t, withRedis("redis://"+proxy.addr()+"/0"))}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go ts.db.ListenSessionRevocations(ctx, ts.SessionRevoked) // as Run does
	untilListening(t, ts, ts)

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
		wantCode(t, old.get(t, "/api/user/userInfo?brandId=demo", "Authorization", id), 403, storefront.CodeSessionInvalid)
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
	wantCode(t, other.browser().get(t, "/api/user/userInfo?brandId=demo", "Authorization", id), 403, storefront.CodeSessionInvalid)
}

func mustGetRaw(t *testing.T, rdb *redis.Client, key string) []byte {
	t.Helper()
	v, err := rdb.Get(context.Background(), key).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestRevocationInListenGapReachesOtherHost: host b's LISTEN connection
// drops, and a session b holds in its cache is revoked on host a before b
// listens again; once b listens again it refuses the session (b reloads
// the recent revocations after listening again, not before).
func TestRevocationInListenGapReachesOtherHost(t *testing.T) {
	a := newMemberServer(t)
	b := &memberServer{testServer: secondProcess(t, a.testServer, "")} // no Redis: its own local cache only
	pg := a.db.Pool.Config().ConnConfig
	proxy := newTCPProxy(t, net.JoinHostPort(pg.Host, strconv.Itoa(int(pg.Port))))
	u := url.URL{Scheme: "postgres", User: url.UserPassword(pg.User, pg.Password), Host: proxy.addr(), Path: pg.Database, RawQuery: "sslmode=disable"}
	listenDB, err := data.Open(context.Background(), u.String(), "", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(listenDB.Close)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()                                              // before the pool closes: the listener holds a connection
	go listenDB.ListenSessionRevocations(ctx, b.SessionRevoked) // b's listener, as Run starts it
	untilListening(t, a, b)

	member := a.browser()
	_, id := login(t, member, "demo", "member@example.com", "demo1234")
	userInfo := func() *httptest.ResponseRecorder {
		return b.browser().get(t, "/api/user/userInfo?brandId=demo", "Authorization", id)
	}
	wantCode(t, userInfo(), 200, 0) // b caches the session

	proxy.hold() // b's LISTEN connection drops; its next one waits
	waitFor(t, "b to connect again", func() bool { return proxy.holding() > 0 })
	wantCode(t, member.post(t, "/api/session/logout", map[string]any{"brandId": "demo"}), 200, 0)
	proxy.restore()
	waitFor(t, "b to refuse the revoked session", func() bool { return userInfo().Code == 403 })
	wantCode(t, userInfo(), 403, storefront.CodeSessionInvalid)
}
