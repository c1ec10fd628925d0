package data_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

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

// TestOpenCreatesTheNamedDatabase: a DATABASE_URL naming a database that
// does not exist yet gets it created and migrated, as the embedded default
// does, instead of failing after the build.
func TestOpenCreatesTheNamedDatabase(t *testing.T) {
	ctx := context.Background()
	name := fmt.Sprintf("storefront_missing_%d", time.Now().UnixNano())
	u, err := url.Parse(dbtest.ServerURL())
	if err != nil {
		t.Fatal(err)
	}
	server := u.String()
	u.Path = "/" + name
	db, err := data.Open(ctx, u.String(), "", nil)
	if err != nil {
		t.Fatalf("open %s: %v", name, err)
	}
	t.Cleanup(func() {
		db.Close()
		admin, err := pgx.Connect(ctx, server)
		if err == nil {
			admin.Exec(ctx, "drop database if exists "+name)
			admin.Close(ctx)
		}
	})
	var migrated bool
	if err := db.Pool.QueryRow(ctx, "select exists(select 1 from schema_version)").Scan(&migrated); err != nil || !migrated {
		t.Fatalf("the created database is not migrated: %v", err)
	}
}
