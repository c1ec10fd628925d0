package econtract

import (
	"bytes"
	"embed"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"regexp"
	"storefront"
	"strings"
	"sync"
	"time"

	"github.com/signintech/gopdf"
	"golang.org/x/image/font/sfnt"
)

// The signed contract's PDF: the contract's Traditional Chinese text in
// Noto Sans TC (embedded, subset by gopdf to the glyphs used), the filled
// fields, the signer, the time, the hash of the text signed and the drawn
// signature.
//
// The font: the pages use @fontsource-variable/noto-sans-tc, a variable
// font shipped only as WOFF2; gopdf embeds TrueType (glyf) fonts only and
// no maintained Go WOFF2 decoder is available, so fonts/ holds the static
// Noto Sans TC Regular (400) of @fontsource/noto-sans-tc 5.3.0, the same
// font split the same way (101 unicode-range files), unpacked from WOFF to
// TrueType. Each character is drawn with the file that has its glyph.

//go:embed fonts/*.ttf
var fontFiles embed.FS

// font is one of the split font files.
type font struct {
	name string // the gopdf family: the file name
	data []byte
	f    *sfnt.Font
}

var (
	loadFonts sync.Once
	fonts     []font
	fontErr   error
)

func allFonts() ([]font, error) {
	loadFonts.Do(func() {
		entries, err := fontFiles.ReadDir("fonts")
		if err != nil {
			fontErr = err
			return
		}
		for _, e := range entries {
			b, _ := fontFiles.ReadFile("fonts/" + e.Name())
			f, err := sfnt.Parse(b)
			if err != nil {
				fontErr = fmt.Errorf("font %s: %w", e.Name(), err)
				return
			}
			fonts = append(fonts, font{name: e.Name(), data: b, f: f})
		}
	})
	return fonts, fontErr
}

// Contract is what the PDF shows.
type Contract struct {
	BrandName  string
	Title      string
	Version    int
	Body       string // rich text (HTML subset)
	Fields     [][2]string
	SignerName string
	Account    Account
	SignedAt   time.Time
	TextSHA256 string // hex
	Signature  []byte // PNG
}

// Account is the member's account that signed, as it was at signing.
type Account struct {
	Name, Email string
	MemberNo    int64
}

// Signer names who signed: the name they typed, with their account beside
// it.
//
//	某某人（會員帳號：王小明，amy@example.com，會員編號 12）
func Signer(typed string, a Account) string {
	return storefront.TextSignerAccount(typed, a.Name, a.Email, a.MemberNo)
}

// block is a paragraph, heading or list item of the body.
type block struct {
	text string
	size float64
}

var (
	tagRE   = regexp.MustCompile(`(?i)<\s*(/?)\s*([a-z0-9]+)[^>]*>`)
	spaceRE = regexp.MustCompile(`[ \t\r\n]+`) // HTML's white space (not U+3000)
)

// blocks turns the rich text into paragraphs: h2/h3 are headings, li items
// ("• " or "1. "), p and br break lines; other tags are dropped.
func blocks(body string) []block {
	var out []block
	var cur strings.Builder
	size := 11.0
	var lists []int // per open list: 0 bullets, else the next number
	flush := func() {
		if t := strings.TrimSpace(cur.String()); t != "" {
			out = append(out, block{text: t, size: size})
		}
		cur.Reset()
		size = 11
	}
	last := 0
	for _, m := range tagRE.FindAllStringSubmatchIndex(body, -1) {
		cur.WriteString(html.UnescapeString(spaceRE.ReplaceAllString(body[last:m[0]], " ")))
		last = m[1]
		closing, tag := body[m[2]:m[3]] == "/", strings.ToLower(body[m[4]:m[5]])
		switch tag {
		case "h1", "h2", "h3":
			flush()
			if !closing {
				size = map[string]float64{"h1": 16, "h2": 14, "h3": 12}[tag]
			}
		case "p", "div", "br", "tr":
			flush()
		case "ul", "ol":
			flush()
			if closing && len(lists) > 0 {
				lists = lists[:len(lists)-1]
			} else if !closing {
				lists = append(lists, map[bool]int{true: 1, false: 0}[tag == "ol"])
			}
		case "li":
			flush()
			if !closing {
				if n := len(lists); n > 0 && lists[n-1] > 0 {
					fmt.Fprintf(&cur, "%d. ", lists[n-1])
					lists[n-1]++
				} else {
					cur.WriteString("• ")
				}
			}
		}
	}
	cur.WriteString(html.UnescapeString(spaceRE.ReplaceAllString(body[last:], " ")))
	flush()
	return out
}

// page geometry (A4, points)
const (
	pageW, pageH = 595.28, 841.89
	margin       = 50.0
)

// writer lays text out line by line, each character in a font that has
// it, on as many pages as it takes.
type writer struct {
	pdf    *gopdf.GoPdf
	fonts  []font
	added  map[int]bool
	which  map[rune]int
	widths map[string]float64
	buf    sfnt.Buffer
	y      float64
}

// fontOf is the index of the first font with r's glyph (the first font
// when none has it: its .notdef box shows).
func (w *writer) fontOf(r rune) int {
	if i, ok := w.which[r]; ok {
		return i
	}
	i := 0
	for j, f := range w.fonts {
		if g, err := f.f.GlyphIndex(&w.buf, r); err == nil && g != 0 {
			i = j
			break
		}
	}
	w.which[r] = i
	return i
}

func (w *writer) use(i int, size float64) error {
	if !w.added[i] {
		if err := w.pdf.AddTTFFontData(w.fonts[i].name, w.fonts[i].data); err != nil {
			return err
		}
		w.added[i] = true
	}
	return w.pdf.SetFont(w.fonts[i].name, "", size)
}

func (w *writer) width(r rune, size float64) (float64, error) {
	key := fmt.Sprintf("%g/%c", size, r)
	if v, ok := w.widths[key]; ok {
		return v, nil
	}
	if err := w.use(w.fontOf(r), size); err != nil {
		return 0, err
	}
	v, err := w.pdf.MeasureTextWidth(string(r))
	w.widths[key] = v
	return v, err
}

// need starts a new page when h more points do not fit.
func (w *writer) need(h float64) {
	if w.y+h > pageH-margin {
		w.pdf.AddPage()
		w.y = margin
	}
}

// line draws one line at x in runs of one font.
func (w *writer) line(rs []rune, x, size float64) error {
	lh := size * 1.6
	w.need(lh)
	for len(rs) > 0 {
		i := w.fontOf(rs[0])
		n := 1
		for n < len(rs) && w.fontOf(rs[n]) == i {
			n++
		}
		if err := w.use(i, size); err != nil {
			return err
		}
		run := string(rs[:n])
		w.pdf.SetXY(x, w.y)
		if err := w.pdf.Cell(nil, run); err != nil {
			return err
		}
		wd, err := w.pdf.MeasureTextWidth(run)
		if err != nil {
			return err
		}
		x += wd
		rs = rs[n:]
	}
	w.y += lh
	return nil
}

// para wraps text to the page width (at any character: CJK text has no
// spaces) and draws it.
func (w *writer) para(text string, size, indent float64) error {
	max := pageW - 2*margin - indent
	var cur []rune
	width := 0.0
	for _, r := range text {
		if r == '\n' {
			if err := w.line(cur, margin+indent, size); err != nil {
				return err
			}
			cur, width = nil, 0
			continue
		}
		wd, err := w.width(r, size)
		if err != nil {
			return err
		}
		if width+wd > max && len(cur) > 0 {
			if err := w.line(cur, margin+indent, size); err != nil {
				return err
			}
			cur, width = nil, 0
			if r == ' ' {
				continue
			}
		}
		cur = append(cur, r)
		width += wd
	}
	if len(cur) > 0 {
		return w.line(cur, margin+indent, size)
	}
	return nil
}

// flatPNG redraws a PNG on white without transparency (gopdf's images
// are opaque) and returns it with its size.
func flatPNG(b []byte) ([]byte, int, int, error) {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, 0, 0, err
	}
	bounds := img.Bounds()
	out := image.NewRGBA(bounds)
	draw.Draw(out, bounds, &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	draw.Draw(out, bounds, img, bounds.Min, draw.Over)
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		return nil, 0, 0, err
	}
	return buf.Bytes(), bounds.Dx(), bounds.Dy(), nil
}

// taipei is the time zone the signing time is shown in.
var taipei = time.FixedZone("Asia/Taipei", 8*3600)

// PDF renders c.
func PDF(c Contract) ([]byte, error) {
	fs, err := allFonts()
	if err != nil {
		return nil, err
	}
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4, Unit: gopdf.UnitPT})
	pdf.SetInfo(gopdf.PdfInfo{Title: c.Title, Author: c.BrandName, Creator: "storefront", CreationDate: c.SignedAt})
	pdf.AddPage()
	w := &writer{pdf: pdf, fonts: fs, added: map[int]bool{}, which: map[rune]int{}, widths: map[string]float64{}, y: margin}
	if err := w.para(c.Title, 18, 0); err != nil {
		return nil, err
	}
	if err := w.para(storefront.TextContractEdition(c.BrandName, c.Version), 10, 0); err != nil {
		return nil, err
	}
	w.y += 8
	for _, b := range blocks(c.Body) {
		if b.size > 11 {
			w.y += 6
		}
		if err := w.para(b.text, b.size, 0); err != nil {
			return nil, err
		}
	}
	w.y += 16
	w.need(40)
	pdf.SetLineWidth(0.5)
	pdf.Line(margin, w.y, pageW-margin, w.y)
	w.y += 10
	rows := append([][2]string{}, c.Fields...)
	rows = append(rows, [2]string{storefront.TextSigner, Signer(c.SignerName, c.Account)},
		[2]string{storefront.TextSignedAt, c.SignedAt.In(taipei).Format("2006-01-02 15:04:05") + storefront.TextTaipeiTime},
		[2]string{storefront.TextContractSHA256, c.TextSHA256})
	for _, r := range rows {
		if err := w.para(r[0]+"："+r[1], 10, 0); err != nil {
			return nil, err
		}
	}
	if len(c.Signature) > 0 {
		img, iw, ih, err := flatPNG(c.Signature)
		if err != nil {
			return nil, fmt.Errorf("signature: %w", err)
		}
		h := 200.0 * float64(ih) / float64(iw)
		if h > 150 {
			h = 150
		}
		wd := h * float64(iw) / float64(ih)
		if err := w.para(storefront.TextSignatureLabel, 10, 0); err != nil {
			return nil, err
		}
		w.need(h)
		holder, err := gopdf.ImageHolderByBytes(img)
		if err != nil {
			return nil, err
		}
		if err := pdf.ImageByHolder(holder, margin, w.y, &gopdf.Rect{W: wd, H: h}); err != nil {
			return nil, err
		}
		w.y += h
	}
	var out bytes.Buffer
	if err := pdf.Write(&out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
