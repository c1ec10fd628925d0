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
	"sync"
	"sync/atomic"
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
	defer srv.Process.Kill()
	url := fmt.Sprintf("redis://127.0.0.1:%d/0", port)
	for i := 0; i < 50; i++ {
		if conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			conn.Close()
			break
		}
		time.Sleep(20 * time.Millisecond)
	}

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
