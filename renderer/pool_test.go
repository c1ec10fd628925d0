package renderer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"strings"
	"testing"
	"time"
)

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// A tiny server bundle: renders props.text, throws on 'throw', spins on 'spin'.
const testBundle = `
globalThis.renderPage = function (p) {
	if (p.text === 'throw') throw new Error('boom');
	if (p.text === 'spin') { for (;;) {} }
	return { html: '<title>' + p.text + '</title><p>' + p.text + '</p>' };
};`

func render(t *testing.T, p *Pool, text string) (*Result, error) {
	t.Helper()
	l, err := p.Acquire(context.Background())
	if err != nil {
		return nil, err
	}
	b, _ := json.Marshal(map[string]string{"text": text})
	return l.Render(b)
}

func TestRenderThrowsAndIsReplaced(t *testing.T) {
	p, err := NewPool(testBundle, Options{Size: 1, Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := render(t, p, "throw"); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("render error = %v; want the exception", err)
	}
	res, err := render(t, p, "after") // waits for the replacement runtime
	if err != nil || res.HTML != "<p>after</p>" {
		t.Fatalf("render after a throw = %+v, %v", res, err)
	}
	if p.Replaced() != 1 {
		t.Fatalf("replaced %d runtimes; want 1", p.Replaced())
	}
}

func TestRenderDeadline(t *testing.T) {
	p, err := NewPool(testBundle, Options{Size: 1, Deadline: 50 * time.Millisecond, Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := render(t, p, "spin"); !errors.Is(err, ErrTimeout) {
		t.Fatalf("render error = %v; want ErrTimeout", err)
	}
	res, err := render(t, p, "ok")
	if err != nil || res.HTML != "<p>ok</p>" {
		t.Fatalf("render after a timeout = %+v, %v", res, err)
	}
}

func TestAcquireBusy(t *testing.T) {
	p, err := NewPool(testBundle, Options{Size: 1, QueueWait: 20 * time.Millisecond, Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	held, err := p.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Acquire(context.Background()); !errors.Is(err, ErrBusy) {
		t.Fatalf("second acquire = %v; want ErrBusy", err)
	}
	held.Release()
	l, err := p.Acquire(context.Background())
	if err != nil {
		t.Fatalf("acquire after release = %v", err)
	}
	l.Release()
}

func TestAcquireRefusesWhenQueueFull(t *testing.T) {
	p, err := NewPool(testBundle, Options{Size: 1, MaxQueue: 1, QueueWait: time.Minute, Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	held, _ := p.Acquire(context.Background())
	waiter := make(chan error, 1)
	go func() {
		l, err := p.Acquire(context.Background())
		if err == nil {
			l.Release()
		}
		waiter <- err
	}()
	for p.Waiting() == 0 {
		time.Sleep(time.Millisecond)
	}
	if _, err := p.Acquire(context.Background()); !errors.Is(err, ErrBusy) {
		t.Fatalf("acquire with a full queue = %v; want ErrBusy at once", err)
	}
	held.Release()
	if err := <-waiter; err != nil {
		t.Fatalf("the queued caller got %v; want the runtime", err)
	}
}

// Admit hands out Size+MaxQueue places, refuses the next at once, and
// takes a place back once however often its release is called.
func TestAdmitBoundsRequestsOnTheirWayToARender(t *testing.T) {
	p, err := NewPool(testBundle, Options{Size: 1, MaxQueue: 2, Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var releases []func()
	for i := 0; i < 3; i++ {
		release, ok := p.Admit()
		if !ok {
			t.Fatalf("place %d of 3 refused", i+1)
		}
		releases = append(releases, release)
	}
	if _, ok := p.Admit(); ok || !p.Saturated() {
		t.Fatalf("a fourth place was given (saturated %v)", p.Saturated())
	}
	releases[0]()
	releases[0]()
	if p.Saturated() {
		t.Fatal("saturated after a place was given back")
	}
	if _, ok := p.Admit(); !ok {
		t.Fatal("the place given back was refused")
	}
	if _, ok := p.Admit(); ok {
		t.Fatal("a release called twice gave back two places")
	}
}

func TestBundleWithoutRenderPage(t *testing.T) {
	if _, err := NewPool(`var x = 1;`, Options{Size: 1, Log: quiet()}); err == nil {
		t.Fatal("a bundle without renderPage was accepted")
	}
	if _, err := NewPool(`this is not javascript`, Options{Size: 1, Log: quiet()}); err == nil {
		t.Fatal("a bundle that does not parse was accepted")
	}
}

func TestPreloads(t *testing.T) {
	m := &Manifest{
		Entry: Chunk{File: "/e.js", Imports: []string{"/a.js", "/b.js"}},
		Pages: map[string]Chunk{"home": {File: "/home.js", Imports: []string{"/b.js", "/c.js"}}},
	}
	got := strings.Join(m.Preloads("home"), " ")
	if got != "/e.js /a.js /b.js /home.js /c.js" {
		t.Fatalf("Preloads = %s", got)
	}
}

// TryAcquire (background renders) takes only an idle runtime nobody waits
// for: a waiting visitor gets the runtime that comes free.
func TestTryAcquireYieldsToWaitingCallers(t *testing.T) {
	p, err := NewPool(testBundle, Options{Size: 1, QueueWait: 10 * time.Second, Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	held, err := p.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if p.TryAcquire() != nil {
		t.Fatal("TryAcquire took a runtime that was in use")
	}
	got := make(chan *Lease)
	go func() {
		l, _ := p.Acquire(context.Background())
		got <- l
	}()
	for p.Waiting() == 0 {
		time.Sleep(time.Millisecond)
	}
	held.Release() // the runtime comes free while a caller waits
	if l := p.TryAcquire(); l != nil {
		t.Fatal("TryAcquire took the runtime a waiting caller wanted")
	}
	visitor := <-got
	if visitor == nil {
		t.Fatal("the waiting caller got no runtime")
	}
	visitor.Release()
	l := p.TryAcquire()
	if l == nil {
		t.Fatal("TryAcquire refused an idle runtime nobody waited for")
	}
	l.Release()
}

// A runtime renders from inside one call into it (serve), returning out of
// it once every servedInOneCall renders: its state carries on across that
// return, a thrown render still replaces it there, and Close ends the
// goroutines of the idle runtimes.
func TestRuntimeServesAcrossItsCalls(t *testing.T) {
	before := runtime.NumGoroutine()
	p, err := NewPool(`
		globalThis.n = 0;
		globalThis.renderPage = function (p) {
			if (p.text === 'throw') throw new Error('boom');
			n++;
			return { html: '<p>' + n + '</p>' };
		};`, Options{Size: 2, Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for i := 0; i < servedInOneCall+10; i++ {
		l, err := p.Acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		v := l.v
		res, err := l.Render([]byte(`{"text":"x"}`))
		if err != nil {
			t.Fatalf("render %d: %v", i, err)
		}
		counts[fmt.Sprintf("%p", v)]++
		if want := fmt.Sprintf("<p>%d</p>", counts[fmt.Sprintf("%p", v)]); res.HTML != want {
			t.Fatalf("render %d = %q; want %q (the runtime's count)", i, res.HTML, want)
		}
	}
	if _, err := render(t, p, "throw"); err == nil {
		t.Fatal("a render that throws succeeded")
	}
	if res, err := render(t, p, "x"); err != nil || res.HTML == "" {
		t.Fatalf("render after a throw = %+v, %v", res, err)
	}
	p.Close()
	for deadline := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > before; {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after Close; %d before the pool", runtime.NumGoroutine(), before)
		}
		runtime.Gosched()
	}
}
