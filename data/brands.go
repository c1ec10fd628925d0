package data

import (
	"context"
	"errors"
	"fmt"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// Brand is everything a page of a brand needs about the brand itself: its
// settings, stores, custom domains and custom-field schema. It is loaded in
// one go and cached as one value (see host's brand loader).
type Brand struct {
	ID                     string
	Name                   string
	Terminated             bool
	AppLogo                string
	Description            string
	WebBaseBackgroundColor string
	IOSAppLink             string
	AndroidAppLink         string
	IsNewposStore          bool
	WebFont                bool // the web font over the system's CJK sans (app/lib/fonts.ts)
	// JoinWithOtherBrandAccount: a member of another brand of the
	// storefront may join this one with that account (POST /api/user/add)
	JoinWithOtherBrandAccount bool
	Modules                   []string
	DataVersion               int64
	Stores                    []Store
	Domains                   []Domain
	CustomFields              []CustomField
	// Palette is the UI kit's shades of the brand's colour (rules.BrandPalette),
	// derived by the host once per loaded brand, never cached as data.
	Palette rules.Palette `json:"-"`
}

// Store is one store (branch) of a brand.
type Store struct {
	ID           int64  `json:"storeId"`
	Name         string `json:"storeName"`
	ShortName    string `json:"storeShortName"`
	Address      string `json:"address"`
	PostalCode   string `json:"postalCode"` // the address's parts for schema.org's PostalAddress: 3, 5 or 6 digits,
	Region       string `json:"region"`     // the city or county (台北市)
	Locality     string `json:"locality"`   // and the district or township (信義區)
	Phone        string `json:"phone"`
	OpeningHours string `json:"openingHours"`
	MapURL       string `json:"mapUrl"`
	HasLinePay   bool   `json:"storeHasLinePay"`
	Image        string `json:"image"`
	// OpeningHoursSpec is OpeningHours read per weekday (rules.ParseHours)
	OpeningHoursSpec []rules.OpeningHours `json:"openingHoursSpecification"`
}

// storeCols are a store's columns (table alias st), read by storeFields.
const storeCols = `st.id, st.name, st.short_name, st.address, st.postal_code, st.region, st.locality,
	st.phone, st.opening_hours, st.map_url, st.has_line_pay, st.image`

// storeFields are the fields storeCols fill, in their order; finishStore
// completes the store once they are scanned.
func storeFields(s *Store) []any {
	return []any{&s.ID, &s.Name, &s.ShortName, &s.Address, &s.PostalCode, &s.Region, &s.Locality,
		&s.Phone, &s.OpeningHours, &s.MapURL, &s.HasLinePay, &s.Image}
}

// finishStore derives what a scanned store's columns give.
func finishStore(s *Store) { s.OpeningHoursSpec = rules.ParseHours(s.OpeningHours).Spec() }

// Domain is a custom domain serving a brand in one environment.
type Domain struct {
	Host    string
	BrandID string
	Env     string
}

// CustomField is one field of a brand's custom-field schema.
type CustomField struct {
	Key       string   `json:"key"`
	Label     string   `json:"label"`
	Type      string   `json:"type" tstype:"'text' | 'date' | 'choice' | 'phone' | 'email'"`
	Required  bool     `json:"required"`
	MaxLength int      `json:"maxLength,omitempty"`
	Options   []string `json:"options,omitempty"`
}

// ModuleSet returns the brand's modules as a set.
func (b *Brand) ModuleSet() Modules { return Modules(b.Modules) }

// DomainFor returns the brand's custom domain in env, or "".
func (b *Brand) DomainFor(env string) string {
	for _, d := range b.Domains {
		if d.Env == env {
			return d.Host
		}
	}
	return ""
}

// LoadBrand loads brand id with its stores, domains and custom fields. An
// unknown brand is storefront.CodeBrandNotFound; a brand whose service has ended is
// storefront.CodeBrandTerminated (both not-found).
func (db *DB) LoadBrand(ctx context.Context, id string) (*Brand, error) {
	b := &Brand{ID: id}
	var status string
	err := db.Pool.QueryRow(ctx, `
		select name, status, app_logo, description, web_base_background_color,
		       ios_app_link, android_app_link, is_newpos_store, web_font, join_with_other_brand_account, modules, data_version
		  from brands where id = $1`, id).Scan(
		&b.Name, &status, &b.AppLogo, &b.Description, &b.WebBaseBackgroundColor,
		&b.IOSAppLink, &b.AndroidAppLink, &b.IsNewposStore, &b.WebFont, &b.JoinWithOtherBrandAccount, &b.Modules, &b.DataVersion)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeBrandNotFound}
	}
	if err != nil {
		return nil, dbErr(err)
	}
	if status == "terminated" {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeBrandTerminated}
	}

	batch := &pgx.Batch{}
	batch.Queue(`select `+storeCols+` from stores st where st.brand_id = $1 order by st.sort, st.id`, id)
	batch.Queue(`select host, brand_id, env from brand_domains where brand_id = $1 order by env`, id)
	batch.Queue(`select key, label, field_type, required, coalesce(max_length, 0), options
	               from custom_fields where brand_id = $1 and target_type = 'USER' order by sort, id`, id)
	res := db.Pool.SendBatch(ctx, batch)
	defer res.Close()

	b.Stores, err = collect(res, func(r pgx.Row, s *Store) error {
		if err := r.Scan(storeFields(s)...); err != nil {
			return err
		}
		finishStore(s)
		return nil
	})
	if err != nil {
		return nil, dbErr(err)
	}
	b.Domains, err = collect(res, func(r pgx.Row, d *Domain) error {
		return r.Scan(&d.Host, &d.BrandID, &d.Env)
	})
	if err != nil {
		return nil, dbErr(err)
	}
	b.CustomFields, err = collect(res, func(r pgx.Row, f *CustomField) error {
		return r.Scan(&f.Key, &f.Label, &f.Type, &f.Required, &f.MaxLength, &f.Options)
	})
	if err != nil {
		return nil, dbErr(err)
	}
	return b, nil
}

// collect reads the next result of a batch into a slice.
func collect[T any](res pgx.BatchResults, scan func(pgx.Row, *T) error) ([]T, error) {
	rows, err := res.Query()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		var v T
		if err := scan(rows, &v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Domains returns every custom domain of every brand.
func (db *DB) Domains(ctx context.Context) ([]Domain, error) {
	rows, err := db.Pool.Query(ctx, `select host, brand_id, env from brand_domains order by host`)
	if err != nil {
		return nil, dbErr(err)
	}
	ds, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Domain, error) {
		var d Domain
		return d, r.Scan(&d.Host, &d.BrandID, &d.Env)
	})
	return ds, dbErr(err)
}

// BrandSummary names a brand for the index page.
type BrandSummary struct {
	ID      string  `json:"brandId"`
	Name    string  `json:"brandName"`
	AppLogo string  `json:"appLogo"`
	Modules Modules `json:"-"`
}

// ActiveBrands lists the brands in service, by name.
func (db *DB) ActiveBrands(ctx context.Context) ([]BrandSummary, error) {
	rows, err := db.Pool.Query(ctx, `select id, name, app_logo, modules from brands where status = 'active' order by id`)
	if err != nil {
		return nil, dbErr(err)
	}
	bs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (BrandSummary, error) {
		var b BrandSummary
		return b, r.Scan(&b.ID, &b.Name, &b.AppLogo, &b.Modules)
	})
	return bs, dbErr(err)
}

// HasBrands reports whether any brand exists.
func (db *DB) HasBrands(ctx context.Context) (bool, error) {
	var ok bool
	err := db.Pool.QueryRow(ctx, `select exists(select 1 from brands)`).Scan(&ok)
	return ok, dbErr(err)
}

// ListenBrandChanges calls changed with a brand id each time a brand's rows
// change, until ctx ends. It holds one connection of its own and, once
// listening again after a failure, calls changed with "" (everything may
// have changed).
func (db *DB) ListenBrandChanges(ctx context.Context, changed func(brandID string)) error {
	return db.listenLoop(ctx, "brand_changed", changed)
}

// listenLoop calls fn with the payload of each notification on channel
// until ctx ends. After a failure it listens again and only then calls fn
// with "": a reload before listening would miss the notices sent between
// the two.
func (db *DB) listenLoop(ctx context.Context, channel string, fn func(string)) error {
	for missed := false; ctx.Err() == nil; missed = true {
		db.listen(ctx, channel, fn, missed)
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
	return nil
}

// listen listens on channel, then calls fn with "" when notices may have
// been missed, then with the payload of each notification.
func (db *DB) listen(ctx context.Context, channel string, fn func(string), missed bool) error {
	conn, err := db.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "listen "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	defer func() {
		// the connection goes back to the pool: stop listening on it
		conn.Exec(context.Background(), "unlisten *")
	}()
	if missed {
		fn("")
	}
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("listen: %w", err)
		}
		fn(n.Payload)
	}
}
