package data

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestModulesMirroredInApp keeps app/lib/modules.ts equal to AllModules.
func TestModulesMirroredInApp(t *testing.T) {
	src, err := os.ReadFile("../app/lib/modules.ts")
	if err != nil {
		t.Fatal(err)
	}
	var ts []string
	for _, m := range regexp.MustCompile(`(?m)^\s+\w+: '([A-Z_]+)',$`).FindAllStringSubmatch(string(src), -1) {
		ts = append(ts, m[1])
	}
	goKeys := append([]string(nil), AllModules...)
	sort.Strings(ts)
	sort.Strings(goKeys)
	if strings.Join(ts, " ") != strings.Join(goKeys, " ") {
		t.Fatalf("app/lib/modules.ts has\n%v\ndata/modules.go has\n%v", ts, goKeys)
	}
}
