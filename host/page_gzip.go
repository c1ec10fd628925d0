package host

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"hash/maphash"
	"io"
	"net/http"
	"sync"

	"github.com/hashicorp/golang-lru/v2"
	"github.com/klauspost/compress/flate"
)

// A rendered page's document is gzipped here rather than by the compress
// middleware, so that the pieces many pages repeat, the document's head
// (the same for every page of a kind and brand) and the critical CSS
// (12-15 KB of a 25-50 KB page, the same for every page with the same
// rules), are compressed once and kept. A deflate stream may be cut where a
// sync flush ends (on a byte, no block open, none marked final) and blocks
// of another stream put there, so long as nothing after the cut refers
// back across it: each kept piece is such a stream of its own, compressed
// at the best level (once, so the page is smaller too), and the page's
// compressor starts afresh after the CSS (Reset). The few bytes between the
// head and the CSS (the style element's start tag, with the response's
// nonce) go in a stored block, so that the page's compressor makes one
// block, its Huffman tables (about as costly as the compression) once. The
// gzip trailer's CRC-32 and length count every byte sent.

// gzipDoc is a page's document as one gzip member written to w.
type gzipDoc struct {
	w       io.Writer
	fw      *flate.Writer
	begun   bool // the header is written
	pending bool // fw holds bytes since its last flush
	crc     uint32
	size    uint32
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

// counted adds p to the trailer's CRC-32 and length.
func (g *gzipDoc) counted(p []byte) {
	g.crc = crc32.Update(g.crc, crc32.IEEETable, p)
	g.size += uint32(len(p))
}

func (g *gzipDoc) Write(p []byte) (int, error) {
	if err := g.started(); err != nil {
		return 0, err
	}
	g.counted(p)
	g.pending = true
	return g.fw.Write(p)
}

// cut ends the page compressor's blocks on a byte (a sync flush) when it
// holds any: the stream may take another stream's blocks there.
func (g *gzipDoc) cut() error {
	if err := g.started(); err != nil {
		return err
	}
	if !g.pending {
		return nil
	}
	g.pending = false
	return g.fw.Flush()
}

// WriteHead writes the document's head from its kept compressed form
// (shell.HeadWriter).
func (g *gzipDoc) WriteHead(head []byte) error {
	return g.splice(segmentOf(maphash.Bytes(segmentSeed, head), head))
}

// WriteCSS writes the style element's start tag (open, in a stored block)
// and the page's critical CSS from its kept compressed form
// (shell.CSSWriter); the page's compressor starts afresh after it.
func (g *gzipDoc) WriteCSS(open []byte, ids, css string) error {
	if len(open) > 0xffff { // more than a stored block holds: compressed with the page
		if _, err := g.Write(open); err != nil {
			return err
		}
		open = nil
	}
	if err := g.cut(); err != nil {
		return err
	}
	if len(open) > 0 {
		// a stored block, not final: its three header bits and their
		// padding make a zero byte on a cut; then its length and the
		// length's complement
		var h [5]byte
		binary.LittleEndian.PutUint16(h[1:], uint16(len(open)))
		binary.LittleEndian.PutUint16(h[3:], ^uint16(len(open)))
		if _, err := g.w.Write(h[:]); err != nil {
			return err
		}
		if _, err := g.w.Write(open); err != nil {
			return err
		}
		g.counted(open)
	}
	if err := g.splice(segmentOf(maphash.String(segmentSeed, ids), css)); err != nil {
		return err
	}
	g.fw.Reset(g.w) // nothing after the CSS refers back across it
	return nil
}

// splice writes a kept segment at a cut.
func (g *gzipDoc) splice(seg *segment) error {
	if err := g.cut(); err != nil {
		return err
	}
	if _, err := g.w.Write(seg.deflated); err != nil {
		return err
	}
	g.counted(seg.plain)
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

// segment is a piece of a document and its deflate blocks, ended by a
// sync flush.
type segment struct {
	plain    []byte
	deflated []byte
}

// segments are the kept segments, by a hash of what names them: a head
// by its bytes (a few for each brand and page kind), a critical CSS by its
// rules' ids (each page kind has a few sets of rules, its components shown
// or not; the same ids give the same CSS in one bundle). The bytes are
// compared to be sure.
var segments, _ = lru.New[uint64, *segment](1024) // a positive size: no error

var segmentSeed = maphash.MakeSeed()

// segmentOf is plain's segment kept by key, made when missing (a kept one
// is compared without copying plain: the CSS comes as a string).
func segmentOf[T string | []byte](key uint64, plain T) *segment {
	if seg, ok := segments.Get(key); ok && string(seg.plain) == string(plain) {
		return seg
	}
	var b bytes.Buffer
	seg := &segment{plain: append([]byte(nil), plain...)}
	fw, _ := flate.NewWriter(&b, flate.BestCompression) // a valid level: no error
	fw.Write(seg.plain)
	fw.Flush() // a sync flush: not final, ends on a byte
	seg.deflated = b.Bytes()
	segments.Add(key, seg)
	return seg
}
