// Package shell is the HTML document around a server-rendered page, a
// quicktemplate (shell.qtpl; shell.qtpl.go is generated: go generate).
package shell

//go:generate go run github.com/valyala/quicktemplate/qtc -file=shell.qtpl
