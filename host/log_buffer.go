package host

import (
	"io"
	"sync"
	"time"
)

// The process's log goes out through a buffer: a line is copied into
// memory on the request's path, and a goroutine writes what gathered with
// one write(2) at most logFlushDelay after the first line of a batch (at
// once when logBufferFull bytes gathered). An unbuffered handler wrote
// one line per write(2) on the request's path: a tenth of the host's CPU
// on a warm page. Close writes what is left: no line is lost at shutdown.

const (
	logFlushDelay = 100 * time.Millisecond
	logBufferFull = 256 << 10
)

// logBuffer is an io.Writer for the process's log (one Write a line, as
// slog's handlers call it).
type logBuffer struct {
	out     io.Writer
	writeMu sync.Mutex // held while writing to out: batches go out in order
	mu      sync.Mutex // guards buf and closed
	buf     []byte
	spare   []byte
	closed  bool
	pending chan struct{} // a batch began
	full    chan struct{} // the buffer is full, or it closes
	done    chan struct{}
}

// newLogBuffer starts the writer of out.
func newLogBuffer(out io.Writer) *logBuffer {
	b := &logBuffer{out: out, pending: make(chan struct{}, 1), full: make(chan struct{}, 1), done: make(chan struct{})}
	go b.run()
	return b
}

// Write copies p into the buffer; after Close it writes p through.
func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		b.writeMu.Lock()
		defer b.writeMu.Unlock()
		return b.out.Write(p)
	}
	first := len(b.buf) == 0
	b.buf = append(b.buf, p...)
	full, over := len(b.buf) >= logBufferFull, len(b.buf) >= 4*logBufferFull
	b.mu.Unlock()
	switch {
	case over: // the output keeps up no more: wait for it
		b.flush()
	case full:
		signal(b.full)
	case first:
		signal(b.pending)
	}
	return len(p), nil
}

// signal wakes the writer without waiting.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// run writes each batch logFlushDelay after it began, or when the buffer
// is full; after Close it writes the last one and ends.
func (b *logBuffer) run() {
	defer close(b.done)
	t := time.NewTimer(logFlushDelay)
	t.Stop()
	for {
		select {
		case <-b.pending:
			t.Reset(logFlushDelay)
			select {
			case <-t.C:
			case <-b.full:
				t.Stop()
			}
		case <-b.full:
		}
		if !b.flush() {
			return
		}
	}
}

// flush writes what gathered; it reports false once the buffer is closed.
func (b *logBuffer) flush() bool {
	b.writeMu.Lock()
	defer b.writeMu.Unlock()
	b.mu.Lock()
	batch := b.buf
	b.buf, b.spare = b.spare[:0], nil
	open := !b.closed
	b.mu.Unlock()
	if len(batch) > 0 {
		b.out.Write(batch) // a log that cannot be written has nowhere to say so
	}
	b.mu.Lock()
	if cap(batch) <= 4*logBufferFull { // a burst's larger buffer is let go
		b.spare = batch[:0]
	}
	b.mu.Unlock()
	return open
}

// Close writes what is buffered and lets later lines through unbuffered.
func (b *logBuffer) Close() {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	signal(b.full)
	<-b.done
}
