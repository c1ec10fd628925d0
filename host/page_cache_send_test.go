package host

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// TestCachedPageSentFromMemoryFile: over real connections, a cached page
// asked for without compression is sent from its memory file (Linux), the
// same bytes as the rendered page, with its Content-Length and the bytes
// in its access-log line; many answers sent at once each get the whole
// document (each handle has an offset of its own); once the document left
// the identity cache, its file is closed and the next answer is whole.
func TestCachedPageSentFromMemoryFile(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("memory files are Linux's; elsewhere the document is written from memory (the other page cache tests)")
	}
	ts := newTestServer(t, func(d *Deps) { d.Config.AccessLog = true })
	srv := httptest.NewUnstartedServer(ts)
	srv.Config = httpServer(ts, slog.New(slog.NewTextHandler(io.Discard, nil)))
	srv.Start()
	t.Cleanup(srv.Close)
	plain := ts.get(t, "/demo").Body.String() // rendered, and kept
	if len(plain) < sendfileMin {
		t.Fatalf("brand home is %d bytes, under sendfileMin: not a test of the memory file", len(plain))
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 64}}
	t.Cleanup(client.CloseIdleConnections)
	get := func(method string) (*http.Response, string, error) {
		req, _ := http.NewRequest(method, srv.URL+"/demo", nil)
		req.Header.Set("Accept-Encoding", "identity")
		resp, err := client.Do(req)
		if err != nil {
			return nil, "", err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp, string(b), err
	}
	whole := func(resp *http.Response, body string) error {
		if resp.Header.Get("X-Page-Cache") != "hit" || resp.Header.Get("Content-Encoding") != "" {
			return fmt.Errorf("X-Page-Cache %q, Content-Encoding %q", resp.Header.Get("X-Page-Cache"), resp.Header.Get("Content-Encoding"))
		}
		if resp.ContentLength != int64(len(plain)) || body != plain {
			return fmt.Errorf("Content-Length %d, %d bytes: not the %d of the page", resp.ContentLength, len(body), len(plain))
		}
		return nil
	}

	resp, body, err := get(http.MethodGet)
	if err != nil {
		t.Fatal(err)
	}
	if err := whole(resp, body); err != nil {
		t.Fatal(err)
	}
	var etag string
	var doc *plainDoc
	for k, d := range ts.pages.plain.All() {
		if string(d.body) == plain {
			etag, doc = k, d
		}
	}
	if doc == nil {
		t.Fatal("the identity cache does not hold the page")
	}
	if doc.file == nil {
		t.Fatal("the identity document has no memory file")
	}
	// the handle comes back once the answer is sent: the client may read
	// the body first
	kept := func() int {
		doc.file.mu.Lock()
		defer doc.file.mu.Unlock()
		return len(doc.file.free)
	}
	waitFor(t, "the handle the answer was sent from kept", func() bool { return kept() == 1 })
	// the access log counts the bytes sent from the file
	id := resp.Header.Get("X-Request-Id")
	waitFor(t, "the access-log line with bytes="+strconv.Itoa(len(plain)), func() bool {
		return accessLineHas(ts.log.String(), id, "bytes="+strconv.Itoa(len(plain)))
	})

	// answers sent at once: each its whole document
	var wg sync.WaitGroup
	errs := make(chan error, 48*4)
	for range 48 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 4 {
				resp, body, err := get(http.MethodGet)
				if err == nil {
					err = whole(resp, body)
				}
				if err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	waitFor(t, "the handles kept", func() bool { return kept() >= 1 && kept() <= bodyFileHandles })

	// HEAD: the length, no body
	resp, body, err = get(http.MethodHead)
	if err != nil || resp.ContentLength != int64(len(plain)) || body != "" {
		t.Fatalf("HEAD: %v, Content-Length %d, %d bytes of body", err, resp.ContentLength, len(body))
	}

	// the document leaves the identity cache: its file and kept handles
	// are closed, and the next answer is whole (a new document)
	ts.pages.plain.Invalidate(etag)
	doc.file.mu.Lock()
	closed, free := doc.file.closed, len(doc.file.free)
	doc.file.mu.Unlock()
	if !closed || free != 0 {
		t.Fatalf("after eviction: closed %v, %d handles kept", closed, free)
	}
	if h := doc.file.take(); h != nil {
		t.Fatal("a closed document's file gave a handle")
	}
	resp, body, err = get(http.MethodGet)
	if err != nil {
		t.Fatal(err)
	}
	if err := whole(resp, body); err != nil {
		t.Fatalf("after eviction: %v", err)
	}
}

// TestBodyFileHandles: a handle given back is kept at the document's start
// (up to bodyFileHandles), one given back after the file closed is closed,
// and a closed file's send writes nothing (the caller writes from memory).
func TestBodyFileHandles(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("memory files are Linux's")
	}
	doc := strings.Repeat("課程 yoga ", 3000)
	f := newBodyFile([]byte(doc))
	if f == nil {
		t.Fatal("no memory file")
	}
	var taken []*os.File
	for range bodyFileHandles + 3 {
		h := f.take()
		if h == nil {
			t.Fatal("no handle")
		}
		taken = append(taken, h)
	}
	io.CopyN(io.Discard, taken[0], 100) // moved on: given back, it reads from the start again
	for _, h := range taken {
		f.give(h)
	}
	if len(f.free) != bodyFileHandles {
		t.Fatalf("%d handles kept; want %d", len(f.free), bodyFileHandles)
	}
	h := f.take()
	b, err := io.ReadAll(h)
	if err != nil || string(b) != doc {
		t.Fatalf("a kept handle read %d bytes (%v); want the document's %d from its start", len(b), err, len(doc))
	}
	f.close()
	f.give(h)
	if len(f.free) != 0 {
		t.Fatalf("%d handles kept by a closed file", len(f.free))
	}
	if _, err := h.Seek(0, io.SeekStart); err == nil {
		t.Fatal("a handle given back to a closed file is still open")
	}
	w := httptest.NewRecorder()
	if f.send(readerFromRecorder{w}, httptest.NewRequest(http.MethodGet, "/", nil)) || w.Body.Len() != 0 {
		t.Fatal("a closed file sent the document")
	}
}

// readerFromRecorder is a recorder that takes a file as net/http's writer does.
type readerFromRecorder struct{ *httptest.ResponseRecorder }

func (r readerFromRecorder) ReadFrom(src io.Reader) (int64, error) {
	return io.Copy(r.ResponseRecorder, src)
}

// accessLineHas reports whether the access-log line of request id holds s.
func accessLineHas(logs, id, s string) bool {
	for _, l := range strings.Split(logs, "\n") {
		if strings.Contains(l, "request_id="+id+" ") && strings.Contains(l, "msg=request") {
			return strings.Contains(l, " "+s+" ")
		}
	}
	return false
}
