// Package shell is the HTML document around a server-rendered page, a
// quicktemplate (shell.qtpl; shell.qtpl.go is generated: go generate).
package shell

//go:generate go run github.com/valyala/quicktemplate/qtc -file=shell.qtpl

import (
	"io"

	qt "github.com/valyala/quicktemplate"
)

// CSSWriter is a writer that takes the page's critical CSS apart (the
// host's gzipped document keeps each set of rules compressed once): open
// is the style element's start tag, which holds the response's nonce.
type CSSWriter interface {
	io.Writer
	WriteCSS(open []byte, ids, css string) error
}

// HeadWriter is a writer that keeps the document's head compressed once
// (the host's gzipped document: a head is the same for every page of a
// kind and brand).
type HeadWriter interface {
	WriteHead(head []byte) error
}

// Send writes the start of the document to w in one Write (a HeadWriter:
// by WriteHead).
func (h *Head) Send(w io.Writer) error {
	bb := qt.AcquireByteBuffer()
	defer qt.ReleaseByteBuffer(bb)
	h.WriteDoc(bb)
	if hw, ok := w.(HeadWriter); ok {
		return hw.WriteHead(bb.B)
	}
	_, err := w.Write(bb.B)
	return err
}

// Send writes the rest of the document to w in one Write (a CSSWriter: the
// pieces before and after the CSS, and the CSS by WriteCSS): the
// response's 4 KB buffers would otherwise send the page's 30-60 KB in a
// syscall for every few pieces (9 writes for brand home against 4).
func (b *Body) Send(w io.Writer) error {
	bb := qt.AcquireByteBuffer()
	defer qt.ReleaseByteBuffer(bb)
	cw, ok := w.(CSSWriter)
	if !ok {
		b.WriteDoc(bb)
		_, err := w.Write(bb.B)
		return err
	}
	b.WriteBeforeCSS(bb)
	if err := cw.WriteCSS(bb.B, b.StyleIDs, b.CSS); err != nil {
		return err
	}
	bb.Reset()
	b.WriteAfterCSS(bb)
	_, err := cw.Write(bb.B)
	return err
}
