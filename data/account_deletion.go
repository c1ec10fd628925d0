package data

import (
	"context"
	"errors"
	"storefront"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
)

// JobEndPlan is the kind of the outbox job that terminates a recurring
// plan's active mandates at NewebPay (payload: EndPlan; key: the order
// number), queued when its member deletes their account.
const JobEndPlan = "recurring-end"

// EndPlan is the payload of a JobEndPlan job.
type EndPlan struct {
	BrandID string `json:"brandId"`
	Number  string `json:"number"` // the recurring order
}

// Deleted is what deleting an account did.
type Deleted struct {
	// Revoked are the hashes of the sessions ended (to drop them from
	// caches).
	Revoked [][]byte
	// Plans are the numbers of the member's recurring orders with a
	// mandate still active at NewebPay: the caller ends each (JobEndPlan).
	Plans []string
	// Cancelled counts the future bookings cancelled.
	Cancelled int
}

// Tombstone is the e-mail a deleted account keeps: not an address
// (.invalid never resolves), unique, and not the member's, so the member's
// e-mail may register again.
func Tombstone(userID int64) string {
	return "deleted-" + strconv.FormatInt(userID, 10) + "@deleted.invalid"
}

// DeleteUser deletes member userID of brandID at now: the account row
// stays (orders, invoices and signed contracts name it) but keeps no
// personal data: name, e-mail (Tombstone), phone (only phoneHash, its keyed
// hash, nil when none), custom-field values (birthday and the rest) and the
// password are erased; its e-mailed tokens, login throttling and unsent
// mails go, the mails already sent keep no address or text; its sessions
// end (and forget their user agent); its future bookings are cancelled
// (their seats freed) and its waiting-list places left. What a business
// must keep stays: orders, their lines and events, invoices, refunds, ACH
// authorisations and signed contracts with their account snapshot and
// signature (README: "Deleting an account"). phone is the member's phone
// as the caller hashed it: a phone changed since is a conflict (ask
// again). A member already deleted is storefront.CodeMemberNotFound.
//
// Locks: the future bookings' sessions first (in id order, as a booking
// locks its session before its member), then the member.
func (t *Tx) DeleteUser(brandID string, userID int64, phone string, phoneHash []byte, now time.Time) (*Deleted, error) {
	ctx, tx := t.ctx, t.tx
	// first, as the sessions are locked before the member (a refusal
	// below rolls it back)
	d := &Deleted{}
	var err error
	if d.Cancelled, err = cancelFutureBookings(ctx, tx, `user_id = $1`, userID, now); err != nil {
		return nil, err
	}
	var email, was string
	err = tx.QueryRow(ctx, `select email, phone from users where brand_id = $1 and id = $2 and deleted_at is null for update`,
		brandID, userID).Scan(&email, &was)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, codeErr(storefront.KindNotFound, storefront.CodeMemberNotFound)
	}
	if err != nil {
		return nil, dbErr(err)
	}
	if was != phone {
		return nil, &storefront.Error{Kind: storefront.KindConflict, Err: errors.New("data: the phone changed while deleting the account")}
	}
	b := &pgx.Batch{}
	tomb := Tombstone(userID)
	b.Queue(`update users set email = $3, name = '-', phone = '', phone_hash = $4, custom_values = '{}',
			password_hash = '!', email_verified_at = null, deleted_at = $5, updated_at = $5
		where brand_id = $1 and id = $2`, brandID, userID, tomb, phoneHash, now)
	b.Queue(`update booking_waitlist set status = 'left', updated_at = $2 where user_id = $1 and status = 'waiting'`, userID, now)
	b.Queue(`delete from user_tokens where user_id = $1`, userID)
	b.Queue(`delete from line_links where user_id = $1`, userID)
	b.Queue(`delete from invoice_choices where user_id = $1`, userID)
	b.Queue(`delete from login_throttle where key = $1`, AccountThrottleKey(brandID, email))
	b.Queue(`update sessions set user_agent = '' where user_id = $1`, userID)
	// the member's mails: unsent ones are not sent; none keeps an address
	// or a text
	b.Queue(`update jobs set done_at = case when dead_at is null then coalesce(done_at, $3) end, last_error = case when done_at is null and dead_at is null
			then 'account deleted' else last_error end,
			payload = jsonb_strip_nulls(jsonb_build_object('to', $2::text, 'subject', '', 'text', '',
				'userId', payload->'userId', 'purpose', payload->'purpose'))
		where kind = $4 and payload->>'userId' = $1::bigint::text`, userID, tomb, now, JobMail)
	if err := sendBatch(ctx, tx, b); err != nil {
		return nil, err
	}
	if d.Revoked, err = revokeUserSessions(ctx, tx, userID, now); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `select distinct o.number from orders o join recurring_mandates m on m.order_id = o.id
		where o.user_id = $1 and m.state = 'active' order by o.number`, userID)
	if err != nil {
		return nil, dbErr(err)
	}
	d.Plans, err = pgx.CollectRows(rows, pgx.RowTo[string])
	return d, dbErr(err)
}

// DeletedPhone is an account deleted with its phone still in clear (by
// hand, before accounts were deleted by the program).
type DeletedPhone struct {
	ID      int64
	BrandID string
	Phone   string
}

// DeletedPhones lists the deleted accounts still holding their phone.
func (db *DB) DeletedPhones(ctx context.Context) ([]DeletedPhone, error) {
	rows, err := db.Pool.Query(ctx, `select id, brand_id, phone from users where deleted_at is not null and phone <> '' order by id`)
	if err != nil {
		return nil, dbErr(err)
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[DeletedPhone])
	return list, dbErr(err)
}

// HashDeletedPhone replaces deleted account id's phone by hash, its keyed
// hash, unless the phone is no longer phone.
func (db *DB) HashDeletedPhone(ctx context.Context, id int64, phone string, hash []byte) error {
	_, err := db.Pool.Exec(ctx, `update users set phone = '', phone_hash = $3 where id = $1 and phone = $2 and deleted_at is not null`, id, phone, hash)
	return dbErr(err)
}

// PurgeDeletedUsers removes, with everything that names them (their
// orders, invoices, refunds, signed contracts, holdings, bookings: the
// foreign keys cascade), the accounts deleted before before whose every
// record a business must keep was made before before
// (rules.PurgeBefore): past retention, nothing of them is kept, the phone's
// hash included. It returns how many went.
func (db *DB) PurgeDeletedUsers(ctx context.Context, before time.Time) (int64, error) {
	tag, err := db.Pool.Exec(ctx, `delete from users u where u.deleted_at < $1
		and not exists (select 1 from orders o where o.user_id = u.id and (o.created_at >= $1 or o.updated_at >= $1
			or exists (select 1 from refunds r where r.order_id = o.id and coalesce(r.answered_at, r.requested_at) >= $1)
			or exists (select 1 from recurring_charges c where c.order_id = o.id and c.at >= $1)
			or exists (select 1 from recurring_refunds f where f.order_id = o.id and coalesce(f.refunded_at, f.created_at) >= $1)))
		and not exists (select 1 from signed_contracts s where s.user_id = u.id and s.signed_at >= $1)`, before)
	return tag.RowsAffected(), dbErr(err)
}
