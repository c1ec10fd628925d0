package data_test

import (
	"context"
	"strings"
	"testing"

	"storefront/data"
	"storefront/data/dbtest"
)

// TestPoolSize: a DATABASE_URL without pool_max_conns gets the default
// pool; one with it gets its own size.
func TestPoolSize(t *testing.T) {
	url := dbtest.URL(t)
	bare, _, _ := strings.Cut(url, "pool_max_conns=")
	for _, c := range []struct {
		name, url string
		want      int32
	}{
		{name: "default", url: strings.TrimRight(bare, "?&"), want: data.DefaultPoolConns},
		{name: "pool_max_conns", url: bare + "pool_max_conns=7", want: 7},
	} {
		db, err := data.Open(context.Background(), c.url, "", nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := db.Pool.Config().MaxConns; got != c.want {
			t.Errorf("%s: %d connections at most; want %d", c.name, got, c.want)
		}
		db.Close()
	}
}
