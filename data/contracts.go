package data

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"
)

// E-contracts: templates, their versions, what they are attached to, and
// the contracts members signed (migration 008).

// ContractFieldDef is a field a contract asks the member to fill.
type ContractFieldDef struct {
	Key      string `json:"key"`
	Label    string `json:"label"`
	Required bool   `json:"required"`
}

// ContractVersion is one version of a contract template.
type ContractVersion struct {
	TemplateID int64
	BrandID    string
	Name       string
	Version    int
	Title      string
	Body       string // rich text (HTML subset)
	Fields     []ContractFieldDef
}

// TextSHA256 is the SHA-256 of the version's exact text.
func (v *ContractVersion) TextSHA256() []byte {
	h := sha256.Sum256([]byte(v.Body))
	return h[:]
}

// SignedRecord is a contract a member signed, with the text of the version
// signed.
type SignedRecord struct {
	ID         int64
	BrandID    string
	UserID     int64
	TemplateID int64
	Name       string
	Title      string
	Body       string
	Version    int
	TextSHA256 []byte
	Signature  []byte // PNG
	SignerName string
	// AccountName and AccountEmail are the signing account's name and
	// e-mail as they were at signing (its member number is UserID).
	AccountName  string
	AccountEmail string
	Fields       map[string]string
	ClientAddr   string
	UserAgent    string
	SignedAt     time.Time
	// FieldDefs are the version's fields, in order (labels of Fields).
	FieldDefs []ContractFieldDef
}

const contractVersionCols = `t.id, t.brand_id, t.name, v.version, v.title, v.body, v.fields`

func scanContractVersion(row pgx.Row, v *ContractVersion) error {
	return row.Scan(&v.TemplateID, &v.BrandID, &v.Name, &v.Version, &v.Title, &v.Body, &v.Fields)
}

// newestVersion reads the newest version of the brand's template id.
func newestVersion(ctx context.Context, q querier, brandID string, id int64) (*ContractVersion, error) {
	var v ContractVersion
	err := scanContractVersion(q.QueryRow(ctx, `select `+contractVersionCols+`
		from contract_templates t join contract_versions v on v.template_id = t.id
		where t.brand_id = $1 and t.id = $2 order by v.version desc limit 1`, brandID, id), &v)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, codeErr(storefront.KindNotFound, storefront.CodeContractNotFound)
	}
	return &v, dbErr(err)
}

// Contract is the newest version of the brand's contract template id
// (storefront.CodeContractNotFound when there is none).
func (db *DB) Contract(ctx context.Context, brandID string, id int64) (*ContractVersion, error) {
	return newestVersion(ctx, db.Pool, brandID, id)
}

// ContractFor is the newest version of the contract an item bought in a
// store needs: the item's own template, else the store's; nil when none.
// itemID 0 is a course (only the store's).
func (db *DB) ContractFor(ctx context.Context, brandID string, itemID, storeID int64) (*ContractVersion, error) {
	var id int64
	err := db.Pool.QueryRow(ctx, `select a.template_id from contract_attachments a
		join contract_templates t on t.id = a.template_id and t.brand_id = $1
		where a.item_id = $2 or a.store_id = $3
		order by a.item_id is null limit 1`, brandID, itemID, storeID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, dbErr(err)
	}
	return db.Contract(ctx, brandID, id)
}

const signedCols = `s.id, s.brand_id, s.user_id, s.template_id, t.name, v.title, v.body, s.version, s.text_sha256,
	s.signature_png, s.signer_name, s.account_name, s.account_email, s.fields, s.client_addr, s.user_agent, s.signed_at, v.fields`

const signedFrom = ` from signed_contracts s join contract_templates t on t.id = s.template_id
	join contract_versions v on v.template_id = s.template_id and v.version = s.version `

func scanSigned(row pgx.Row, r *SignedRecord) error {
	return row.Scan(&r.ID, &r.BrandID, &r.UserID, &r.TemplateID, &r.Name, &r.Title, &r.Body, &r.Version, &r.TextSHA256,
		&r.Signature, &r.SignerName, &r.AccountName, &r.AccountEmail, &r.Fields, &r.ClientAddr, &r.UserAgent, &r.SignedAt, &r.FieldDefs)
}

// SignedVersion is the member's signed record of version v, nil when
// they have not signed it. A record whose hash is not the text's (the
// text was changed in place) does not count: nil.
func (db *DB) SignedVersion(ctx context.Context, userID int64, v *ContractVersion) (*SignedRecord, error) {
	var r SignedRecord
	err := scanSigned(db.Pool.QueryRow(ctx, `select `+signedCols+signedFrom+`
		where s.user_id = $1 and s.template_id = $2 and s.version = $3`, userID, v.TemplateID, v.Version), &r)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, dbErr(err)
	}
	if !bytes.Equal(r.TextSHA256, v.TextSHA256()) {
		return nil, nil
	}
	return &r, nil
}

// SignedContract is the member's signed contract id (storefront.CodeContractNotFound
// when it is not theirs).
func (db *DB) SignedContract(ctx context.Context, userID, id int64) (*SignedRecord, error) {
	var r SignedRecord
	err := scanSigned(db.Pool.QueryRow(ctx, `select `+signedCols+signedFrom+` where s.user_id = $1 and s.id = $2`, userID, id), &r)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, codeErr(storefront.KindNotFound, storefront.CodeContractNotFound)
	}
	return &r, dbErr(err)
}

// SignedContracts are the member's signed contracts, newest first.
func (db *DB) SignedContracts(ctx context.Context, userID int64) ([]SignedRecord, error) {
	return queryList(ctx, db, scanSigned, `select `+signedCols+signedFrom+` where s.user_id = $1 order by s.signed_at desc, s.id desc`, userID)
}

// LockContract takes a share lock on the brand's contract template id
// until the transaction ends, so that no new version slips in between the
// signing's check and its insert (storefront.CodeContractNotFound when
// there is no such template).
func (t *Tx) LockContract(brandID string, id int64) error {
	var one int
	err := t.tx.QueryRow(t.ctx, `select 1 from contract_templates where brand_id = $1 and id = $2 for share`, brandID, id).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return codeErr(storefront.KindNotFound, storefront.CodeContractNotFound)
	}
	return dbErr(err)
}

// NewestContractVersion is the newest version of the brand's template id
// (storefront.CodeContractNotFound when there is none).
func (t *Tx) NewestContractVersion(brandID string, id int64) (*ContractVersion, error) {
	return newestVersion(t.ctx, t.tx, brandID, id)
}

// LockAccount takes a share lock on the brand's member userID until the
// transaction ends, so that their profile stays as read until the record
// that keeps it is stored, and returns their name and e-mail (ErrNoSession
// when the account is gone).
func (t *Tx) LockAccount(brandID string, userID int64) (name, email string, err error) {
	err = t.tx.QueryRow(t.ctx, `select name, email from users where brand_id = $1 and id = $2 and deleted_at is null for share`,
		brandID, userID).Scan(&name, &email)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", "", ErrNoSession
	}
	return name, email, dbErr(err)
}

// InsertSigned stores r, a signed contract (its ID is set; the version's
// title, text and fields are read with it, not stored again). A version
// the member signed already is storefront.CodeContractSigned.
func (t *Tx) InsertSigned(r *SignedRecord) error {
	err := t.tx.QueryRow(t.ctx, `insert into signed_contracts (brand_id, user_id, template_id, version, text_sha256,
			signature_png, signer_name, account_name, account_email, fields, client_addr, user_agent, signed_at)
		values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
		on conflict (user_id, template_id, version) do nothing returning id`,
		r.BrandID, r.UserID, r.TemplateID, r.Version, r.TextSHA256, r.Signature, r.SignerName, r.AccountName,
		r.AccountEmail, r.Fields, r.ClientAddr, r.UserAgent, r.SignedAt).Scan(&r.ID)
	if errors.Is(err, pgx.ErrNoRows) {
		return codeErr(storefront.KindConflict, storefront.CodeContractSigned)
	}
	return dbErr(err)
}
