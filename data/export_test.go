package data

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// MigrateTo applies the embedded migrations on conn up to version: a test
// of a migration fills the tables the migration before left.
func MigrateTo(ctx context.Context, conn *pgx.Conn, version int32) error {
	m, err := migrator(ctx, conn)
	if err != nil {
		return err
	}
	return m.MigrateTo(ctx, version)
}
