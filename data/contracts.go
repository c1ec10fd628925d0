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

// E-contracts (issue 14): templates, their versions, what they are
// attached to, and the contracts members signed (migration 008).

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

// Signing is what a member agrees to: the version and the hash of the
// text they were shown, with their signature and where they signed from.
type Signing struct {
	BrandID    string
	UserID     int64
	TemplateID int64
	Version    int
	TextSHA256 []byte
	Signature  []byte
	SignerName string
	Fields     map[string]string
	ClientAddr string
	UserAgent  string
	SignedAt   time.Time
}

// ContractMail composes the mail of a contract just signed, inside the
// signing transaction (nil: no mail).
type ContractMail func(r *SignedRecord) (Mail, error)

// SignContract stores a signed contract, with the signing account's name
// and e-mail as they are, and queues its mail, in one transaction. The
// version must be the template's newest and the hash its text's (else
// storefront.CodeContractOutdated); a version signed already is storefront.CodeContractSigned.
func (db *DB) SignContract(ctx context.Context, sg Signing, compose ContractMail) (*SignedRecord, error) {
	var rec *SignedRecord
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		// a new version cannot slip in between the check and the insert
		if _, err := tx.Exec(ctx, `select 1 from contract_templates where brand_id = $1 and id = $2 for share`, sg.BrandID, sg.TemplateID); err != nil {
			return err
		}
		v, err := newestVersion(ctx, tx, sg.BrandID, sg.TemplateID)
		if err != nil {
			return err
		}
		if v.Version != sg.Version || !bytes.Equal(v.TextSHA256(), sg.TextSHA256) {
			return codeErr(storefront.KindConflict, storefront.CodeContractOutdated)
		}
		rec = &SignedRecord{BrandID: sg.BrandID, UserID: sg.UserID, TemplateID: v.TemplateID, Name: v.Name, Title: v.Title,
			Body: v.Body, Version: v.Version, TextSHA256: sg.TextSHA256, Signature: sg.Signature, SignerName: sg.SignerName,
			Fields: sg.Fields, ClientAddr: sg.ClientAddr, UserAgent: sg.UserAgent, SignedAt: sg.SignedAt, FieldDefs: v.Fields}
		// the account as it is now, kept from a profile change until the record is stored
		err = tx.QueryRow(ctx, `select name, email from users where brand_id = $1 and id = $2 and deleted_at is null for share`,
			sg.BrandID, sg.UserID).Scan(&rec.AccountName, &rec.AccountEmail)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNoSession
		}
		if err != nil {
			return err
		}
		err = tx.QueryRow(ctx, `insert into signed_contracts (brand_id, user_id, template_id, version, text_sha256,
				signature_png, signer_name, account_name, account_email, fields, client_addr, user_agent, signed_at)
			values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
			on conflict (user_id, template_id, version) do nothing returning id`,
			sg.BrandID, sg.UserID, v.TemplateID, v.Version, sg.TextSHA256, sg.Signature, sg.SignerName, rec.AccountName,
			rec.AccountEmail, sg.Fields, sg.ClientAddr, sg.UserAgent, sg.SignedAt).Scan(&rec.ID)
		if errors.Is(err, pgx.ErrNoRows) {
			return codeErr(storefront.KindConflict, storefront.CodeContractSigned)
		}
		if err != nil || compose == nil {
			return err
		}
		m, err := compose(rec)
		if err != nil {
			return err
		}
		return enqueue(ctx, tx, m)
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}
