package rules

import (
	"fmt"
	"testing"
)

func TestContrastMatchesWCAGReferenceValues(t *testing.T) {
	cases := []struct {
		name, a, b, want string
	}{
		{"black on white", "#000", "#fff", "21.00"},
		{"mid teal on white", "#1B8A7A", "#ffffff", "4.23"},
		{"grey 777 on white", "#777777", "#ffffff", "4.48"},
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
		{"very light yellow", "#FFFBCC"},
		{"mid teal (the audit brand, 4.23:1 as is)", "#1B8A7A"},
		{"near black", "#111111"},
		{"pure red", "#FF0000"},
		{"pure white", "#FFFFFF"},
		{"light green (the fallback)", DefaultColour},
		{"short hex blue", "#00f"},
		{"not a colour", "Bad Hex"},
		{"empty", ""},
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
		{"mid teal darkened", "#1B8A7A", Palette{Ink: "#18796b", OnInk: White, Tint: "#e8f2f0"}},
		{"a brand colour that already passes is kept as it is", "#111111", Palette{Ink: "#111111", OnInk: White, Tint: "#e7e7e7"}},
		{"not a colour is the fallback's", "Bad Hex", BrandPalette(DefaultColour)},
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
		{"LINE Pay green: white 2.26:1, the dark text 6.54:1", LinePayGreen, DarkText},
		{"a studio's light yellow", "#FFFBCC", DarkText},
		{"a studio's mid teal as picked: white 4.23:1, the dark text too dark", "#1B8A7A", Black},
		{"the demo brand's ink", "#18796b", White},
		{"near black", "#111111", White},
		{"pure white", "#FFFFFF", DarkText},
		{"grey 777: white 4.48:1", "#777777", Black},
		{"the theme's light green", DefaultColour, DarkText},
		{"not a colour counts as black", "Bad Hex", White},
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
