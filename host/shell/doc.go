// Package shell is the HTML document around a server-rendered page, a
// quicktemplate (shell.qtpl; shell.qtpl.go is generated: go generate).
package shell

//go:generate go run github.com/valyala/quicktemplate/qtc -file=shell.qtpl

import (
	"io"

	qt "github.com/valyala/quicktemplate"
)

// Send writes the rest of the document to w in one Write: the response's
// 4 KB buffers would otherwise send the page's 30-60 KB in a syscall for
// every few pieces (9 writes for brand home against 4).
func (b *Body) Send(w io.Writer) error {
	bb := qt.AcquireByteBuffer()
	defer qt.ReleaseByteBuffer(bb)
	b.WriteDoc(bb)
	_, err := w.Write(bb.B)
	return err
}
