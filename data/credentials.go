package data

import (
	"context"
	"storefront"
	"time"
)

// Credential is a brand's merchant account of a kind as stored: its
// merchant id in clear, its settings sealed (opened above data, by
// checkout.Merchants).
type Credential struct {
	Kind, MerchantID string
	Sealed           []byte
	UpdatedAt        time.Time
}

// errNoBrand is a brand that does not exist.
var errNoBrand = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeBrandNotFound}

// PutCredential stores brand brandID's account c (replacing its kind's).
// An unknown brand is not found.
func (db *DB) PutCredential(ctx context.Context, brandID string, c Credential) error {
	tag, err := db.Pool.Exec(ctx, `insert into brand_credentials (brand_id, kind, merchant_id, sealed, updated_at)
		select id, $2, $3, $4, $5 from brands where id = $1
		on conflict (brand_id, kind) do update set merchant_id = excluded.merchant_id, sealed = excluded.sealed, updated_at = excluded.updated_at`,
		brandID, c.Kind, c.MerchantID, c.Sealed, c.UpdatedAt)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errNoBrand
	}
	return nil
}

// Credentials are brand brandID's stored accounts, by kind.
func (db *DB) Credentials(ctx context.Context, brandID string) ([]Credential, error) {
	rows, err := db.Pool.Query(ctx, `select kind, merchant_id, sealed, updated_at from brand_credentials where brand_id = $1 order by kind`, brandID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Credential
	for rows.Next() {
		var c Credential
		if err := rows.Scan(&c.Kind, &c.MerchantID, &c.Sealed, &c.UpdatedAt); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// DeleteCredential removes brand brandID's account of kind; it reports
// whether there was one.
func (db *DB) DeleteCredential(ctx context.Context, brandID, kind string) (bool, error) {
	tag, err := db.Pool.Exec(ctx, `delete from brand_credentials where brand_id = $1 and kind = $2`, brandID, kind)
	return tag.RowsAffected() > 0, err
}
