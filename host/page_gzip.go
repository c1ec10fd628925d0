package host

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"io"
	"net/http"
	"sync"

	"github.com/hashicorp/golang-lru/v2"
	"github.com/klauspost/compress/flate"
)

// A rendered page's document is gzipped here rather than by the compress
// middleware, so that the piece every page with the same rules repeats, the
// critical CSS (12-15 KB of a 25-50 KB page), is compressed once and kept.
// A deflate stream may be cut where a sync flush ends (on a byte, no block
// open, none marked final) and blocks of another stream put there, so long
// as nothing after the cut refers back across it: the kept CSS is such a
// stream of its own, compressed at the best level (once, so the page is
// smaller too), and the page's compressor forgets what it saw before the
// CSS (Reset). The gzip trailer's CRC-32 and length count every byte sent.

// gzipDoc is a page's document as one gzip member written to w.
type gzipDoc struct {
	w     io.Writer
	fw    *flate.Writer
	begun bool // the header is written
	crc   uint32
	size  uint32
}

// docFlaters are the page compressors, at level 1 as the middleware's: the
// server's CPU is what an uncached page is short of.
var docFlaters = sync.Pool{New: func() any {
	fw, _ := flate.NewWriter(nil, 1) // a valid level: no error
	return fw
}}

// gzipHeader is a gzip member's header: deflate, no name nor time, no
// extra flags, OS unknown (as compress/gzip writes it).
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}

// gzipDocFor answers the document gzipped when the request takes gzip: it
// sets the headers (before the status goes out) and returns the writer to
// write the document to and Close; nil when the client does not take gzip,
// or the document goes plain to the page cache's copy (rc.captured).
func gzipDocFor(w http.ResponseWriter, rc *reqCtx) *gzipDoc {
	if rc.captured || !accepts(rc.r.Header.Get("Accept-Encoding"), "gzip") {
		return nil
	}
	h := w.Header()
	h.Set("Content-Encoding", "gzip") // the middleware passes it through
	h.Add("Vary", "Accept-Encoding")
	h.Del("Content-Length")
	fw := docFlaters.Get().(*flate.Writer)
	fw.Reset(w)
	return &gzipDoc{w: w, fw: fw}
}

// started writes the header before the first byte.
func (g *gzipDoc) started() error {
	if g.begun {
		return nil
	}
	g.begun = true
	_, err := g.w.Write(gzipHeader)
	return err
}

func (g *gzipDoc) Write(p []byte) (int, error) {
	if err := g.started(); err != nil {
		return 0, err
	}
	g.crc = crc32.Update(g.crc, crc32.IEEETable, p)
	g.size += uint32(len(p))
	return g.fw.Write(p)
}

// Flush sends what is written so far (a sync flush), e.g. the head before
// the render.
func (g *gzipDoc) Flush() error {
	if err := g.started(); err != nil {
		return err
	}
	return g.fw.Flush()
}

// WriteCSS writes the page's critical CSS from its kept compressed form
// (shell.CSSWriter).
func (g *gzipDoc) WriteCSS(ids, css string) error {
	seg := cssSegmentOf(ids, css)
	if err := g.Flush(); err != nil {
		return err
	}
	if _, err := g.w.Write(seg.deflated); err != nil {
		return err
	}
	g.crc = crc32.Update(g.crc, crc32.IEEETable, seg.css)
	g.size += uint32(len(seg.css))
	g.fw.Reset(g.w) // nothing after the CSS refers back across it
	return nil
}

// Close ends the stream and writes the trailer; the compressor goes back to
// the pool.
func (g *gzipDoc) Close() error {
	if err := g.started(); err != nil {
		return err
	}
	err := g.fw.Close()
	g.fw.Reset(io.Discard)
	docFlaters.Put(g.fw)
	if err != nil {
		return err
	}
	var t [8]byte
	binary.LittleEndian.PutUint32(t[:4], g.crc)
	binary.LittleEndian.PutUint32(t[4:], g.size)
	_, err = g.w.Write(t[:])
	return err
}

// cssSegment is a critical CSS and its deflate blocks, ended by a sync
// flush.
type cssSegment struct {
	css      []byte
	deflated []byte
}

// cssSegments are the critical CSS compressed, by their rules' ids: each
// page kind has a few sets of rules (its components, shown or not).
var cssSegments, _ = lru.New[string, *cssSegment](256) // a positive size: no error

// cssSegmentOf is the kept segment of css (its rules' ids: the same ids
// give the same CSS in one bundle; the CSS is compared to be sure).
func cssSegmentOf(ids, css string) *cssSegment {
	if seg, ok := cssSegments.Get(ids); ok && string(seg.css) == css {
		return seg
	}
	var b bytes.Buffer
	seg := &cssSegment{css: []byte(css)}
	fw, _ := flate.NewWriter(&b, flate.BestCompression) // a valid level: no error
	fw.Write(seg.css)
	fw.Flush() // a sync flush: not final, ends on a byte
	seg.deflated = b.Bytes()
	cssSegments.Add(ids, seg)
	return seg
}
