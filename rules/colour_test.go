package rules

import "testing"

func TestCorporateColour(t *testing.T) {
	cases := []struct {
		name, in, want string
		bad            bool
	}{
		{"argb six digits", "FF1B8A7A", "#1B8A7A", false},
		{"three digits", "FFabc", "#abc", false},
		{"lower case", "ff91c423", "#91c423", false},
		{"five digits", "FF12345", "", true},
		{"not hex", "FFGGHHII", "", true},
		{"empty", "", "", true},
		{"only alpha", "FF", "", true},
		{"with hash", "FF#12345", "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := CorporateColour(c.in)
			if c.bad {
				if err != ErrBadHex {
					t.Fatalf("CorporateColour(%q) = %q, %v; want Bad Hex", c.in, got, err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("CorporateColour(%q) = %q, %v; want %q", c.in, got, err, c.want)
			}
		})
	}
}
