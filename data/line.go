package data

import (
	"context"
	"errors"
	"slices"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// LINE Login's rows: the logins under way (line_logins) and the members'
// links to their LINE users (line_links).

// LineLoginStart is a LINE login about to leave for LINE.
type LineLoginStart struct {
	StateHash, BrowserHash []byte
	BrandID, Nonce, Next   string
	UserID                 int64 // a member linking from the member centre; 0: a login
	Now, Expires           time.Time
}

// StartLineLogin records login s (and forgets logins a day past their
// expiry).
func (db *DB) StartLineLogin(ctx context.Context, s LineLoginStart) error {
	var uid *int64
	if s.UserID != 0 {
		uid = &s.UserID
	}
	b := &pgx.Batch{}
	b.Queue(`delete from line_logins where expires_at < $1`, s.Now.Add(-24*time.Hour))
	b.Queue(`insert into line_logins (state_hash, brand_id, browser_hash, nonce, next, user_id, created_at, expires_at)
		values ($1, $2, $3, $4, $5, $6, $7, $8)`, s.StateHash, s.BrandID, s.BrowserHash, s.Nonce, s.Next, uid, s.Now, s.Expires)
	return dbErr(db.Pool.SendBatch(ctx, b).Close())
}

// LineLoginClaim is a login claimed by its callback.
type LineLoginClaim struct {
	BrowserHash []byte
	Nonce, Next string
	UserID      int64
	Expires     time.Time
}

// ClaimLineLogin marks brand brandID's login of stateHash used and
// answers it; nil when there is none or it was used before (a forged or
// replayed state).
func (db *DB) ClaimLineLogin(ctx context.Context, stateHash []byte, brandID string, now time.Time) (*LineLoginClaim, error) {
	var c LineLoginClaim
	var uid *int64
	err := db.Pool.QueryRow(ctx, `update line_logins set used_at = $3 where state_hash = $1 and brand_id = $2 and used_at is null
		returning browser_hash, nonce, next, user_id, expires_at`, stateHash, brandID, now).Scan(&c.BrowserHash, &c.Nonce, &c.Next, &uid, &c.Expires)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if uid != nil {
		c.UserID = *uid
	}
	return &c, dbErr(err)
}

// LineIdentity is a LINE user of a brand's channel; Friend, whether it is
// a friend of the brand's LINE Official Account (nil: not known).
type LineIdentity struct {
	ChannelID, Sub, Name, Email string
	Friend                      *bool
}

// HoldLineRegistration keeps LINE user id, who is no member yet, with the
// login of stateHash for the registration form (until expires).
func (db *DB) HoldLineRegistration(ctx context.Context, stateHash []byte, id LineIdentity, expires time.Time) error {
	_, err := db.Pool.Exec(ctx, `update line_logins set channel_id = $2, line_sub = $3, line_name = $4, line_email = $5, expires_at = $6,
		line_friend = $7 where state_hash = $1`, stateHash, id.ChannelID, id.Sub, id.Name, id.Email, expires, id.Friend)
	return dbErr(err)
}

// LinePending is a LINE user waiting for the registration form; FriendAt
// is when its friendship was asked (the callback's).
type LinePending struct {
	StateHash []byte
	LineIdentity
	Next     string
	FriendAt time.Time
}

const linePendingQuery = `select state_hash, channel_id, line_sub, line_name, line_email, next, line_friend, used_at from line_logins
	where browser_hash = $1 and brand_id = $2 and line_sub is not null and registered_at is null and expires_at > $3
	order by created_at desc limit 1`

func scanPending(row pgx.Row) (*LinePending, error) {
	var p LinePending
	err := row.Scan(&p.StateHash, &p.ChannelID, &p.Sub, &p.Name, &p.Email, &p.Next, &p.Friend, &p.FriendAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return &p, dbErr(err)
}

// LinePending is the LINE user of the browser of browserHash waiting to
// register at brand brandID; nil when none.
func (db *DB) LinePending(ctx context.Context, browserHash []byte, brandID string, now time.Time) (*LinePending, error) {
	return scanPending(db.Pool.QueryRow(ctx, linePendingQuery, browserHash, brandID, now))
}

// TakeLinePending is LinePending, locked and marked registered (once).
func (t *Tx) TakeLinePending(browserHash []byte, brandID string, now time.Time) (*LinePending, error) {
	p, err := scanPending(t.tx.QueryRow(t.ctx, linePendingQuery+` for update`, browserHash, brandID, now))
	if p == nil || err != nil {
		return p, err
	}
	_, err = t.tx.Exec(t.ctx, `update line_logins set registered_at = $2 where state_hash = $1`, p.StateHash, now)
	return p, dbErr(err)
}

// LineUser is brand brandID's member linked to LINE user sub of channel
// channelID; nil when none.
func (db *DB) LineUser(ctx context.Context, brandID, channelID, sub string) (*User, error) {
	u, err := scanUser(db.Pool.QueryRow(ctx, `select `+userColumns+` from users where brand_id = $1 and deleted_at is null
		and id = (select user_id from line_links where brand_id = $1 and channel_id = $2 and line_sub = $3)`, brandID, channelID, sub))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return u, dbErr(err)
}

// LinkLine links brand brandID's member userID to LINE user sub of
// channelID. A LINE user linked to another member is
// CodeLineLinkedElsewhere; a member linked already, CodeLineAlreadyLinked.
func (t *Tx) LinkLine(brandID string, userID int64, channelID, sub string, now time.Time) error {
	_, err := t.tx.Exec(t.ctx, `insert into line_links (brand_id, user_id, channel_id, line_sub, created_at) values ($1, $2, $3, $4, $5)`,
		brandID, userID, channelID, sub, now)
	var pg *pgconn.PgError
	if errors.As(err, &pg) && pg.Code == "23505" {
		if pg.ConstraintName == "line_links_pkey" {
			return codeErr(storefront.KindConflict, storefront.CodeLineAlreadyLinked)
		}
		return codeErr(storefront.KindConflict, storefront.CodeLineLinkedElsewhere)
	}
	return dbErr(err)
}

// LinkLine is Tx.LinkLine in a transaction of its own.
func (db *DB) LinkLine(ctx context.Context, brandID string, userID int64, channelID, sub string, now time.Time) error {
	return db.InTx(ctx, func(t *Tx) error { return t.LinkLine(brandID, userID, channelID, sub, now) })
}

// LineLinkState is whether a member is linked to LINE, whether the
// account has a password to log in with without it, and whether the LINE
// user is known not to be a friend of the brand's LINE Official Account.
type LineLinkState struct {
	Linked, HasPassword, NotFriend bool
}

// LineLinkOf is brand brandID's member userID's LineLinkState.
func (db *DB) LineLinkOf(ctx context.Context, brandID string, userID int64) (LineLinkState, error) {
	var s LineLinkState
	err := db.Pool.QueryRow(ctx, `select exists(select 1 from line_links where brand_id = $1 and user_id = $2),
		coalesce((select password_hash <> '' from users where brand_id = $1 and id = $2), false),
		exists(select 1 from line_links where brand_id = $1 and user_id = $2 and friend = false)`, brandID, userID).
		Scan(&s.Linked, &s.HasPassword, &s.NotFriend)
	return s, dbErr(err)
}

// LineFriendship is a fact about LINE user Sub and the brand's LINE
// Official Account: a friend or not, since At (a webhook event's time,
// the login's friendship status, a push LINE refused).
type LineFriendship struct {
	Sub    string
	Friend bool
	At     time.Time
}

// SetLineFriend records fact f on brand brandID's links to f.Sub, unless
// a fact as new or newer is recorded (a redelivered or late older event
// changes nothing); it reports whether it changed a link.
func (t *Tx) SetLineFriend(brandID string, f LineFriendship) (bool, error) {
	tag, err := t.tx.Exec(t.ctx, `update line_links set friend = $3, friend_changed_at = $4
		where brand_id = $1 and line_sub = $2 and (friend_changed_at is null or friend_changed_at < $4)`, brandID, f.Sub, f.Friend, f.At)
	return tag.RowsAffected() > 0, dbErr(err)
}

// SetLineFriends records facts (Tx.SetLineFriend), oldest first, in one
// transaction; it answers how many changed a link.
func (db *DB) SetLineFriends(ctx context.Context, brandID string, facts []LineFriendship) (int, error) {
	sorted := slices.SortedStableFunc(slices.Values(facts), func(a, b LineFriendship) int { return a.At.Compare(b.At) })
	n := 0
	err := db.InTx(ctx, func(t *Tx) error {
		n = 0
		for _, f := range sorted {
			changed, err := t.SetLineFriend(brandID, f)
			if err != nil {
				return err
			}
			if changed {
				n++
			}
		}
		return nil
	})
	return n, err
}

// UnlinkLine removes brand brandID's member userID's LINE link, only
// while the account has a password (CodeLineNoPassword otherwise); it
// reports whether there was a link.
func (db *DB) UnlinkLine(ctx context.Context, brandID string, userID int64) (bool, error) {
	var removed, hasPassword bool
	err := db.Pool.QueryRow(ctx, `with u as (select password_hash <> '' as has from users where brand_id = $1 and id = $2 and deleted_at is null),
		d as (delete from line_links where brand_id = $1 and user_id = $2 and (select has from u) returning 1)
		select exists(select 1 from d), coalesce((select has from u), false)`, brandID, userID).Scan(&removed, &hasPassword)
	if err != nil {
		return false, dbErr(err)
	}
	if !hasPassword {
		return false, codeErr(storefront.KindConflict, storefront.CodeLineNoPassword)
	}
	return removed, nil
}
