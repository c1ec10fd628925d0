// Package demo loads the demo catalogue: the brands demo, yoga, plan, term,
// noshop and closed with their stores, items and custom fields.
package demo

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"

	"storefront/data"
)

//go:embed *.sql
var files embed.FS

// LoadIfEmpty loads the demo catalogue when the database holds no brand. It
// reports whether it loaded. Concurrent starts load it once.
func LoadIfEmpty(ctx context.Context, db *data.DB) (bool, error) {
	tx, err := db.Pool.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "select pg_advisory_xact_lock(hashtext('storefront demo'))"); err != nil {
		return false, err
	}
	var any bool
	if err := tx.QueryRow(ctx, "select exists(select 1 from brands)").Scan(&any); err != nil {
		return false, err
	}
	if any {
		return false, nil
	}
	names, _ := fs.Glob(files, "*.sql")
	sort.Strings(names)
	for _, name := range names {
		sql, _ := files.ReadFile(name)
		if _, err := tx.Exec(ctx, string(sql)); err != nil {
			return false, fmt.Errorf("demo %s: %w", name, err)
		}
	}
	return true, tx.Commit(ctx)
}

//go:embed static
var static embed.FS

// Static holds the demo catalogue's images, served under /_static/demo/.
var Static, _ = fs.Sub(static, "static")

// Folders are the demo's static folders by name: the host serves each at
// /_static/{name}/.
var Folders = map[string]fs.FS{"demo": Static}
