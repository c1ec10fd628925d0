package data

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"
)

// SessionTTL is how long a session lasts after login.
const SessionTTL = 30 * 24 * time.Hour

// Session is a member's server-side session.
type Session struct {
	BrandID   string    `json:"brandId"`
	UserID    int64     `json:"userId"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// NewSecret returns n random bytes as URL-safe base64: session ids and
// e-mailed tokens.
func NewSecret(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// SecretHash is the SHA-256 of a secret: what the database keeps of it.
func SecretHash(secret string) []byte {
	h := sha256.Sum256([]byte(secret))
	return h[:]
}

// SessionKey names a session by its hash (hex), for caches and logs.
func SessionKey(id string) string { return hex.EncodeToString(SecretHash(id)) }

// CreateSession starts a session for the member and returns its id.
func (db *DB) CreateSession(ctx context.Context, brandID string, userID int64, userAgent string, now time.Time) (string, error) {
	id := NewSecret(32)
	if len(userAgent) > 300 {
		userAgent = userAgent[:300]
	}
	_, err := db.Pool.Exec(ctx, `insert into sessions (id_hash, brand_id, user_id, created_at, expires_at, user_agent)
		values ($1, $2, $3, $4, $5, $6)`, SecretHash(id), brandID, userID, now, now.Add(SessionTTL), userAgent)
	return id, dbErr(err)
}

// ErrNoSession is a session id that is unknown, expired or revoked.
var ErrNoSession = &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeSessionInvalid}

// SessionByID returns the live session with id, else ErrNoSession.
func (db *DB) SessionByID(ctx context.Context, id string, now time.Time) (*Session, error) {
	s := &Session{}
	err := db.Pool.QueryRow(ctx, `select s.brand_id, s.user_id, s.expires_at from sessions s
		join users u on u.id = s.user_id and u.deleted_at is null
		where s.id_hash = $1 and s.revoked_at is null and s.expires_at > $2`, SecretHash(id), now).
		Scan(&s.BrandID, &s.UserID, &s.ExpiresAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNoSession
	}
	return s, dbErr(err)
}

// RevokeSession ends the session with id.
func (db *DB) RevokeSession(ctx context.Context, id string, now time.Time) error {
	_, err := db.Pool.Exec(ctx, `update sessions set revoked_at = $2 where id_hash = $1 and revoked_at is null`, SecretHash(id), now)
	return dbErr(err)
}

func revokeUserSessions(ctx context.Context, tx pgx.Tx, userID int64, now time.Time) ([][]byte, error) {
	rows, err := tx.Query(ctx, `update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null returning id_hash`, userID, now)
	if err != nil {
		return nil, dbErr(err)
	}
	hashes, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	return hashes, dbErr(err)
}

// ListenSessionRevocations calls revoked with the hex hash of each session
// revoked by any process, until ctx ends, so every process can drop it from
// its own cache.
func (db *DB) ListenSessionRevocations(ctx context.Context, revoked func(key string)) error {
	return db.listenLoop(ctx, "session_revoked", revoked)
}

// SessionsRevokedSince returns the hex hashes of the sessions revoked after
// since.
func (db *DB) SessionsRevokedSince(ctx context.Context, since time.Time) ([]string, error) {
	rows, err := db.Pool.Query(ctx, `select encode(id_hash, 'hex') from sessions where revoked_at > $1`, since)
	if err != nil {
		return nil, dbErr(err)
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	return keys, dbErr(err)
}
