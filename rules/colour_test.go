package rules

import "testing"

func TestCorporateColour(t *testing.T) {
	cases := []struct {
		name, in, want string
		bad            bool
	}{
		{name: "argb six digits", in: "FF1B8A7A", want: "#1B8A7A", bad: false},
		{name: "three digits", in: "FFabc", want: "#abc", bad: false},
		{name: "lower case", in: "ff91c423", want: "#91c423", bad: false},
		{name: "five digits", in: "FF12345", want: "", bad: true},
		{name: "not hex", in: "FFGGHHII", want: "", bad: true},
		{name: "empty", in: "", want: "", bad: true},
		{name: "only alpha", in: "FF", want: "", bad: true},
		{name: "with hash", in: "FF#12345", want: "", bad: true},
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
