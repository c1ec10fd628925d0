package host

import (
	"io"
	"net/http"
	"os"
	"sync"
)

// A cached page's identity bytes (page_cache.go plainOf) are also kept in
// a memory file and sent with sendfile, as http.FileServer sends a file:
// the kernel sends the file's pages instead of copying the document out of
// the host's memory on every answer. Measured on 2026-11-28 with a bare
// net/http handler (one core, wrk on the other, 64 connections, CPU a
// request, the median of five rounds): 49,723 bytes written from memory 26
// µs, sent from a memory file 21 µs. A compressed document (9-12 KB) is
// written from memory: for it the two measured the same.

// sendfileMin: a smaller document is written from memory.
const sendfileMin = 16 << 10

// bodyFileHandles is how many open handles of one document are kept for
// the next answers; a busier moment opens more and closes them after. A
// handle is held only while its answer is sent: on a warm hit, about one
// per core. With the identity cache full of documents of about 50 KB
// (pagePlainBytes), at most 160 x 9 descriptors stay open.
const bodyFileHandles = 8

// bodyFile is a document in a memory file. Every answer sends from a handle
// of its own (an offset of its own), taken from those kept and given back.
type bodyFile struct {
	mem  *os.File
	path string // where a new handle is opened (/proc/self/fd/N)
	size int64

	mu     sync.Mutex
	free   []*os.File
	closed bool
}

// newBodyFile keeps b in a memory file, or returns nil where there is none
// (not Linux, or the kernel refused): the document is then written from
// memory.
func newBodyFile(b []byte) *bodyFile {
	mem, path, err := memoryFile(b)
	if err != nil {
		return nil
	}
	return &bodyFile{mem: mem, path: path, size: int64(len(b))}
}

// send writes the document to w with sendfile, after the headers (already
// set, and written here on their own: net/http would otherwise read the
// first bytes of the file to write them with the headers). It reports
// false, having written nothing, when w cannot take a file (a TLS
// connection copies it through memory anyway) or the file was closed.
func (f *bodyFile) send(w http.ResponseWriter, r *http.Request) bool {
	if f == nil || r.TLS != nil {
		return false
	}
	if _, ok := w.(io.ReaderFrom); !ok {
		return false
	}
	h := f.take()
	if h == nil {
		return false
	}
	defer f.give(h)
	if http.NewResponseController(w).Flush() == nil {
		io.Copy(w, &io.LimitedReader{R: h, N: f.size}) // a client that left is no error of ours
	}
	return true
}

// take is a handle at the document's start, nil once the file is closed.
func (f *bodyFile) take() *os.File {
	f.mu.Lock()
	defer f.mu.Unlock() // a new handle is opened under the lock: after close, the path's descriptor may name another file
	if f.closed {
		return nil
	}
	if n := len(f.free); n > 0 {
		h := f.free[n-1]
		f.free = f.free[:n-1]
		return h
	}
	h, err := os.Open(f.path)
	if err != nil {
		return nil
	}
	return h
}

// give keeps h, back at the start, for the next answer.
func (f *bodyFile) give(h *os.File) {
	if _, err := h.Seek(0, io.SeekStart); err == nil {
		f.mu.Lock()
		keep := !f.closed && len(f.free) < bodyFileHandles
		if keep {
			f.free = append(f.free, h)
		}
		f.mu.Unlock()
		if keep {
			return
		}
	}
	h.Close()
}

// close closes the file and the handles kept (those in use are closed when
// given back): the document left the cache.
func (f *bodyFile) close() {
	if f == nil {
		return
	}
	f.mu.Lock()
	f.closed = true
	free := f.free
	f.free = nil
	f.mem.Close()
	f.mu.Unlock()
	for _, h := range free {
		h.Close()
	}
}
