package cache

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// redisURL is the Redis the tests use: TEST_REDIS_URL, default the local one.
func redisURL() string {
	if u := os.Getenv("TEST_REDIS_URL"); u != "" {
		return u
	}
	return "redis://127.0.0.1:6379/0"
}

type brand struct {
	ID      string
	Version int64
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func newCache(t *testing.T, url string) *Cache {
	t.Helper()
	c, err := New(Options{RedisURL: url, Log: quiet(), RedisPause: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func key(t *testing.T) string { return fmt.Sprintf("test:%s:%d", t.Name(), time.Now().UnixNano()) }

func TestGetSetDelete(t *testing.T) {
	for name, url := range map[string]string{"local only": "", "with redis": redisURL()} {
		t.Run(name, func(t *testing.T) {
			c := newCache(t, url)
			ctx := context.Background()
			k := key(t)
			var got brand
			if c.Get(ctx, k, &got) {
				t.Fatal("hit on an empty cache")
			}
			c.Set(ctx, k, brand{"demo", 1}, time.Minute)
			c.Set(ctx, k, brand{"demo", 2}, time.Minute) // overwrite
			if !c.Get(ctx, k, &got) || got.Version != 2 {
				t.Fatalf("Get = %+v; want version 2", got)
			}
			c.Delete(ctx, k)
			if c.Get(ctx, k, &got) {
				t.Fatal("hit after delete")
			}
		})
	}
}

// TestSharedThroughRedis: a value set by one process is read by another.
func TestSharedThroughRedis(t *testing.T) {
	a, b := newCache(t, redisURL()), newCache(t, redisURL())
	ctx := context.Background()
	k := key(t)
	a.Set(ctx, k, brand{"yoga", 7}, time.Minute)
	var got brand
	if !b.Get(ctx, k, &got) || got.Version != 7 {
		t.Fatalf("second cache read %+v; want version 7 from Redis", got)
	}
}

func TestOnceLoadsOncePerBurst(t *testing.T) {
	c := newCache(t, redisURL())
	ctx := context.Background()
	k := key(t)
	var calls atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var got brand
			err := c.Once(ctx, k, &got, time.Minute, func() (any, error) {
				calls.Add(1)
				time.Sleep(50 * time.Millisecond)
				return brand{"demo", 3}, nil
			})
			if err != nil || got.Version != 3 {
				t.Errorf("Once = %+v, %v", got, err)
			}
		}()
	}
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Fatalf("load called %d times; want 1", n)
	}
}

func TestOnceReturnsLoadError(t *testing.T) {
	c := newCache(t, redisURL())
	want := errors.New("brand gone")
	var got brand
	err := c.Once(context.Background(), key(t), &got, time.Minute, func() (any, error) { return nil, want })
	if !errors.Is(err, want) {
		t.Fatalf("Once error = %v; want %v", err, want)
	}
}

// TestRedisGoingAway: a private Redis is stopped while the cache runs; reads
// and loads keep working from the in-process tier, and Redis is paused
// rather than tried (and waited on) by every call.
func TestRedisGoingAway(t *testing.T) {
	srv, url := startRedis(t)
	c := newCache(t, url)
	ctx := context.Background()
	c.Set(ctx, "a", brand{"demo", 1}, time.Minute)
	if c.rdb.Exists(ctx, "a").Val() != 1 {
		t.Fatal("value did not reach Redis")
	}

	srv.Process.Kill()
	srv.Wait()

	var got brand
	if !c.Get(ctx, "a", &got) || got.Version != 1 {
		t.Fatalf("Get after Redis went away = %+v; want the in-process value", got)
	}
	for i := 0; i < 10; i++ {
		var v brand
		err := c.Once(ctx, fmt.Sprintf("b%d", i), &v, time.Minute, func() (any, error) { return brand{"demo", 2}, nil })
		if err != nil || v.Version != 2 {
			t.Fatalf("Once after Redis went away = %+v, %v", v, err)
		}
		c.Set(ctx, fmt.Sprintf("c%d", i), brand{"x", 1}, time.Minute)
	}
	if c.tier() != c.fallback {
		t.Fatal("Redis is still tried on every call after it failed; want it paused")
	}
}

// startRedis runs a private redis-server for t.
func startRedis(t *testing.T) (*exec.Cmd, string) {
	t.Helper()
	path, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server is not installed")
	}
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	srv := exec.Command(path, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		srv.Process.Signal(syscall.SIGCONT)
		srv.Process.Kill()
		srv.Wait()
	})
	for i := 0; i < 50; i++ {
		if conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			conn.Close()
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	return srv, fmt.Sprintf("redis://127.0.0.1:%d/0", port)
}

// lockedBuffer is a log written by concurrent goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestRedisHung: a Redis that hangs (SIGSTOP: it accepts connections and
// never answers) is noticed by the first command that times out, logged
// once, and then not waited on: later reads and loads never reach it,
// however many. When it answers again it is used again, logged once.
func TestRedisHung(t *testing.T) {
	srv, url := startRedis(t)
	logs := &lockedBuffer{}
	c, err := New(Options{RedisURL: url, Log: slog.New(slog.NewTextHandler(logs, nil)), RedisPause: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	ctx := context.Background()
	c.Set(ctx, "a", brand{"demo", 1}, time.Minute)
	if c.rdb.Exists(ctx, "a").Val() != 1 || !c.RedisUp() {
		t.Fatal("value did not reach Redis")
	}
	if err := srv.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	// go-redis/cache's Once swallows the error of its own Redis read: the
	// hang must still be noticed
	var got brand
	if err := c.Once(ctx, "b", &got, time.Minute, func() (any, error) { return brand{"demo", 2}, nil }); err != nil || got.Version != 2 {
		t.Fatalf("Once on a hung Redis = %+v, %v", got, err)
	}
	if c.RedisUp() {
		t.Fatal("a hung Redis was not noticed")
	}
	failures := c.RedisErrors()
	for i := 0; i < 50; i++ {
		var v brand
		c.Once(ctx, fmt.Sprintf("c%d", i), &v, time.Minute, func() (any, error) { return brand{"x", 1}, nil })
		c.Get(ctx, "a", &v)
		c.Set(ctx, fmt.Sprintf("d%d", i), brand{"x", 1}, time.Minute)
		c.Delete(ctx, fmt.Sprintf("d%d", i))
	}
	if n := c.RedisErrors() - failures; n > 3 { // a probe or two may time out meanwhile
		t.Fatalf("%d Redis commands were tried and waited on after the hang was noticed", n)
	}
	if n := strings.Count(logs.String(), "redis unavailable"); n != 1 {
		t.Fatalf("the hang was logged %d times; want once:\n%s", n, logs.String())
	}
	srv.Process.Signal(syscall.SIGCONT)
	for deadline := time.Now().Add(10 * time.Second); !c.RedisUp(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("Redis not used again after it answers")
		}
	}
	if n := strings.Count(logs.String(), "redis answers again"); n != 1 {
		t.Fatalf("the recovery was logged %d times; want once", n)
	}
	c.Set(ctx, "e", brand{"demo", 5}, time.Minute)
	if c.rdb.Exists(ctx, "e").Val() != 1 {
		t.Fatal("a value set after the recovery did not reach Redis")
	}
}

// Claim: the first claim of a key across processes on one Redis wins until
// it expires; without Redis every claim wins.
func TestClaim(t *testing.T) {
	a, b := newCache(t, redisURL()), newCache(t, redisURL())
	k, ctx := key(t), context.Background()
	if !a.Claim(ctx, k, time.Minute) {
		t.Fatal("the first claim lost")
	}
	if b.Claim(ctx, k, time.Minute) || a.Claim(ctx, k, time.Minute) {
		t.Fatal("a second claim of the same key won")
	}
	if !b.Claim(ctx, k+":other", time.Minute) {
		t.Fatal("a claim of another key lost")
	}
	local := newCache(t, "")
	if !local.Claim(ctx, k, time.Minute) || !local.Claim(ctx, k, time.Minute) {
		t.Fatal("without Redis a claim lost")
	}
}
