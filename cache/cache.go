// Package cache is the two-tier cache: an in-process TinyLFU in front of
// Redis, through go-redis/cache. Without Redis it is the in-process tier
// alone. Redis failing never fails a caller: a read becomes a miss, a write
// is dropped, and Redis is left alone for a moment before it is tried again.
package cache

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	rcache "github.com/go-redis/cache/v9"
	"github.com/redis/go-redis/v9"
)

// Options configure a Cache.
type Options struct {
	RedisURL   string        // empty: in-process only
	LocalSize  int           // entries kept in process
	LocalTTL   time.Duration // lifetime of an in-process entry
	RedisPause time.Duration // how long to leave a failing Redis alone between probes
	Timeout    time.Duration // dial, read and write timeout of a Redis command (default 150ms)
	Prefix     string        // put before every key (processes sharing a Redis)
	Log        *slog.Logger
}

// Cache is safe for concurrent use.
type Cache struct {
	c        *rcache.Cache
	local    *rcache.TinyLFU
	rdb      *redis.Client
	fallback *rcache.Cache // the in-process tier alone, used while Redis is down
	pause    time.Duration
	down     atomic.Bool   // Redis failed: skipped until a probe answers
	errors   atomic.Uint64 // failed Redis commands
	prefix   string
	log      *slog.Logger
	closed   chan struct{}
	closeMu  sync.Once
}

// New builds a cache. A RedisURL that does not parse is an error; a Redis
// that does not answer is not (the cache works without it meanwhile).
func New(o Options) (*Cache, error) {
	if o.LocalSize == 0 {
		o.LocalSize = 10000
	}
	if o.LocalTTL == 0 {
		o.LocalTTL = time.Minute
	}
	if o.RedisPause == 0 {
		o.RedisPause = 2 * time.Second
	}
	if o.Timeout == 0 {
		o.Timeout = 150 * time.Millisecond
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	c := &Cache{local: rcache.NewTinyLFU(o.LocalSize, o.LocalTTL), pause: o.RedisPause, prefix: o.Prefix, log: o.Log,
		closed: make(chan struct{})}
	c.fallback = rcache.New(&rcache.Options{LocalCache: c.local})
	if o.RedisURL == "" {
		c.c = c.fallback
		return c, nil
	}
	ro, err := redis.ParseURL(o.RedisURL)
	if err != nil {
		return nil, err
	}
	// go-redis logs each failed dial itself; failed() already says once
	// that Redis is gone, so its own lines go to debug
	redis.SetLogger(debugLogger{o.Log})
	ro.DialTimeout = o.Timeout
	ro.ReadTimeout = o.Timeout
	ro.WriteTimeout = o.Timeout
	ro.MaxRetries = -1 // a failure pauses Redis instead
	c.rdb = redis.NewClient(ro)
	c.rdb.AddHook(watch{c})
	c.c = rcache.New(&rcache.Options{Redis: c.rdb, LocalCache: c.local})
	return c, nil
}

// Close releases the Redis connections.
func (c *Cache) Close() error {
	c.closeMu.Do(func() { close(c.closed) })
	if c.rdb != nil {
		return c.rdb.Close()
	}
	return nil
}

// HasRedis reports whether the cache has a Redis tier configured.
func (c *Cache) HasRedis() bool { return c.rdb != nil }

// RedisUp reports whether Redis is in use now: configured, and not left
// alone after a failure.
func (c *Cache) RedisUp() bool { return c.rdb != nil && !c.down.Load() }

// RedisErrors is how many Redis commands failed since the start.
func (c *Cache) RedisErrors() uint64 { return c.errors.Load() }

// tier returns the cache to use now: both tiers, or the in-process tier
// while Redis is left alone after a failure.
func (c *Cache) tier() *rcache.Cache {
	if c.rdb != nil && c.down.Load() {
		return c.fallback
	}
	return c.c
}

// failed leaves Redis alone after err, unless err is a plain miss or ours:
// the first failure is logged and starts the probe that brings Redis back.
func (c *Cache) failed(op, key string, err error) {
	if err == nil || errors.Is(err, rcache.ErrCacheMiss) || errors.Is(err, errLeftAlone) || c.rdb == nil {
		return
	}
	if c.down.CompareAndSwap(false, true) {
		c.log.Warn("redis unavailable; using the in-process cache until it answers again", "op", op, "key", key, "err", err)
		go c.probe()
	}
}

// probe pings Redis every pause until it answers, then puts it back in use.
func (c *Cache) probe() {
	t := time.NewTicker(c.pause)
	defer t.Stop()
	for {
		select {
		case <-c.closed:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.WithValue(context.Background(), probing{}, true), c.pause)
		err := c.rdb.Ping(ctx).Err()
		cancel()
		if err == nil {
			c.log.Info("redis answers again; using it") // before it is used: whoever sees it up finds the line
			c.down.Store(false)
			return
		}
	}
}

// probing marks the probe's own commands, which pass while Redis is left
// alone.
type probing struct{}

// errLeftAlone is a command refused without trying Redis.
var errLeftAlone = errors.New("cache: redis left alone after a failure")

// watch sees every Redis command, including those go-redis/cache issues
// itself and whose errors it does not return: a failure leaves Redis
// alone, and while it is, commands fail at once instead of waiting on it.
type watch struct{ c *Cache }

func (w watch) DialHook(next redis.DialHook) redis.DialHook { return next }

func (w watch) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if w.c.down.Load() && ctx.Value(probing{}) == nil {
			return errLeftAlone
		}
		err := next(ctx, cmd)
		if ctx.Err() == nil { // not the caller giving up
			w.check(cmd.Name(), err)
		}
		return err
	}
}

func (w watch) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		if w.c.down.Load() && ctx.Value(probing{}) == nil {
			return errLeftAlone
		}
		err := next(ctx, cmds)
		if ctx.Err() == nil {
			w.check("pipeline", err)
		}
		return err
	}
}

// check counts and reacts to a command's failure: not a miss, nor an error
// Redis answered (which says Redis is there).
func (w watch) check(op string, err error) {
	if err == nil || errors.Is(err, redis.Nil) {
		return
	}
	var answered redis.Error
	if errors.As(err, &answered) {
		return
	}
	w.c.errors.Add(1)
	w.c.failed(op, "", err)
}

// Get reads key into dst and reports whether it was there.
func (c *Cache) Get(ctx context.Context, key string, dst any) bool {
	key = c.prefix + key
	err := c.tier().Get(ctx, key, dst)
	c.failed("get", key, err)
	return err == nil
}

// Set stores v under key for ttl in both tiers.
func (c *Cache) Set(ctx context.Context, key string, v any, ttl time.Duration) {
	key = c.prefix + key
	// TinyLFU's Set does not replace an existing key (go-redis/cache#105)
	c.local.Del(key)
	err := c.tier().Set(&rcache.Item{Ctx: ctx, Key: key, Value: v, TTL: ttl})
	c.failed("set", key, err)
}

// GetShared reads key from Redis alone, skipping the in-process tier: for
// values the caller keeps in a process cache of its own (the page cache,
// bounded by bytes). False without Redis or while it is paused.
func (c *Cache) GetShared(ctx context.Context, key string, dst any) bool {
	if c.rdb == nil || c.tier() != c.c {
		return false
	}
	key = c.prefix + key
	err := c.c.GetSkippingLocalCache(ctx, key, dst)
	c.failed("get", key, err)
	return err == nil
}

// SetShared stores v under key for ttl in Redis alone (see GetShared).
func (c *Cache) SetShared(ctx context.Context, key string, v any, ttl time.Duration) {
	if c.rdb == nil || c.tier() != c.c {
		return
	}
	key = c.prefix + key
	err := c.c.Set(&rcache.Item{Ctx: ctx, Key: key, Value: v, TTL: ttl, SkipLocalCache: true})
	c.failed("set", key, err)
}

// Claim reports whether this process may do the work named by key: the
// first claim within ttl across every process on the Redis wins (SET NX).
// Without Redis, or while it is paused or failing, every claim wins: the
// work is then at worst done once per process.
func (c *Cache) Claim(ctx context.Context, key string, ttl time.Duration) bool {
	if c.rdb == nil || c.tier() != c.c {
		return true
	}
	key = c.prefix + "claim:" + key
	ok, err := c.rdb.SetNX(ctx, key, 1, ttl).Result()
	c.failed("claim", key, err)
	return ok || err != nil
}

// Delete removes key from both tiers.
func (c *Cache) Delete(ctx context.Context, key string) {
	key = c.prefix + key
	c.local.Del(key)
	if c.rdb != nil {
		c.failed("delete", key, c.rdb.Del(ctx, key).Err())
	}
}

// DeleteLocal removes key from this process's tier only (another process
// has already deleted it from Redis, or will).
func (c *Cache) DeleteLocal(key string) { c.local.Del(c.prefix + key) }

// Once reads key into dst, or when it is missing calls load, stores its
// result for ttl and reads that into dst. Concurrent callers for one key in
// this process share one call of load. An error from load is returned and
// nothing is stored.
func (c *Cache) Once(ctx context.Context, key string, dst any, ttl time.Duration, load func() (any, error)) error {
	key = c.prefix + key
	item := &rcache.Item{
		Ctx: ctx, Key: key, Value: dst, TTL: ttl,
		Do: func(*rcache.Item) (any, error) {
			v, err := load()
			if err != nil {
				return nil, loadError{err}
			}
			return v, nil
		},
	}
	err := c.tier().Once(item)
	var le loadError
	if errors.As(err, &le) {
		return le.err
	}
	if err != nil {
		// Redis failed: note it and go on with the in-process tier alone.
		c.failed("once", key, err)
		err = c.fallback.Once(item)
		if errors.As(err, &le) {
			return le.err
		}
	}
	return err
}

// debugLogger passes go-redis's own log lines to slog at debug level.
type debugLogger struct{ log *slog.Logger }

func (d debugLogger) Printf(ctx context.Context, format string, v ...any) {
	d.log.DebugContext(ctx, "redis: "+fmt.Sprintf(format, v...))
}

// loadError marks an error of the caller's load function, as opposed to
// one of Redis.
type loadError struct{ err error }

func (e loadError) Error() string { return e.err.Error() }
