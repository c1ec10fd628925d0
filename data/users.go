package data

import (
	"context"
	"errors"
	"storefront"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"golang.org/x/crypto/bcrypt"
)

// PasswordCost is bcrypt's cost for stored passwords.
var PasswordCost = bcrypt.DefaultCost

// User is a member of one brand.
type User struct {
	ID            int64
	BrandID       string
	Email         string
	Name          string
	Phone         string // digits of the phone custom field, "" when none
	CustomValues  map[string]string
	EmailVerified bool
	Unsubscribed  bool
	CreatedAt     time.Time
}

// NewUser is a registration, already validated (see rules).
type NewUser struct {
	BrandID        string
	Email          string
	Name           string
	Phone          string
	PhoneHash      []byte // the phone's keyed hash (members.PhoneHash); nil when no phone
	PasswordDigest string // the MD5 hex the client sent; only its bcrypt is stored
	CustomValues   map[string]string
}

func codeErr(kind storefront.Kind, code int) *storefront.Error {
	return &storefront.Error{Kind: kind, Code: code}
}

// HashPassword is the stored form of a password digest: bcrypt with its
// own random salt.
func HashPassword(digest string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(digest), PasswordCost)
	return string(h), err
}

// a hash compared against when the account does not exist, so a wrong
// e-mail costs as long as a wrong password
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("00000000000000000000000000000000"), bcrypt.DefaultCost)

// DummyPasswordChecks counts the password checks made against the dummy
// hash (an e-mail with no account), so a test sees that path taken.
var DummyPasswordChecks atomic.Int64

const userColumns = `id, brand_id, email, name, phone, custom_values, email_verified_at is not null,
	unsubscribed_at is not null, created_at`

func scanUser(row pgx.Row, extra ...any) (*User, error) {
	u := &User{}
	dst := append([]any{&u.ID, &u.BrandID, &u.Email, &u.Name, &u.Phone, &u.CustomValues, &u.EmailVerified,
		&u.Unsubscribed, &u.CreatedAt}, extra...)
	if err := row.Scan(dst...); err != nil {
		return nil, err
	}
	if u.CustomValues == nil {
		u.CustomValues = map[string]string{}
	}
	return u, nil
}

// CreateUser registers a member in a transaction of its own, without a
// verification token or mail (fixtures; a registration is
// members.Register). Errors as Tx.CreateUser.
func (db *DB) CreateUser(ctx context.Context, n NewUser, now time.Time) (*User, error) {
	hash, err := HashPassword(n.PasswordDigest)
	if err != nil {
		return nil, err
	}
	var u *User
	err = db.InTx(ctx, func(t *Tx) (err error) {
		u, err = t.CreateUser(n, hash, now)
		return err
	})
	return u, err
}

// CreateUser inserts the member n with passwordHash (HashPassword of its
// digest, made before the transaction: bcrypt is slow; "" for a member
// who registered with LINE and has no password: no password opens it). An e-mail already
// a member of the brand is storefront.CodeAlreadyRegistered; the phone of
// a deleted account is storefront.CodeAccountDeleted.
func (t *Tx) CreateUser(n NewUser, passwordHash string, now time.Time) (*User, error) {
	ctx, tx := t.ctx, t.tx
	// one registration per brand and e-mail at a time
	if _, err := tx.Exec(ctx, `select pg_advisory_xact_lock(hashtext($1))`, "register:"+n.BrandID+":"+n.Email); err != nil {
		return nil, dbErr(err)
	}
	var exists, deletedPhone bool
	err := tx.QueryRow(ctx, `
		select exists(select 1 from users where brand_id = $1 and email = $2 and deleted_at is null),
		       $3::bytea is not null and exists(select 1 from users where brand_id = $1 and phone_hash = $3 and deleted_at is not null)`,
		n.BrandID, n.Email, n.PhoneHash).Scan(&exists, &deletedPhone)
	if err != nil {
		return nil, dbErr(err)
	}
	switch {
	case exists:
		return nil, codeErr(storefront.KindConflict, storefront.CodeAlreadyRegistered)
	case deletedPhone:
		return nil, codeErr(storefront.KindConflict, storefront.CodeAccountDeleted)
	}
	u, err := scanUser(tx.QueryRow(ctx, `
		insert into users (brand_id, email, name, phone, password_hash, custom_values, created_at, updated_at)
		values ($1, $2, $3, $4, $5, $6, $7, $7)
		returning `+userColumns,
		n.BrandID, n.Email, n.Name, n.Phone, passwordHash, n.CustomValues, now))
	return u, dbErr(err)
}

// User returns member id of the brand; a missing or deleted one is
// not-found with code.
func (db *DB) User(ctx context.Context, brandID string, id int64, code int) (*User, error) {
	u, err := scanUser(db.Pool.QueryRow(ctx, `select `+userColumns+` from users
		where brand_id = $1 and id = $2 and deleted_at is null`, brandID, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, codeErr(storefront.KindNotFound, code)
	}
	return u, dbErr(err)
}

// UserByEmail returns the brand's member with email; a missing one is
// not-found with code.
func (db *DB) UserByEmail(ctx context.Context, brandID, email string, code int) (*User, error) {
	u, err := scanUser(db.Pool.QueryRow(ctx, `select `+userColumns+` from users
		where brand_id = $1 and email = $2 and deleted_at is null`, brandID, strings.ToLower(email)))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, codeErr(storefront.KindNotFound, code)
	}
	return u, dbErr(err)
}

// CheckPassword returns the member whose e-mail and password digest these
// are; anything else is storefront.CodeWrongPassword, taking as long whether or not
// the account exists.
func (db *DB) CheckPassword(ctx context.Context, brandID, email, digest string) (*User, error) {
	var hash string
	u, err := scanUser(db.Pool.QueryRow(ctx, `select `+userColumns+`, password_hash from users
		where brand_id = $1 and email = $2 and deleted_at is null`, brandID, strings.ToLower(email)), &hash)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && hash == "") { // none, or one that logs in only with LINE
		bcrypt.CompareHashAndPassword(dummyHash, []byte(digest))
		DummyPasswordChecks.Add(1)
		return nil, codeErr(storefront.KindUnauthorized, storefront.CodeWrongPassword)
	}
	if err != nil {
		return nil, dbErr(err)
	}
	if bcrypt.CompareHashAndPassword([]byte(hash), []byte(digest)) != nil {
		return nil, codeErr(storefront.KindUnauthorized, storefront.CodeWrongPassword)
	}
	return u, nil
}

// SetPassword stores a new password digest for the member and revokes all
// of the member's sessions, in one transaction. It returns the revoked
// sessions' hashes (to drop them from caches).
func (db *DB) SetPassword(ctx context.Context, userID int64, digest string, now time.Time) ([][]byte, error) {
	hash, err := HashPassword(digest)
	if err != nil {
		return nil, err
	}
	var revoked [][]byte
	err = db.inTx(ctx, func(tx pgx.Tx) (err error) {
		if _, err := tx.Exec(ctx, `update users set password_hash = $2, updated_at = $3 where id = $1`, userID, hash, now); err != nil {
			return err
		}
		revoked, err = revokeUserSessions(ctx, tx, userID, now)
		return err
	})
	return revoked, err
}

// Profile is what a member may change of their account.
type Profile struct {
	Name         string
	Phone        string
	PhoneHash    []byte // the phone's keyed hash (members.PhoneHash); nil when no phone
	CustomValues map[string]string
}

// UpdateProfile stores the member's name and custom-field values. The
// phone of a deleted account of the brand is storefront.CodeAccountDeleted.
func (db *DB) UpdateProfile(ctx context.Context, brandID string, userID int64, p Profile, now time.Time) (*User, error) {
	if p.PhoneHash != nil {
		var deleted bool
		err := db.Pool.QueryRow(ctx, `select exists(select 1 from users
			where brand_id = $1 and phone_hash = $2 and deleted_at is not null)`, brandID, p.PhoneHash).Scan(&deleted)
		if err != nil {
			return nil, dbErr(err)
		}
		if deleted {
			return nil, codeErr(storefront.KindConflict, storefront.CodeAccountDeleted)
		}
	}
	u, err := scanUser(db.Pool.QueryRow(ctx, `
		update users set name = $3, phone = $4, custom_values = $5, updated_at = $6
		 where brand_id = $1 and id = $2 and deleted_at is null
		returning `+userColumns, brandID, userID, p.Name, p.Phone, p.CustomValues, now))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, codeErr(storefront.KindNotFound, storefront.CodeMemberNotFound)
	}
	return u, dbErr(err)
}

// SetUnsubscribed switches the member's notification e-mails off (true)
// or on.
func (db *DB) SetUnsubscribed(ctx context.Context, userID int64, off bool, now time.Time) error {
	_, err := db.Pool.Exec(ctx, `update users set unsubscribed_at = case when $2 then coalesce(unsubscribed_at, $3) end,
		updated_at = $3 where id = $1`, userID, off, now)
	return dbErr(err)
}

// UserByAccount returns the brand's member whose account is account: an
// e-mail (with @) or the digits of a phone; a missing one is not-found
// with code.
func (db *DB) UserByAccount(ctx context.Context, brandID, account string, code int) (*User, error) {
	if strings.Contains(account, "@") {
		return db.UserByEmail(ctx, brandID, account, code)
	}
	u, err := scanUser(db.Pool.QueryRow(ctx, `select `+userColumns+` from users
		where brand_id = $1 and phone = $2 and phone <> '' and deleted_at is null order by id limit 1`, brandID, account))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, codeErr(storefront.KindNotFound, code)
	}
	return u, dbErr(err)
}

// LatestAccountElsewhere is the brand other than brandID where email last
// registered ("" when none): the account a member may bring to brandID
// (POST /api/user/add).
func (db *DB) LatestAccountElsewhere(ctx context.Context, brandID, email string) (string, error) {
	var other string
	err := db.Pool.QueryRow(ctx, `select brand_id from users where email = $1 and brand_id <> $2 and deleted_at is null
		order by created_at desc, id desc limit 1`, strings.ToLower(email), brandID).Scan(&other)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return other, dbErr(err)
}
