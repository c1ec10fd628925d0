package econtract

import (
	"bytes"
	"compress/zlib"
	"image"
	"image/color"
	"image/png"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestBlocks: the rich text's headings, paragraphs and list items.
func TestBlocks(t *testing.T) {
	got := blocks(`<h2>第一條　目的</h2><p>本館 &amp; 會員</p><ul><li>甲</li><li>乙</li></ul><ol><li>一</li><li>二</li></ol><p>a<br>b</p>`)
	want := []block{{"第一條　目的", 14}, {"本館 & 會員", 11}, {"• 甲", 11}, {"• 乙", 11}, {"1. 一", 11}, {"2. 二", 11}, {"a", 11}, {"b", 11}}
	if len(got) != len(want) {
		t.Fatalf("blocks = %v; want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("block %d = %v; want %v", i, got[i], want[i])
		}
	}
}

// signaturePNG is a small drawn signature with transparency.
func signaturePNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 120, 40))
	for x := 10; x < 110; x++ {
		img.Set(x, 20+(x%7), color.NRGBA{0, 0, 0, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pdfText is every character the PDF's fonts map back to text (the
// bfrange entries of their ToUnicode maps, as gopdf writes them): for
// fonts subset to the glyphs drawn, exactly the characters drawn.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	streams := regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`).FindAllSubmatch(pdf, -1)
	var all strings.Builder
	for _, s := range streams {
		if r, err := zlib.NewReader(bytes.NewReader(s[1])); err == nil {
			b, _ := io.ReadAll(r)
			all.Write(b)
		} else {
			all.Write(s[1])
		}
	}
	var out strings.Builder
	for _, m := range regexp.MustCompile(`<[0-9A-Fa-f]+>\s*<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]{4,8})>`).FindAllStringSubmatch(all.String(), -1) {
		if n, err := strconv.ParseUint(m[1], 16, 32); err == nil {
			out.WriteRune(rune(n))
		}
	}
	return out.String()
}

// TestPDF: the signed contract's PDF holds its Traditional Chinese text,
// fields, signer with their account, and hash in Noto Sans TC, and the signature image.
func TestPDF(t *testing.T) {
	c := Contract{BrandName: "森活運動館", Title: "會員入會契約", Version: 2,
		Body:   `<h2>第一條　契約目的</h2><p>會員（以下稱甲方）使用本館設施，應遵守規則；未盡事宜依法處理。</p><ul><li>限本人使用</li></ul>`,
		Fields: [][2]string{{"緊急聯絡人", "王大明"}}, SignerName: "陳小華",
		Account: Account{Name: "陳曉華", Email: "hua@example.com", MemberNo: 42}, SignedAt: time.Date(2026, 11, 23, 2, 0, 0, 0, time.UTC),
		TextSHA256: "ab12", Signature: signaturePNG(t)}
	b, err := PDF(c)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %.20q", b)
	}
	if !bytes.Contains(b, []byte("/FontFile2")) || !bytes.Contains(b, []byte("/Subtype /Image")) {
		t.Errorf("the PDF embeds no TrueType font or no image")
	}
	text := pdfText(t, b)
	for _, r := range "會員入會契約第一條契約目的（以下稱甲方）使用本館設施，應遵守規則；未盡事宜依法處理。•限本人使用緊急聯絡人王大明簽署人陳小華會員帳號曉hua@example.com編號42時間2026-11-2310:00SHA-256ab12森活運動館第2版" {
		if !strings.ContainsRune(text, r) {
			t.Errorf("the PDF cannot show %q", r)
		}
	}
}
