// Package devbox is a development mailbox: an SMTP server (go-smtp) on the
// loopback interface that keeps every message it receives in memory. With
// no SMTP server configured, the storefront in the dev environment sends
// its mails here and shows them at /dev/mailbox; tests read delivered mails
// from it.
package devbox

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Message is one delivered mail, decoded.
type Message struct {
	ID       int       `json:"id"`
	From     string    `json:"from"`
	To       []string  `json:"to"`
	Subject  string    `json:"subject"`
	Received time.Time `json:"received"`
	Text     string    `json:"text"`
	HTML     string    `json:"html"`
	// Attachments are the files sent with the mail (a signed contract's
	// PDF), in order; /dev/mailbox/{id}/attachments/{n} serves them.
	Attachments []Attachment `json:"attachments"`
	Raw         string       `json:"-"`
}

// Attachment is one file a mail carried.
type Attachment struct {
	Name    string `json:"name"`
	Type    string `json:"type"`
	Size    int    `json:"size"`
	Content []byte `json:"-"`
}

// MaxMessages is how many messages the box keeps; older ones are dropped.
const MaxMessages = 200

// Box is the running mailbox.
type Box struct {
	srv  *smtp.Server
	ln   net.Listener
	user string
	pass string

	mu     sync.Mutex
	msgs   []Message
	nextID int
	notify chan struct{}
}

// Options configure a Box.
type Options struct {
	User, Password string // when set, clients must log in (AUTH PLAIN)
	Log            *slog.Logger
	Addr           string // where to listen; default 127.0.0.1:0 (a free port)
}

// Start listens on o.Addr (127.0.0.1 at a free port by default) and serves
// until Close.
func Start(o Options) (*Box, error) {
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return nil, err
	}
	b := &Box{ln: ln, user: o.User, pass: o.Password, notify: make(chan struct{})}
	s := smtp.NewServer(b)
	s.Domain = "localhost"
	s.AllowInsecureAuth = true // loopback only
	s.MaxMessageBytes = 1 << 20
	s.MaxRecipients = 10
	s.ReadTimeout = 30 * time.Second
	s.WriteTimeout = 30 * time.Second
	b.srv = s
	go func() {
		if err := s.Serve(ln); err != nil && !errors.Is(err, smtp.ErrServerClosed) && o.Log != nil {
			o.Log.Warn("development mailbox stopped", "err", err)
		}
	}()
	return b, nil
}

// Host and Port are where the box listens.
func (b *Box) Host() string { return "127.0.0.1" }

// Port is the box's SMTP port.
func (b *Box) Port() int { return b.ln.Addr().(*net.TCPAddr).Port }

// Close stops the server.
func (b *Box) Close() error { return b.srv.Close() }

// Messages returns the delivered messages, newest first.
func (b *Box) Messages() []Message {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]Message, len(b.msgs))
	for i, m := range b.msgs {
		out[len(b.msgs)-1-i] = m
	}
	return out
}

// Message returns the message with id.
func (b *Box) Message(id int) (Message, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, m := range b.msgs {
		if m.ID == id {
			return m, true
		}
	}
	return Message{}, false
}

// Wait returns the newest message to `to` delivered after message id
// `after`, waiting up to timeout for it.
func (b *Box) Wait(to string, after int, timeout time.Duration) (Message, bool) {
	deadline := time.After(timeout)
	for {
		b.mu.Lock()
		for i := len(b.msgs) - 1; i >= 0; i-- {
			m := b.msgs[i]
			if m.ID <= after {
				break
			}
			for _, r := range m.To {
				if strings.EqualFold(r, to) {
					b.mu.Unlock()
					return m, true
				}
			}
		}
		ch := b.notify
		b.mu.Unlock()
		select {
		case <-ch:
		case <-deadline:
			return Message{}, false
		}
	}
}

// LastID is the id of the newest message, 0 when none.
func (b *Box) LastID() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.nextID
}

func (b *Box) add(m Message) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.nextID++
	m.ID = b.nextID
	b.msgs = append(b.msgs, m)
	if len(b.msgs) > MaxMessages {
		b.msgs = b.msgs[len(b.msgs)-MaxMessages:]
	}
	close(b.notify)
	b.notify = make(chan struct{})
}

// NewSession is the go-smtp backend: one session per connection.
func (b *Box) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{box: b}, nil }

type session struct {
	box    *Box
	authed bool
	from   string
	to     []string
}

func (s *session) AuthMechanisms() []string {
	if s.box.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != s.box.user || password != s.box.pass {
			return errors.New("invalid username or password")
		}
		s.authed = true
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.box.user != "" && !s.authed {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := Parse(raw)
	if err != nil {
		return &smtp.SMTPError{Code: 554, Message: "cannot parse message: " + err.Error()}
	}
	m.From, m.To, m.Received = s.from, s.to, time.Now()
	s.box.add(m)
	return nil
}

func (s *session) Reset()        { s.from, s.to = "", nil }
func (s *session) Logout() error { return nil }

var words = new(mime.WordDecoder)

// Parse decodes a raw message: its subject and its plain-text and HTML
// parts (single-part or multipart, quoted-printable or base64).
func Parse(raw []byte) (Message, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Message{}, err
	}
	m := Message{Raw: string(raw)}
	if m.Subject, err = words.DecodeHeader(msg.Header.Get("Subject")); err != nil {
		return Message{}, err
	}
	err = walk(msg.Header, msg.Body, &m)
	return m, err
}

func walk(h interface{ Get(string) string }, body io.Reader, m *Message) error {
	contentType, encoding := h.Get("Content-Type"), h.Get("Content-Transfer-Encoding")
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = "text/plain"
	}
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if err := walk(p.Header, p, m); err != nil {
				return err
			}
		}
	}
	text, err := decode(encoding, body)
	if err != nil {
		return err
	}
	disposition, dp, _ := mime.ParseMediaType(h.Get("Content-Disposition"))
	switch {
	case disposition == "attachment" || (mt != "text/plain" && mt != "text/html"):
		name, _ := words.DecodeHeader(dp["filename"])
		if name == "" {
			name = params["name"]
		}
		m.Attachments = append(m.Attachments, Attachment{Name: name, Type: mt, Size: len(text), Content: []byte(text)})
	case mt == "text/plain":
		m.Text += text
	case mt == "text/html":
		m.HTML += text
	}
	return nil
}

func decode(encoding string, r io.Reader) (string, error) {
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		r = quotedprintable.NewReader(r)
	case "base64":
		b, err := io.ReadAll(r)
		if err != nil {
			return "", err
		}
		return decodeBase64(b)
	}
	b, err := io.ReadAll(r)
	return string(b), err
}

func decodeBase64(b []byte) (string, error) {
	clean := strings.Map(func(r rune) rune {
		if r == '\r' || r == '\n' || r == ' ' {
			return -1
		}
		return r
	}, string(b))
	out, err := base64.StdEncoding.DecodeString(clean)
	if err != nil {
		return "", fmt.Errorf("base64 part: %w", err)
	}
	return string(out), nil
}
