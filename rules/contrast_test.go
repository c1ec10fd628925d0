package rules

import (
	"fmt"
	"testing"
)

func TestContrastMatchesWCAGReferenceValues(t *testing.T) {
	cases := []struct {
		name, a, b, want string
	}{
		{name: "black on white", a: "#000", b: "#fff", want: "21.00"},
		{name: "mid teal on white", a: "#1B8A7A", b: "#ffffff", want: "4.23"},
		{name: "grey 777 on white", a: "#777777", b: "#ffffff", want: "4.48"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := fmt.Sprintf("%.2f", Contrast(c.a, c.b)); got != c.want {
				t.Fatalf("Contrast(%s, %s) = %s; want %s", c.a, c.b, got, c.want)
			}
		})
	}
	if _, ok := parseHex("zzz"); ok {
		t.Fatal(`parseHex("zzz") read a colour`)
	}
}

// Every pair the kit draws meets AA for brands light and dark.
func TestBrandPaletteMeetsAA(t *testing.T) {
	cases := []struct{ name, colour string }{
		{name: "very light yellow", colour: "#FFFBCC"},
		{name: "mid teal (the audit brand, 4.23:1 as is)", colour: "#1B8A7A"},
		{name: "near black", colour: "#111111"},
		{name: "pure red", colour: "#FF0000"},
		{name: "pure white", colour: "#FFFFFF"},
		{name: "light green (the fallback)", colour: DefaultColour},
		{name: "short hex blue", colour: "#00f"},
		{name: "not a colour", colour: "Bad Hex"},
		{name: "empty", colour: ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := BrandPalette(c.colour)
			for _, bg := range Backgrounds {
				if r := Contrast(p.Ink, bg); r < AAText {
					t.Errorf("brand text %s on %s: %.2f", p.Ink, bg, r)
				}
				if r := Contrast(bg, p.Ink); r < AANonText {
					t.Errorf("focus ring and control border %s on %s: %.2f", p.Ink, bg, r)
				}
			}
			if r := Contrast(p.OnInk, p.Ink); r < AAText {
				t.Errorf("text %s on a filled button %s: %.2f", p.OnInk, p.Ink, r)
			}
			if r := Contrast(p.Ink, p.Tint); r < AAText {
				t.Errorf("brand text %s on its tint %s: %.2f", p.Ink, p.Tint, r)
			}
		})
	}
}

func TestBrandPaletteShades(t *testing.T) {
	cases := []struct {
		name, colour string
		want         Palette
	}{
		// the demo brand: the shades the JavaScript derivation gave (goldens)
		{name: "mid teal darkened", colour: "#1B8A7A", want: Palette{Ink: "#18796b", OnInk: White, Tint: "#e8f2f0"}},
		{name: "a brand colour that already passes is kept as it is", colour: "#111111", want: Palette{Ink: "#111111", OnInk: White, Tint: "#e7e7e7"}},
		{name: "not a colour is the fallback's", colour: "Bad Hex", want: BrandPalette(DefaultColour)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := BrandPalette(c.colour); got != c.want {
				t.Fatalf("BrandPalette(%q) = %+v; want %+v", c.colour, got, c.want)
			}
		})
	}
	t.Run("a darkened brand keeps its hue", func(t *testing.T) {
		c, _ := parseHex(BrandPalette("#FF0000").Ink)
		if !(c[0] > 150 && c[1] == 0 && c[2] == 0) {
			t.Fatalf("pure red darkened to %v", c)
		}
	})
}

// TextOn: text on any fill, a brand's or a partner's, reaches AA; white
// where it can.
func TestTextOnReachesAA(t *testing.T) {
	cases := []struct{ name, bg, want string }{
		{name: "LINE Pay green: white 2.26:1, the dark text 6.54:1", bg: LinePayGreen, want: DarkText},
		{name: "a studio's light yellow", bg: "#FFFBCC", want: DarkText},
		{name: "a studio's mid teal as picked: white 4.23:1, the dark text too dark", bg: "#1B8A7A", want: Black},
		{name: "the demo brand's ink", bg: "#18796b", want: White},
		{name: "near black", bg: "#111111", want: White},
		{name: "pure white", bg: "#FFFFFF", want: DarkText},
		{name: "grey 777: white 4.48:1", bg: "#777777", want: Black},
		{name: "the theme's light green", bg: DefaultColour, want: DarkText},
		{name: "not a colour counts as black", bg: "Bad Hex", want: White},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := TextOn(c.bg)
			if got != c.want {
				t.Errorf("TextOn(%s) = %s; want %s", c.bg, got, c.want)
			}
			if r := Contrast(got, c.bg); c.bg != "Bad Hex" && r < AAText {
				t.Errorf("%s on %s: %.2f", got, c.bg, r)
			}
		})
	}
}
