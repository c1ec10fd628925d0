// Package rules holds the product's domain rules as pure functions: no I/O,
// the clock passed in.
package rules

import (
	"errors"
	"strings"
)

// DefaultColour is the theme's primary colour (spec section 9).
const DefaultColour = "#91C423"

// ErrBadHex is the spec's 'Bad Hex' error (section 5).
var ErrBadHex = errors.New("Bad Hex")

// CorporateColour derives a brand's colour from its webBaseBackgroundColor:
// drop the first two characters (the alpha of an ARGB value) and put # in
// front. The rest must be 3 or 6 hex digits, else ErrBadHex.
//
//	CorporateColour("FF1B8A7A") == "#1B8A7A", nil
//	CorporateColour("FFabc")    == "#abc", nil
//	CorporateColour("FF12345")  == "", ErrBadHex
func CorporateColour(webBaseBackgroundColor string) (string, error) {
	if len(webBaseBackgroundColor) < 2 {
		return "", ErrBadHex
	}
	hex := webBaseBackgroundColor[2:]
	if len(hex) != 3 && len(hex) != 6 {
		return "", ErrBadHex
	}
	if strings.Trim(hex, "0123456789abcdefABCDEF") != "" {
		return "", ErrBadHex
	}
	return "#" + hex, nil
}
