// Package mail sends the storefront's e-mails over SMTP (go-mail) and
// holds their templates: Traditional Chinese HTML with a plain-text part,
// in the brand's name and colour.
package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// TLS modes of the SMTP connection.
const (
	TLSStartTLS = "starttls" // plain connection upgraded by STARTTLS, required (port 587)
	TLSImplicit = "tls"      // TLS from the first byte (port 465)
	TLSNone     = "none"     // no encryption: only for a relay on the same machine
)

// Config says where and how mails are sent.
type Config struct {
	Host     string
	Port     int
	User     string // empty: no authentication
	Password string
	From     string // sender address
	TLS      string // TLSStartTLS, TLSImplicit or TLSNone
}

// Message is one mail to one recipient.
type Message struct {
	To       string
	FromName string // display name of the sender: the brand's name
	Subject  string
	Text     string
	HTML     string
	// Attachment, when AttachName is set: a file sent with the mail.
	AttachName, AttachType string
	Attachment             []byte
	// Unsubscribe, when set, is the one-click unsubscribe URL: the mail
	// carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
	Unsubscribe string
	// Line is the same notification as a LINE text message (the subject,
	// the intro, the rows and the link), for a member who chose LINE; not
	// sent by mail.
	Line string
}

// Mailer sends messages over SMTP. It is safe for concurrent use: each
// Send opens its own connection.
type Mailer struct {
	cfg  Config
	opts []gomail.Option
}

// SendTimeout bounds one mail's whole SMTP conversation.
const SendTimeout = 15 * time.Second

// New checks cfg and returns a Mailer.
func New(cfg Config) (*Mailer, error) {
	if cfg.Host == "" || cfg.Port <= 0 || cfg.From == "" {
		return nil, errors.New("mail: host, port and sender are required")
	}
	opts := []gomail.Option{gomail.WithPort(cfg.Port), gomail.WithTimeout(SendTimeout)}
	switch cfg.TLS {
	case TLSStartTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL())
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		return nil, fmt.Errorf("mail: TLS mode %q: want starttls, tls or none", cfg.TLS)
	}
	if cfg.User != "" {
		auth := gomail.SMTPAuthAutoDiscover
		if cfg.TLS == TLSNone {
			auth = gomail.SMTPAuthPlainNoEnc
		}
		opts = append(opts, gomail.WithSMTPAuth(auth), gomail.WithUsername(cfg.User), gomail.WithPassword(cfg.Password))
	}
	if _, err := gomail.NewClient(cfg.Host, opts...); err != nil {
		return nil, fmt.Errorf("mail: %w", err)
	}
	return &Mailer{cfg: cfg, opts: opts}, nil
}

// Send delivers msg.
func (m *Mailer) Send(ctx context.Context, msg Message) error {
	g := gomail.NewMsg()
	if err := g.FromFormat(msg.FromName, m.cfg.From); err != nil {
		return fmt.Errorf("mail: sender: %w", err)
	}
	if err := g.To(msg.To); err != nil {
		return fmt.Errorf("mail: recipient: %w", err)
	}
	g.Subject(msg.Subject)
	g.SetDate()
	g.SetMessageID()
	if msg.Unsubscribe != "" {
		g.SetGenHeader(gomail.Header("List-Unsubscribe"), "<"+msg.Unsubscribe+">")
		g.SetGenHeader(gomail.Header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click")
	}
	g.SetBodyString(gomail.TypeTextPlain, msg.Text)
	if msg.HTML != "" {
		g.AddAlternativeString(gomail.TypeTextHTML, msg.HTML)
	}
	if msg.AttachName != "" {
		if err := g.AttachReader(msg.AttachName, bytes.NewReader(msg.Attachment), gomail.WithFileContentType(gomail.ContentType(msg.AttachType))); err != nil {
			return fmt.Errorf("mail: attachment: %w", err)
		}
	}
	c, err := gomail.NewClient(m.cfg.Host, m.opts...)
	if err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, SendTimeout)
	defer cancel()
	if err := c.DialAndSendWithContext(ctx, g); err != nil {
		return fmt.Errorf("mail: send to %s:%d: %w", m.cfg.Host, m.cfg.Port, err)
	}
	return nil
}
