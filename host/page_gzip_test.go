package host

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"hash/maphash"
	"io"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"storefront/host/shell"
)

// TestGzipDocSplicesTheKeptPieces: a document with its head and its CSS
// spliced in from their kept segments, and the style element's start tag
// between them in a stored block, is one valid gzip member
// (compress/gzip checks the CRC and the length) holding the very bytes
// written, the second time from the same segments. In the first document
// the page's compressor also holds bytes before the CSS, which the part
// after the CSS repeats: a compressor that remembered them across the CSS
// would point back to them at the wrong distance.
func TestGzipDocSplicesTheKeptPieces(t *testing.T) {
	head := shell.Head{ThemeColor: "#1B8A7A", Icon: "/favicon.ico", Preloads: []string{"/_assets/chunks/" + t.Name() + ".js"}}
	// longer than 128 bytes: klauspost's compressor forgets a shorter block by itself
	before := `<meta name="description" content="團體課程、個人教練、場地租借"><link rel="canonical" href="https://fit.demo.test/"><meta property="og:title" content="森活運動館">`
	css := strings.Repeat(`.css-a{display:flex;gap:8px;color:#1B8A7A}.css-b{margin:0 auto;max-width:1200px}`, 40)
	after := `</style></head><body>` + strings.Repeat(before+`<div class="css-a">課程</div>`, 30) + `</body></html>`
	ids := "a b " + t.Name() // a key of this test's own
	var kept [][]byte
	for round := range 2 {
		rec := httptest.NewRecorder()
		rec.Header().Set("X-Page", "1")
		gz := gzipDocFor(rec, &reqCtx{r: httptest.NewRequest("GET", "/", nil)})
		if gz != nil {
			t.Fatal("a request without Accept-Encoding got gzip")
		}
		req := httptest.NewRequest("GET", "/", nil)
		req.Header.Set("Accept-Encoding", "br;q=1, gzip;q=0.5")
		gz = gzipDocFor(rec, &reqCtx{r: req})
		if gz == nil {
			t.Fatal("a request taking gzip did not get it")
		}
		if rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(strings.Join(rec.Header().Values("Vary"), ","), "Accept-Encoding") {
			t.Fatalf("headers %v", rec.Header())
		}
		if err := head.Send(gz); err != nil {
			t.Fatal(err)
		}
		if _, err := gzip.NewReader(bytes.NewReader(rec.Body.Bytes())); err != nil {
			t.Fatalf("the head does not start a gzip member: %v", err)
		}
		want := head.Doc()
		if round == 0 {
			io.WriteString(gz, before)
			want += before
		}
		open := fmt.Sprintf(`<style data-emotion="css a b" nonce="n%d">`, round)
		if err := gz.WriteCSS([]byte(open), ids, css); err != nil {
			t.Fatal(err)
		}
		io.WriteString(gz, after)
		if err := gz.Close(); err != nil {
			t.Fatal(err)
		}
		want += open + css + after
		zr, err := gzip.NewReader(bytes.NewReader(rec.Body.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if string(got) != want {
			t.Fatalf("round %d: the document decodes to other bytes (%d against %d)", round, len(got), len(want))
		}
		if !bytes.Contains(rec.Body.Bytes(), []byte(open)) {
			t.Fatalf("round %d: the style element's start tag is not in a stored block", round)
		}
		var segs [][]byte
		for _, plain := range [][]byte{[]byte(head.Doc()), []byte(css)} {
			seg := segmentOf(hashOf(plain, ids, css), plain)
			if !bytes.Contains(rec.Body.Bytes(), seg.deflated) {
				t.Fatalf("round %d: %.20q did not go in as its kept segment", round, plain)
			}
			segs = append(segs, seg.deflated)
		}
		if round == 1 && (&segs[0][0] != &kept[0][0] || &segs[1][0] != &kept[1][0]) {
			t.Fatal("the second document compressed its head or CSS again")
		}
		kept = segs
	}
	// the same ids with other CSS (another bundle): not the kept segment
	other := []byte(css + `.css-c{color:red}`)
	if seg := segmentOf(maphash.String(segmentSeed, ids), other); !bytes.Equal(seg.plain, other) {
		t.Fatal("a segment of other CSS was given for the same ids")
	}
}

// hashOf is the key a segment of plain is kept by: its rules' ids for the css, else its bytes.
func hashOf(plain []byte, ids, css string) uint64 {
	if string(plain) == css {
		return maphash.String(segmentSeed, ids)
	}
	return maphash.Bytes(segmentSeed, plain)
}

// TestPagesGzippedWithTheirCSSKept: a rendered page asked for with gzip
// comes gzipped by the page itself (Vary names Accept-Encoding) and
// decodes to the document sent to a client without gzip, but for the
// nonce; a page the page cache keeps from a gzip request is kept plain.
func TestPagesGzippedWithTheirCSSKept(t *testing.T) {
	ts := newTestServer(t)
	nonce := regexp.MustCompile(`nonce="[^"]*"`)
	for _, path := range []string{"/demo/activitys?page=2", "/demo/no-such-page"} {
		plain := ts.get(t, path)
		zipped := ts.get(t, path, "Accept-Encoding", "gzip")
		if zipped.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(strings.Join(zipped.Header().Values("Vary"), ","), "Accept-Encoding") {
			t.Fatalf("%s: Content-Encoding %q, Vary %q", path, zipped.Header().Get("Content-Encoding"), zipped.Header().Values("Vary"))
		}
		got := decode(t, zipped, zipped.Body.Bytes())
		if nonce.ReplaceAllString(got, "") != nonce.ReplaceAllString(plain.Body.String(), "") || !strings.Contains(got, `<style data-emotion="css `) {
			t.Fatalf("%s: the gzipped document differs from the plain one", path)
		}
	}
	// the page cache's first render, asked for with gzip: the client gets
	// gzip, the cache a plain document
	first := ts.get(t, "/yoga", "Accept-Encoding", "gzip")
	doc := decode(t, first, first.Body.Bytes())
	if !strings.HasPrefix(doc, "<!doctype html>") {
		t.Fatal("the first render of a cached page is not a document")
	}
	hit := ts.get(t, "/yoga")
	if hit.Header().Get("X-Page-Cache") != "hit" || hit.Header().Get("Content-Encoding") != "" || !strings.HasPrefix(hit.Body.String(), "<!doctype html>") {
		t.Fatalf("the cached page: X-Page-Cache %q, Content-Encoding %q, starts %q", hit.Header().Get("X-Page-Cache"), hit.Header().Get("Content-Encoding"), hit.Body.String()[:min(20, hit.Body.Len())])
	}
}
