package host

import (
	"html/template"
	"mime"
	"net/http"
	"net/netip"
	"storefront"
	"strconv"
	"strings"
	"time"

	"storefront/mail/devbox"
	"storefront/rules"
)

// The development mailbox (dev environment without SMTP_HOST): the mails
// the storefront sent, for a newcomer to read, and as JSON for the browser
// tests.

// taipeiTime is when a mail came, in Taiwan's time as the page says it:
// 2026-11-27 21:05:09（台北時間）.
func taipeiTime(t time.Time) string {
	return t.In(rules.Taipei).Format("2006-01-02 15:04:05") + storefront.TextDevMailboxTaipei
}

var mailboxPage = template.Must(template.New("mailbox").Funcs(template.FuncMap{"taipei": taipeiTime}).Parse(`<!doctype html>
<html lang="zh-Hant"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>` + storefront.TextDevMailbox + `</title>
<style nonce="{{.Nonce}}">
body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1f2933}
main{max-width:820px;margin:0 auto;padding:24px 16px}
h1{font-size:22px;margin:0 0 4px}p{color:#616e7c;margin:0 0 16px}
ul{list-style:none;padding:0;margin:0}li{background:#fff;border:1px solid #e4e7eb;border-radius:10px;margin-bottom:8px}
a{display:block;padding:12px 16px;color:inherit;text-decoration:none}a:hover{background:#f0f4f8}
strong{display:block}small{color:#616e7c}
</style></head><body><main>
<h1>` + storefront.TextDevMailbox + `</h1>
<p>` + storefront.TextDevMailboxIntro + `</p>
{{if not .Messages}}<p>` + storefront.TextDevMailboxEmpty + `</p>{{end}}
<ul>{{range .Messages}}<li><a href="/dev/mailbox/{{.ID}}"><strong>{{.Subject}}</strong><small>` + storefront.TextDevMailboxTo + `{{range $i, $t := .To}}{{if $i}}、{{end}}{{$t}}{{end}}　{{taipei .Received}}</small></a></li>{{end}}</ul>
</main></body></html>
`))

// loopbackOnly refuses (403) the development mailbox to any client but
// this machine: a dev server reachable on another interface must not
// show its mails (reset links) to the network. Behind a trusted proxy the
// client is the forwarded one.
func (s *Server) loopbackOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if a, err := netip.ParseAddr(s.clientAddress(r)); err != nil || !a.IsLoopback() {
			http.Error(w, storefront.TextDevMailboxLoopbackOnly, http.StatusForbidden)
			return
		}
		h(w, r)
	}
}

// GET /dev/mailbox
func (s *Server) devMailbox(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	mailboxPage.Execute(w, struct {
		Nonce    string
		Messages []devbox.Message
	}{nonceOf(r), s.mailbox.Messages()})
}

// GET /dev/mailbox/{id}: one mail's HTML part, sandboxed.
func (s *Server) devMailboxMessage(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.PathValue("id"))
	m, ok := s.mailbox.Message(id)
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Security-Policy", "sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation")
	if m.HTML == "" {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte(m.Text))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write([]byte(m.HTML))
}

// GET /dev/mailbox/{id}/attachments/{n}: a mail's n-th attachment (from
// 0), as it was sent.
func (s *Server) devMailboxAttachment(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.PathValue("id"))
	n, err := strconv.Atoi(r.PathValue("n"))
	m, ok := s.mailbox.Message(id)
	if !ok || err != nil || n < 0 || n >= len(m.Attachments) {
		http.NotFound(w, r)
		return
	}
	a := m.Attachments[n]
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", a.Type)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": a.Name}))
	w.Write(a.Content)
}

// GET /dev/mailbox.json?to=: the mails (newest first), optionally only
// those to one address.
func (s *Server) devMailboxJSON(w http.ResponseWriter, r *http.Request) {
	to := r.URL.Query().Get("to")
	msgs := s.mailbox.Messages()
	if to != "" {
		kept := msgs[:0]
		for _, m := range msgs {
			for _, t := range m.To {
				if strings.EqualFold(t, to) {
					kept = append(kept, m)
					break
				}
			}
		}
		msgs = kept
	}
	writeJSON(w, http.StatusOK, msgs)
}
