package rules

import (
	"strings"
	"testing"
)

func TestNextPath(t *testing.T) {
	cases := []struct {
		name string
		in   string
		ok   bool
	}{
		{"a course page", "/activity/1/2", true},
		{"with a query", "/activity/1/2?date=2026-12-01&x=%E4%B8%AD", true},
		{"the home", "/", true},
		{"empty", "", false},
		{"absolute", "https://evil.example/", false},
		{"scheme without slashes", "javascript:alert(1)", false},
		{"protocol-relative", "//evil.example/x", false},
		{"backslash", "/\\evil.example/", false},
		{"encoded backslash", "/%5Cevil.example/", false},
		{"encoded double slash", "/%2F%2Fevil.example", false},
		{"climbs out", "/user/../../other", false},
		{"encoded climb", "/%2e%2e/other", false},
		{"relative", "activity/1", false},
		{"a fragment", "/activity/1#x", false},
		{"a newline", "/activity/1\n", false},
		{"a tab", "/\t/evil.example", false},
		{"a space", "/activity 1", false},
		{"too long", "/" + strings.Repeat("a", MaxNextPath), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := NextPath(c.in)
			if ok != c.ok || (ok && got != c.in) {
				t.Fatalf("NextPath(%q) = %q, %v; want ok %v", c.in, got, ok, c.ok)
			}
		})
	}
}
