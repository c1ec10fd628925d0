package outbox

import (
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	cases := []struct {
		attempts int
		want     time.Duration
	}{
		{1, 5 * time.Second}, {2, 10 * time.Second}, {3, 20 * time.Second}, {8, 640 * time.Second}, {9, 15 * time.Minute}, {1000, 15 * time.Minute},
	}
	for _, c := range cases {
		if got := Backoff(5*time.Second, 15*time.Minute, c.attempts); got != c.want {
			t.Errorf("Backoff(attempt %d) = %v; want %v", c.attempts, got, c.want)
		}
	}
}
