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
			if r := Contrast("#ffffff", p.Ink); r < AAText {
				t.Errorf("white on a filled button %s: %.2f", p.Ink, r)
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
		{"mid teal darkened", "#1B8A7A", Palette{Ink: "#18796b", Tint: "#e8f2f0"}},
		{"a brand colour that already passes is kept as it is", "#111111", Palette{Ink: "#111111", Tint: "#e7e7e7"}},
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
