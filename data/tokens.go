package data

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"math/big"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"
)

// Purposes of e-mailed tokens.
const (
	PurposeVerify = "verify" // e-mail verification
	PurposeReset  = "reset"  // password reset
)

// ResendInterval is the least time between two mails of one purpose to one
// member (spec section 9; error -10049).
const ResendInterval = 3 * time.Minute

// TokenTTL is how long an e-mailed token and its code stay valid.
var TokenTTL = map[string]time.Duration{PurposeVerify: 24 * time.Hour, PurposeReset: 30 * time.Minute}

// MaxCodeAttempts is how many wrong codes spend a code.
const MaxCodeAttempts = 5

// Issued is a token just made for a mail: the secrets go into the mail
// only.
type Issued struct {
	ID        int64
	Token     string // in the mail's link
	Code      string // 6 digits, typed by the member
	ExpiresAt time.Time
}

func newCode() string {
	n, _ := rand.Int(rand.Reader, big.NewInt(1_000_000))
	return fmt.Sprintf("%06d", n.Int64())
}

// IssueToken makes a new token of purpose for the member, replacing any
// earlier one, under a lock of the member (one mail at a time). A mail of
// the same purpose sent less than ResendInterval ago is
// storefront.CodeResendTooSoon.
func (t *Tx) IssueToken(userID int64, purpose string, now time.Time) (*Issued, error) {
	ctx, tx := t.ctx, t.tx
	if _, err := tx.Exec(ctx, `select 1 from users where id = $1 for update`, userID); err != nil {
		return nil, dbErr(err)
	}
	var last *time.Time
	err := tx.QueryRow(ctx, `select max(sent_at) from user_tokens where user_id = $1 and purpose = $2`, userID, purpose).Scan(&last)
	if err != nil {
		return nil, dbErr(err)
	}
	if last != nil && now.Sub(*last) < ResendInterval {
		return nil, codeErr(storefront.KindTooMany, storefront.CodeResendTooSoon)
	}
	if _, err := tx.Exec(ctx, `delete from user_tokens where user_id = $1 and purpose = $2`, userID, purpose); err != nil {
		return nil, dbErr(err)
	}
	is := &Issued{Token: NewSecret(32), Code: newCode(), ExpiresAt: now.Add(TokenTTL[purpose])}
	err = tx.QueryRow(ctx, `insert into user_tokens (user_id, purpose, token_hash, code_hash, sent_at, expires_at)
		values ($1, $2, $3, $4, $5, $6) returning id`,
		userID, purpose, SecretHash(is.Token), SecretHash(codeSecret(userID, is.Code)), now, is.ExpiresAt).Scan(&is.ID)
	if err != nil {
		return nil, dbErr(err)
	}
	return is, nil
}

// codeSecret binds a 6-digit code to its member before hashing, so equal
// codes of two members hash apart.
func codeSecret(userID int64, code string) string { return fmt.Sprintf("%d:%s", userID, code) }

type tokenRow struct {
	id        int64
	tokenHash []byte
	codeHash  []byte
	attempts  int
	expiresAt time.Time
	usedAt    *time.Time
}

func currentToken(ctx context.Context, tx pgx.Tx, userID int64, purpose string) (*tokenRow, error) {
	t := &tokenRow{}
	err := tx.QueryRow(ctx, `select id, token_hash, code_hash, attempts, expires_at, used_at from user_tokens
		where user_id = $1 and purpose = $2 order by sent_at desc limit 1 for update`, userID, purpose).
		Scan(&t.id, &t.tokenHash, &t.codeHash, &t.attempts, &t.expiresAt, &t.usedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return t, dbErr(err)
}

// VerifyEmail checks the token of a verification link for member userID of
// the brand and spends it: the e-mail becomes verified. An unknown member
// is storefront.CodeMemberNotFound, a token that is not the member's latest
// storefront.CodeWrongToken, an expired one storefront.CodeLinkExpired. Opening the link again
// after it verified succeeds.
func (db *DB) VerifyEmail(ctx context.Context, brandID string, userID int64, token string, now time.Time) (*User, error) {
	const purpose = PurposeVerify
	var u *User
	err := db.inTx(ctx, func(tx pgx.Tx) (err error) {
		u, err = scanUser(tx.QueryRow(ctx, `select `+userColumns+` from users
			where brand_id = $1 and id = $2 and deleted_at is null for update`, brandID, userID))
		if errors.Is(err, pgx.ErrNoRows) {
			return codeErr(storefront.KindNotFound, storefront.CodeMemberNotFound)
		}
		if err != nil {
			return err
		}
		t, err := currentToken(ctx, tx, userID, purpose)
		if err != nil {
			return err
		}
		if t != nil && t.usedAt != nil && subtle.ConstantTimeCompare(t.tokenHash, SecretHash(token)) == 1 {
			return nil // the same link opened again
		}
		if err := checkLink(t, token, now); err != nil {
			return err
		}
		if err := spend(ctx, tx, t.id, purpose, userID, now); err != nil {
			return err
		}
		u.EmailVerified = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

// UseCode checks a mailed 6-digit code of the member. A wrong code is
// storefront.CodeWrongCode and counts; after MaxCodeAttempts wrong codes, or past its
// time, the code is storefront.CodeCodeExpired. With spend, a right code is used up
// (PurposeVerify: the e-mail becomes verified); without, it stays valid (a
// password reset confirms the code first, then sets the password).
func (db *DB) UseCode(ctx context.Context, userID int64, purpose, code string, spendIt bool, now time.Time) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		t, err := currentToken(ctx, tx, userID, purpose)
		if err != nil {
			return err
		}
		if err := checkCode(ctx, tx, t, userID, code, now); err != nil {
			return err
		}
		if spendIt {
			if err := spend(ctx, tx, t.id, purpose, userID, now); err != nil {
				return err
			}
		}
		return nil
	})
}

// checkLink: nil when token is the latest one and unspent; else
// storefront.CodeWrongToken or storefront.CodeLinkExpired.
func checkLink(t *tokenRow, token string, now time.Time) error {
	switch {
	case t == nil || subtle.ConstantTimeCompare(t.tokenHash, SecretHash(token)) != 1:
		return codeErr(storefront.KindInvalid, storefront.CodeWrongToken)
	case t.usedAt != nil || !now.Before(t.expiresAt):
		return codeErr(storefront.KindInvalid, storefront.CodeLinkExpired)
	}
	return nil
}

// checkCode: nil when code is right; else storefront.CodeCodeExpired, or
// storefront.CodeWrongCode after recording the wrong try (committing tx).
func checkCode(ctx context.Context, tx pgx.Tx, t *tokenRow, userID int64, code string, now time.Time) error {
	if t == nil || t.usedAt != nil || !now.Before(t.expiresAt) || t.attempts >= MaxCodeAttempts {
		return codeErr(storefront.KindInvalid, storefront.CodeCodeExpired)
	}
	if subtle.ConstantTimeCompare(t.codeHash, SecretHash(codeSecret(userID, code))) == 1 {
		return nil
	}
	if _, err := tx.Exec(ctx, `update user_tokens set attempts = attempts + 1 where id = $1`, t.id); err != nil {
		return dbErr(err)
	}
	if err := tx.Commit(ctx); err != nil {
		return dbErr(err)
	}
	return codeErr(storefront.KindInvalid, storefront.CodeWrongCode)
}

func spend(ctx context.Context, tx pgx.Tx, tokenID int64, purpose string, userID int64, now time.Time) error {
	if _, err := tx.Exec(ctx, `update user_tokens set used_at = $2 where id = $1`, tokenID, now); err != nil {
		return dbErr(err)
	}
	if purpose == PurposeVerify {
		_, err := tx.Exec(ctx, `update users set email_verified_at = coalesce(email_verified_at, $2), updated_at = $2 where id = $1`, userID, now)
		return dbErr(err)
	}
	return nil
}

// ResetPassword spends a reset token (by link: token; by code: code) and
// sets the new password digest, revoking every session of the member, in
// one transaction. Errors as UseLink and UseCode.
func (db *DB) ResetPassword(ctx context.Context, userID int64, token, code, digest string, now time.Time) ([][]byte, error) {
	hash, err := HashPassword(digest)
	if err != nil {
		return nil, err
	}
	var revoked [][]byte
	err = db.inTx(ctx, func(tx pgx.Tx) error {
		t, err := currentToken(ctx, tx, userID, PurposeReset)
		if err != nil {
			return err
		}
		if token != "" {
			err = checkLink(t, token, now)
		} else {
			err = checkCode(ctx, tx, t, userID, code, now)
		}
		if err != nil {
			return err
		}
		if err := spend(ctx, tx, t.id, PurposeReset, userID, now); err != nil {
			return err
		}
		// the member proved they read the mail: the address is theirs
		if _, err := tx.Exec(ctx, `update users set password_hash = $2, updated_at = $3,
			email_verified_at = coalesce(email_verified_at, $3) where id = $1`, userID, hash, now); err != nil {
			return err
		}
		revoked, err = revokeUserSessions(ctx, tx, userID, now)
		return err
	})
	return revoked, err
}
