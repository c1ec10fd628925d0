package rules

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// WCAG 2.2 contrast for any brand colour. A brand picks its colour; the UI
// kit draws with shades derived from it so that every pair it uses meets
// AA: the ink (brand text, links, outlines, focus rings, filled buttons
// under white text) is the brand colour darkened, keeping its hue, until it
// reaches 4.5:1 against white, the page grey and the brand tint; the tint
// (selected rows, hover backgrounds) is the ink mixed into white. The host
// derives a brand's palette once when it loads the brand and sends it in
// the page's props (app/root.tsx sets it as --brand and --brand-tint).

// Backgrounds are the page background and the surfaces brand-coloured text
// can sit on (app/ui/theme.ts).
var Backgrounds = []string{"#ffffff", "#f5f7fa"}

// AA ratios: normal text, and large text, focus rings and control borders.
const (
	AAText    = 4.5
	AANonText = 3.0
)

// tintShare is the share of the ink in the tint.
const tintShare = 0.1

type rgb [3]float64

// Palette is the colours the UI kit draws a brand with.
type Palette struct {
	// Ink: brand text, links, outlines, focus rings, filled buttons.
	Ink string `json:"ink"`
	// OnInk: text on a fill of Ink (TextOn).
	OnInk string `json:"onInk"`
	// Tint: light brand background for selected and hovered rows.
	Tint string `json:"tint"`
}

// The text colours TextOn picks from, in its order.
const (
	// White is the text on a dark fill.
	White = "#ffffff"
	// DarkText is the UI's text colour (app/ui/theme.ts colour.text).
	DarkText = "#1f2933"
	// Black is the text where neither reaches AA.
	Black = "#000000"
)

// LinePayGreen is LINE Pay's brand colour, the fill of its badge.
const LinePayGreen = "#06c755"

// TextOn is the colour of text on a fill of bg (a brand's, a partner's):
// white when it reaches AAText, else the dark text, else black (white or
// black always reaches 4.58:1).
//
//	TextOn("#18796b") == "#ffffff"
//	TextOn(LinePayGreen) == DarkText // white is 2.26:1 on it, the dark text 6.54:1
func TextOn(bg string) string {
	for _, c := range []string{White, DarkText} {
		if Contrast(c, bg) >= AAText {
			return c
		}
	}
	return Black
}

// parseHex reads #rgb or #rrggbb (the # optional) as 0-255 channels.
func parseHex(hex string) (rgb, bool) {
	h := strings.TrimPrefix(strings.TrimSpace(hex), "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	var c rgb
	if len(h) != 6 {
		return c, false
	}
	for i := range c {
		v, err := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
		if err != nil {
			return c, false
		}
		c[i] = float64(v)
	}
	return c, true
}

func (c rgb) hex() string {
	var b [3]int
	for i, v := range c {
		b[i] = int(math.Round(math.Min(255, math.Max(0, v))))
	}
	return fmt.Sprintf("#%02x%02x%02x", b[0], b[1], b[2])
}

// luminance is WCAG's relative luminance.
func (c rgb) luminance() float64 {
	var l [3]float64
	for i, v := range c {
		s := v / 255
		if s <= 0.04045 {
			l[i] = s / 12.92
		} else {
			l[i] = math.Pow((s+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// Contrast is the WCAG contrast ratio of two hex colours (1 to 21); a
// colour that is not hex counts as black.
func Contrast(a, b string) float64 {
	ca, _ := parseHex(a)
	cb, _ := parseHex(b)
	la, lb := ca.luminance(), cb.luminance()
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// mix is share of a and the rest of b.
func mix(a, b rgb, share float64) rgb {
	var out rgb
	for i := range out {
		out[i] = a[i]*share + b[i]*(1-share)
	}
	return out
}

// BrandPalette derives the palette of a brand colour (#rgb or #rrggbb);
// a colour that is missing or not hex gets DefaultColour's.
//
//	BrandPalette("#1B8A7A") == Palette{Ink: "#18796b", OnInk: "#ffffff", Tint: "#e8f2f0"}
//	BrandPalette("#111111") == Palette{Ink: "#111111", OnInk: "#ffffff", Tint: "#e7e7e7"}
func BrandPalette(colour string) Palette {
	base, ok := parseHex(colour)
	if !ok {
		base, _ = parseHex(DefaultColour)
	}
	white, black := rgb{255, 255, 255}, rgb{}
	for dark := 0; dark <= 100; dark++ {
		ink, _ := parseHex(mix(base, black, 1-float64(dark)/100).hex())
		p := Palette{Ink: ink.hex(), OnInk: TextOn(ink.hex()), Tint: mix(ink, white, tintShare).hex()}
		if Contrast(p.Ink, p.Tint) >= AAText && Contrast(p.Ink, Backgrounds[0]) >= AAText && Contrast(p.Ink, Backgrounds[1]) >= AAText {
			return p
		}
	}
	return Palette{Ink: Black, OnInk: White, Tint: mix(black, white, tintShare).hex()}
}
