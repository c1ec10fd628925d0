package providers

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"math/big"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// What both sandboxes share: their pages (plain, zh-Hant) and their
// Content-Security-Policy. A sandbox stands for a foreign site, so it
// answers with its own policy (replacing the host's): no script but its
// one auto-submit script (by hash), styles inline, forms posted only to
// itself and to the shop's callback origins.

// sandboxPage is the frame of every sandbox page.
var sandboxPage = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="zh-Hant"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>body{font-family:system-ui,"Noto Sans TC",sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
.note{background:#fff6d6;border:1px solid #e8d48a;padding:.5rem .75rem;font-size:.9rem}
.err{color:#b00020}label{display:block;margin:.75rem 0 .25rem}input{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box}
button{font-size:1rem;padding:.5rem 1.25rem;margin:1rem .5rem 0 0}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dd{margin:0}</style>
</head><body>
<p class="note">{{.Provider}} 測試環境（沙盒）：{{or .Note "不會有任何實際扣款。"}}</p>
<h1>{{.Title}}</h1>
{{.Body}}
{{if .AutoSubmit}}<script>` + autoSubmitJS + `</script>{{end}}
</body></html>`))

// autoSubmitJS posts the page's first form (the gateway's way back to the
// shop); the form's button does it without script.
const autoSubmitJS = `document.forms[0].submit();`

type pageData struct {
	Provider, Title string
	Note            string // the banner's second half ("": no real charge)
	Body            template.HTML
	AutoSubmit      bool
}

var autoSubmitHash = func() string {
	sum := sha256.Sum256([]byte(autoSubmitJS))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// writePage answers a sandbox page; formTargets are the URLs its forms
// (or their redirects) may go to besides the sandbox itself.
func writePage(w http.ResponseWriter, status int, d pageData, formTargets ...string) {
	action := "'self'"
	for _, t := range formTargets {
		if o := originOf(t); o != "" {
			action += " " + o
		}
	}
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; script-src "+autoSubmitHash+
		"; form-action "+action+"; base-uri 'none'; frame-ancestors 'none'")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	sandboxPage.Execute(w, d)
}

// originOf is the scheme://host of an absolute http(s) URL, else "".
func originOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// randomDigits is n random decimal digits.
func randomDigits(n int) string {
	var b strings.Builder
	for range n {
		d, _ := rand.Int(rand.Reader, big.NewInt(10))
		b.WriteByte(byte('0' + d.Int64()))
	}
	return b.String()
}

// taipei is Taiwan's time (UTC+8, no daylight saving), the providers'
// clock.
var taipei = time.FixedZone("Asia/Taipei", 8*3600)

// twd formats an amount with thousands separators: 12,345.
func twd(amount int) string {
	s := strconv.Itoa(amount)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}
