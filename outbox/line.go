package outbox

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"storefront"
	"storefront/data"
	"storefront/providers"
)

// LineChannel is brand brandID's LINE Messaging API channel; ok false
// when the brand has none.
type LineChannel func(ctx context.Context, brandID string) (ch providers.LineBot, ok bool, err error)

// PushLine is the handler of the LINE push jobs (data.JobLine): it pushes
// the job's text to the member's LINE user through the brand's channel,
// its retry key made from the job's key, so a job run again is not sent
// twice (LINE answers that it took it before). LINE's rate limit and an
// unreachable LINE fail the job, retried later with growing waits. When
// LINE cannot deliver it (the member is not a friend of the account or
// blocked it, the month's quota is spent, the brand has no channel or LINE
// refuses its token), the job queues its mail instead, once whatever its
// replays; LINE answering that the member cannot receive it also records,
// in the same transaction, that the member is not a friend of the account
// (at now), so their next notification is mailed at once. A reminder
// whose booking was cancelled since is dropped.
func PushLine(db *data.DB, channel LineChannel, now func() time.Time, log *slog.Logger) Handler {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return func(ctx context.Context, payload json.RawMessage) error {
		var m data.LineMessage
		if err := json.Unmarshal(payload, &m); err != nil {
			return err
		}
		if m.BookingID != 0 {
			b, err := db.Booking(ctx, m.UserID, m.BookingID)
			switch {
			case err != nil && storefront.ErrorKind(err) != storefront.KindNotFound:
				return err
			case err != nil || b.Status != data.BookingBooked:
				return nil // gone or cancelled since it was queued: no reminder
			}
		}
		ch, ok, err := channel(ctx, m.BrandID)
		if err != nil {
			return err
		}
		notFriend := false
		if ok {
			_, err := ch.Push(ctx, m.To, m.Text, providers.LineRetryKey(m.Key))
			switch reason := providers.LineReason(err); {
			case err == nil:
				return nil
			case reason == "" || reason == providers.LineRateLimited:
				return err
			case reason == providers.LineRefused:
				log.Warn("LINE refused a push: mailed instead", "brand", m.BrandID, "key", m.Key, "err", err)
			case reason == providers.LineCannotReceive:
				notFriend = true
			}
		}
		return db.InTx(ctx, func(t *data.Tx) error {
			if notFriend {
				if _, err := t.SetLineFriend(m.BrandID, data.LineFriendship{Sub: m.To, Friend: false, At: now()}); err != nil {
					return err
				}
			}
			if m.Mail == nil {
				return nil
			}
			return t.QueueMailOnce(data.JobLine+":"+m.Key, *m.Mail)
		})
	}
}
