package renderer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
)

// Errors of a render.
var (
	// ErrBusy: no runtime became free within the queue wait.
	ErrBusy = errors.New("renderer busy")
	// ErrTimeout: the render ran past its deadline and was interrupted.
	ErrTimeout = errors.New("render deadline exceeded")
	// ErrClosed: the pool is closed.
	ErrClosed = errors.New("renderer closed")
)

// Options configure a Pool.
type Options struct {
	Size      int           // runtimes; default one per CPU
	Deadline  time.Duration // longest a render may run; default 2s
	QueueWait time.Duration // longest to wait for a free runtime; default 1s
	MaxQueue  int           // most callers waiting at once; more are refused at once; default 8 per runtime
	Pages     []string      // the bundle's page modules, loaded up front for their styles
	Whole     bool          // render every page whole, never from the runtime's cached brand shells
	Log       *slog.Logger
}

// Result is a rendered page: the head tags the page rendered, its body
// HTML, and its critical CSS with the emotion ids it holds.
type Result struct {
	Head     string
	HTML     string
	StyleIDs string
	CSS      string
	Shell    bool // the page was rendered into its brand's cached shell, not whole
	Kept     int  // kept parts (cards, grids, brand home's sections, head tags) put into the page from the runtime's earlier renders
}

// Pool renders pages in a fixed set of goja runtimes, each used by one
// goroutine at a time. The server bundle is compiled once and run in every
// runtime. A runtime whose render threw or timed out is replaced.
type Pool struct {
	prog     *goja.Program
	opt      Options
	idle     chan *vm
	waiting  atomic.Int64
	admitted atomic.Int64 // requests on their way to a render (Admit)
	closed   atomic.Bool
	replaced atomic.Int64
	wg       sync.WaitGroup
	stats    *Stats
	styles   *styleTable
}

// maxKeptOut is the most a runtime keeps of the buffer it wrote its last
// page into (a page is 30-60 KB; an outsized one's buffer goes).
const maxKeptOut = 256 << 10

type vm struct {
	rt     *goja.Runtime
	render goja.Callable
	props  *propsReader // reused: a runtime renders one page at a time
	keyBuf []byte       // renderKeys' buffer, reused likewise
	out    []byte       // the page entry-server writes (__write), reused likewise
	// the runtime's own goroutine (serve) takes each render's props on
	// jobs and answers on done; jobs closed stops it
	jobs    chan []byte
	done    chan rendered
	stopped bool
}

// rendered is a runtime's answer to one render.
type rendered struct {
	res    *Result
	err    error
	broken bool // the render threw or was interrupted: the runtime is done
}

// servedInOneCall is how many renders a runtime's goroutine makes inside
// one call into the runtime before it returns out of it once (and goja
// runs any promise jobs the renders left, which React's synchronous
// render leaves none of).
const servedInOneCall = 1000

// NewPool compiles the server bundle and starts the runtimes.
func NewPool(serverJS string, o Options) (*Pool, error) {
	if o.Size <= 0 {
		o.Size = runtime.GOMAXPROCS(0)
	}
	if o.Deadline <= 0 {
		o.Deadline = 2 * time.Second
	}
	if o.QueueWait <= 0 {
		o.QueueWait = time.Second
	}
	if o.MaxQueue <= 0 {
		o.MaxQueue = 8 * o.Size
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	prog, err := compiled(serverJS)
	if err != nil {
		return nil, fmt.Errorf("compile server bundle: %w", err)
	}
	p := &Pool{prog: prog, opt: o, idle: make(chan *vm, o.Size), stats: newStats(), styles: newStyleTable()}
	errs := make(chan error, o.Size)
	for i := 0; i < o.Size; i++ {
		go func() {
			v, err := p.newVM()
			if err == nil {
				p.idle <- v
			}
			errs <- err
		}()
	}
	for i := 0; i < o.Size; i++ {
		if e := <-errs; e != nil && err == nil {
			err = e
		}
	}
	if err != nil {
		return nil, err
	}
	return p, nil
}

// programs holds the server bundles compiled in this process, by their
// source: a goja.Program is immutable and runs in any number of runtimes,
// and compiling the app's bundle takes about 80 ms (a process's pools, the
// tests' servers among them, compile it once).
var programs sync.Map // string -> *goja.Program

func compiled(serverJS string) (*goja.Program, error) {
	if p, ok := programs.Load(serverJS); ok {
		return p.(*goja.Program), nil
	}
	prog, err := goja.Compile("server.js", serverJS, false)
	if err != nil {
		return nil, err
	}
	p, _ := programs.LoadOrStore(serverJS, prog)
	return p.(*goja.Program), nil
}

// Size is the number of runtimes.
func (p *Pool) Size() int { return p.opt.Size }

// Waiting is the number of callers waiting for a runtime now.
func (p *Pool) Waiting() int64 { return p.waiting.Load() }

// Saturated reports whether an Admit or an Acquire now would be refused at
// once: a caller can refuse a request before doing any work for it.
func (p *Pool) Saturated() bool {
	return p.admitted.Load() >= int64(p.opt.Size+p.opt.MaxQueue) || p.waiting.Load() >= int64(p.opt.MaxQueue)
}

// Admit reserves one of the Size+MaxQueue places for requests on their
// way to a render (loading their data, waiting for a runtime, rendering),
// before the request does any work. Under overload, the requests that
// are refused have cost nothing but the refusal, and the ones admitted
// find a place in the queue: checking Saturated and then loading the data
// would let every request that looked at once load its data, most of it
// for nothing, and take the CPU the renders need. release gives the place
// back (once, however often it is called); ok is false when every place is
// taken.
func (p *Pool) Admit() (release func(), ok bool) {
	if p.admitted.Add(1) > int64(p.opt.Size+p.opt.MaxQueue) {
		p.admitted.Add(-1)
		return nil, false
	}
	var once sync.Once
	return func() { once.Do(func() { p.admitted.Add(-1) }) }, true
}

// Replaced counts the runtimes replaced after a failed render.
func (p *Pool) Replaced() int64 { return p.replaced.Load() }

// Stats returns the render time statistics.
func (p *Pool) Stats() *Stats { return p.stats }

// Close stops handing out runtimes, waits for replacements under way and
// stops the idle runtimes.
func (p *Pool) Close() {
	p.closed.Store(true)
	p.wg.Wait()
	for {
		select {
		case v := <-p.idle:
			v.stop()
		default:
			return
		}
	}
}

func (p *Pool) newVM() (*vm, error) {
	rt := goja.New()
	installGlobals(rt, p.opt.Log)
	if _, err := rt.RunProgram(p.prog); err != nil {
		return nil, fmt.Errorf("run server bundle: %w", err)
	}
	fn, ok := goja.AssertFunction(rt.Get("renderPage"))
	if !ok {
		return nil, errors.New("server bundle does not define renderPage")
	}
	keyer := newPartKeyer(rt)
	rt.Set("__partKey", func(c goja.FunctionCall) goja.Value {
		return rt.ToValue(keyer.key(c.Argument(0).String(), c.Argument(1)))
	})
	v := &vm{rt: rt, render: fn, props: &propsReader{rt: rt}, jobs: make(chan []byte), done: make(chan rendered)}
	rt.Set("__serve", func(goja.FunctionCall) goja.Value {
		for range servedInOneCall {
			props, ok := <-v.jobs
			if !ok {
				v.stopped = true
				break
			}
			r := p.renderIn(v, props)
			v.done <- r
			if r.broken {
				v.stopped = true
				break
			}
		}
		return goja.Undefined()
	})
	// __write(s, from?, to?) appends the string s, or its code units
	// from..to, to the page's HTML: entry-server builds a page from its
	// pieces here rather than in strings goja would copy whole at each
	// slice and join
	rt.Set("__write", func(c goja.FunctionCall) goja.Value {
		s, ok := c.Argument(0).(goja.String)
		if !ok {
			panic(rt.NewTypeError("__write: not a string"))
		}
		to := -1
		from := 0
		if len(c.Arguments) == 3 {
			from, to = int(c.Argument(1).ToInteger()), int(c.Argument(2).ToInteger())
			if from < 0 || to < from || to > s.Length() {
				panic(rt.NewTypeError("__write: range out of the string"))
			}
		}
		v.out = appendString(v.out, s, from, to)
		return goja.Undefined()
	})
	if styles, ok := goja.AssertFunction(rt.Get("styles")); ok {
		list, err := styles(goja.Undefined(), rt.ToValue(p.opt.Pages))
		if err != nil {
			return nil, fmt.Errorf("server bundle styles: %w", err)
		}
		p.styles.add(rt, list)
	}
	loop, err := rt.RunString(`(function () { __serve(); })`)
	if err != nil {
		return nil, err
	}
	serve, _ := goja.AssertFunction(loop)
	go v.serve(serve)
	return v, nil
}

// serve is a runtime's own goroutine: it renders from inside one call into
// the runtime (a function calling __serve, which takes the renders), not
// in a call of its own each time. goja drops a runtime's value stack when
// control returns out of it, so a render in a call of its own grew the
// stack anew, doubling it from nothing: a fifth of the bytes a render
// allocated (the member centre's 331 -> 269 KB) and about 6% of its CPU
// (3,000 of its renders on one CPU, BenchmarkRender: 1.12 -> 1.05 ms).
func (v *vm) serve(loop goja.Callable) {
	for !v.stopped {
		if _, err := loop(goja.Undefined()); err != nil {
			return // interrupted: the runtime is being replaced
		}
	}
}

// stop ends an idle runtime's goroutine.
func (v *vm) stop() { close(v.jobs) }

// Lease is a runtime held for one render. Render or Release it exactly once.
type Lease struct {
	p    *Pool
	v    *vm
	done bool
}

// Acquire waits for a free runtime, at most the queue wait (or until ctx
// ends). It returns ErrBusy when none came free in time, or at once when
// the queue is full: under overload, refusing early keeps the latency of
// accepted requests bounded.
func (p *Pool) Acquire(ctx context.Context) (*Lease, error) {
	if p.closed.Load() {
		return nil, ErrClosed
	}
	select {
	case v := <-p.idle:
		return &Lease{p: p, v: v}, nil
	default:
	}
	if p.waiting.Add(1) > int64(p.opt.MaxQueue) {
		p.waiting.Add(-1)
		return nil, ErrBusy
	}
	defer p.waiting.Add(-1)
	t := time.NewTimer(p.opt.QueueWait)
	defer t.Stop()
	select {
	case v := <-p.idle:
		return &Lease{p: p, v: v}, nil
	case <-t.C:
		return nil, ErrBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// TryAcquire takes a runtime only when one is idle and no caller is
// waiting for one, else returns nil at once: for background work that
// must never hold a visitor up (a visitor that starts waiting meanwhile
// gets the runtime back).
func (p *Pool) TryAcquire() *Lease {
	if p.closed.Load() || p.waiting.Load() > 0 {
		return nil
	}
	select {
	case v := <-p.idle:
		if p.waiting.Load() > 0 {
			p.idle <- v
			return nil
		}
		return &Lease{p: p, v: v}
	default:
		return nil
	}
}

// Release gives the runtime back without rendering.
func (l *Lease) Release() {
	if l.done {
		return
	}
	l.done = true
	l.p.giveBack(l.v)
}

// giveBack returns a runtime to the idle ones, or stops it once the pool
// is closed (Close stopped those idle then).
func (p *Pool) giveBack(v *vm) {
	if p.closed.Load() {
		v.stop()
		return
	}
	p.idle <- v
}

// Render renders a page with props (one JSON value) and gives the runtime
// back, or replaces it when the render threw or timed out.
func (l *Lease) Render(props []byte) (*Result, error) {
	if l.done {
		return nil, errors.New("lease already used")
	}
	l.done = true
	l.v.jobs <- props
	r := <-l.v.done
	if r.broken {
		l.p.replace()
	} else {
		l.p.giveBack(l.v)
	}
	return r.res, r.err
}

// renderIn renders on v's own goroutine (serve).
func (p *Pool) renderIn(v *vm, props []byte) rendered {
	pv, parsed, err := v.props.read(props)
	if err != nil { // the runtime is untouched
		return rendered{err: err}
	}
	keys := goja.Undefined() // none: the whole tree
	if !p.opt.Whole {
		var shell, page string
		shell, page, v.keyBuf = renderKeys(parsed, props, v.keyBuf)
		o := v.rt.NewObject()
		o.Set("shell", shell)
		o.Set("page", page)
		keys = o
	}
	timer := time.AfterFunc(p.opt.Deadline, func() { v.rt.Interrupt(ErrTimeout) })
	start := time.Now()
	res, err := v.call(pv, keys, p.styles)
	fired := !timer.Stop()
	if err != nil || fired {
		// a runtime that threw may hold broken state; one that was
		// interrupted (or is about to be) cannot be trusted either
		var ie *goja.InterruptedError
		if errors.As(err, &ie) || (err == nil && fired) {
			err = ErrTimeout
		}
		return rendered{err: err, broken: true}
	}
	p.stats.add(time.Since(start))
	return rendered{res: res}
}

func (v *vm) call(pv, keys goja.Value, styles *styleTable) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("render panic: %v", r)
		}
	}()
	v.out = v.out[:0]
	out, err := v.render(goja.Undefined(), pv, keys)
	if err != nil {
		return nil, err
	}
	o := out.ToObject(v.rt)
	styles.add(v.rt, o.Get("rules"))
	html := ""
	if x := o.Get("html"); x != nil && !goja.IsUndefined(x) {
		html = goString(x)
	} else { // written piece by piece (__write)
		html = string(v.out)
	}
	if cap(v.out) > maxKeptOut {
		v.out = nil
	}
	res = &Result{}
	if x := o.Get("shell"); x != nil {
		res.Shell = x.ToBoolean()
	}
	if x := o.Get("kept"); x != nil {
		res.Kept = int(x.ToInteger())
	}
	res.Head, res.HTML = splitHead(html)
	res.StyleIDs, res.CSS = styles.critical(res.HTML)
	return res, nil
}

// replace starts a new runtime in the background to take a failed one's
// place, retrying until it succeeds or the pool closes.
func (p *Pool) replace() {
	p.replaced.Add(1)
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for !p.closed.Load() {
			v, err := p.newVM()
			if err == nil {
				p.idle <- v
				return
			}
			p.opt.Log.Error("renderer: replacing a runtime failed", "err", err)
			time.Sleep(time.Second)
		}
	}()
}
