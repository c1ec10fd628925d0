package host

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestLogBufferLosesNoLine: lines from many goroutines all come out at
// Close, each whole and in each goroutine's order, also past the size at
// which the buffer writes at once; lines after Close go straight through.
func TestLogBufferLosesNoLine(t *testing.T) {
	out := &syncBuffer{}
	b := newLogBuffer(out)
	const writers, lines = 8, 5000 // about 2 MB: past logBufferFull several times
	pad := strings.Repeat("x", 40)
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := range lines {
				fmt.Fprintf(b, "w=%d i=%d %s\n", w, i, pad)
			}
		})
	}
	wg.Wait()
	b.Close()
	fmt.Fprintf(b, "after close\n")
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != writers*lines+1 || got[len(got)-1] != "after close" {
		t.Fatalf("%d lines, the last %q; want %d and the line after close", len(got), got[len(got)-1], writers*lines+1)
	}
	next := make([]int, writers)
	for _, l := range got[:len(got)-1] {
		var w, i int
		var rest string
		if _, err := fmt.Sscanf(l, "w=%d i=%d %s", &w, &i, &rest); err != nil || rest != pad {
			t.Fatalf("line %q torn", l)
		}
		if i != next[w] {
			t.Fatalf("writer %d: line %d after %d", w, i, next[w]-1)
		}
		next[w]++
	}
}

// TestLogBufferWritesWithoutClose: a line comes out on its own, with no
// later line and no Close to push it.
func TestLogBufferWritesWithoutClose(t *testing.T) {
	out := &syncBuffer{}
	b := newLogBuffer(out)
	t.Cleanup(b.Close)
	for _, line := range []string{"first\n", "second\n"} {
		b.Write([]byte(line))
		for !strings.HasSuffix(out.String(), line) { // waits on the state; the test's deadline bounds it
			time.Sleep(time.Millisecond)
		}
	}
	if out.String() != "first\nsecond\n" {
		t.Fatalf("out = %q", out.String())
	}
}
