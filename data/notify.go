package data

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/jackc/pgx/v5"

	"storefront"
)

// A member's notifications and the channel each goes by (migration 034):
// by e-mail unless the member, linked to LINE, chose LINE for its kind;
// the class reminder may also be off.

// JobLine is the kind of the outbox's LINE pushes (payload: LineMessage).
const JobLine = "line"

// The kinds of notification a member chooses the channel of.
const (
	NotifyBooked        = "booked"
	NotifyCancelled     = "cancelled"
	NotifyPromoted      = "promoted"
	NotifyReminder      = "reminder"
	NotifyPaymentFailed = "payment_failed"
	NotifyRenewal       = "renewal"
)

// NotifyKinds are the kinds, in the member centre's order.
var NotifyKinds = []string{NotifyBooked, NotifyCancelled, NotifyPromoted, NotifyReminder, NotifyPaymentFailed, NotifyRenewal}

// The channels.
const (
	ChannelEmail = "email"
	ChannelLine  = "line"
	ChannelOff   = "off" // NotifyReminder only
)

// Notice is a notification to a member: its mail, and what LINE would
// carry instead.
type Notice struct {
	Kind string // a Notify* kind; "": always mailed (no choice)
	Key  string // names this notification among its kind's (a booking's id): sent once
	Mail Mail   // Mail.UserID is the member
	Line string // the LINE text
	// WhileBooked, when set, is the booking a reminder is about: its push
	// is dropped if the booking is no longer booked when it runs (a push
	// LINE's rate limit held back past a cancellation).
	WhileBooked int64
}

// LineMessage is a LINE push job's payload: the notification's text for
// LINE user To of brand BrandID's account, and the mail to send instead
// when LINE cannot deliver it.
type LineMessage struct {
	BrandID string `json:"brandId"`
	UserID  int64  `json:"userId"`
	To      string `json:"to"`
	Key     string `json:"key"` // the job's key, the push's retry key's source
	// BookingID, when set, must still be booked for the push to go
	// (Notice.WhileBooked).
	BookingID int64  `json:"bookingId,omitempty"`
	Text      string `json:"text,omitempty"`
	Mail      *Mail  `json:"mail,omitempty"`
}

// Notify queues notice n of brand brandID's member by the channel the
// member chose for its kind: a LINE push job (JobLine, keyed
// kind:key, so a replay queues it once) when they chose LINE, are linked
// to it and are a friend of the brand's LINE Official Account, nothing
// when they turned it off, else the mail. A link whose friendship is not
// known yet (linked before it was recorded, or LINE did not answer at the
// login) is tried: LINE refusing the push mails it and records that the
// member is not a friend (outbox.PushLine).
func (t *Tx) Notify(brandID string, n Notice) error {
	if n.Kind == "" || n.Mail.UserID == 0 {
		return t.QueueMail(n.Mail)
	}
	ch, ok := t.channels[channelKey{brandID, n.Mail.UserID, n.Kind}]
	if !ok {
		if err := scanChannel(t.tx.QueryRow(t.ctx, channelSQL, brandID, n.Mail.UserID, n.Kind), &ch); err != nil {
			return err
		}
	}
	channel, sub, notFriend := ch.name, ch.lineSub, ch.notFriend
	switch {
	case channel == ChannelOff:
		return nil
	case channel == ChannelLine && sub != "" && !notFriend:
		key := n.Kind + ":" + n.Key
		m := n.Mail
		return t.QueueJob(JobLine, key, LineMessage{BrandID: brandID, UserID: m.UserID, To: sub, Key: key, BookingID: n.WhileBooked,
			Text: n.Line, Mail: &m})
	}
	return t.QueueMail(n.Mail)
}

// channelKey names a member's choice of channel for a kind of notice.
type channelKey struct {
	brandID string
	userID  int64
	kind    string
}

// channel is a member's choice for a kind: its channel ("": e-mail, none
// chosen), their LINE user, if linked, and whether LINE is known to say
// they are not a friend of the brand's account.
type channel struct {
	name, lineSub string
	notFriend     bool
}

// channelSQL reads the channel of brand $1's member $2 for kind $3.
const channelSQL = `select c.channel, coalesce(l.line_sub, ''), coalesce(l.friend = false, false) from notify_choices c
	left join line_links l on l.brand_id = c.brand_id and l.user_id = c.user_id
	where c.brand_id = $1 and c.user_id = $2 and c.kind = $3`

func scanChannel(r pgx.Row, ch *channel) error {
	if err := r.Scan(&ch.name, &ch.lineSub, &ch.notFriend); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return dbErr(err)
	}
	return nil
}

// QueueMailOnce queues mail m once for key (a LINE push that fell back to
// it, run again, queues no second), unless the member unsubscribed from
// notification mails.
func (t *Tx) QueueMailOnce(key string, m Mail) error {
	p, err := json.Marshal(m)
	if err != nil {
		return &storefront.Error{Kind: storefront.KindInternal, Err: err}
	}
	_, err = t.tx.Exec(t.ctx, `insert into jobs (kind, key, payload) select $1, $2, $3::jsonb
		where $4 = '' or not exists (select 1 from users where id = $5 and unsubscribed_at is not null)
		on conflict (kind, key) do nothing`, JobMail, key, p, m.Unsubscribe, m.UserID)
	return dbErr(err)
}

// NotifyChoices are brand brandID's member userID's channels by kind
// (every kind: e-mail where they chose none) and their LINE link (without
// it, LINE is not offered and not used; not a friend, it is not used).
func (db *DB) NotifyChoices(ctx context.Context, brandID string, userID int64) (map[string]string, LineLinkState, error) {
	out := map[string]string{}
	for _, k := range NotifyKinds {
		out[k] = ChannelEmail
	}
	rows, err := db.Pool.Query(ctx, `select kind, channel from notify_choices where brand_id = $1 and user_id = $2`, brandID, userID)
	if err != nil {
		return nil, LineLinkState{}, dbErr(err)
	}
	var kind, channel string
	if _, err := pgx.ForEachRow(rows, []any{&kind, &channel}, func() error { out[kind] = channel; return nil }); err != nil {
		return nil, LineLinkState{}, dbErr(err)
	}
	link, err := db.LineLinkOf(ctx, brandID, userID)
	return out, link, err
}

// SetNotifyChoice records the member's channel for kind (the caller
// checked the kind, the channel and the LINE link).
func (db *DB) SetNotifyChoice(ctx context.Context, brandID string, userID int64, kind, channel string) error {
	_, err := db.Pool.Exec(ctx, `insert into notify_choices (brand_id, user_id, kind, channel) values ($1, $2, $3, $4)
		on conflict (brand_id, user_id, kind) do update set channel = excluded.channel`, brandID, userID, kind, channel)
	return dbErr(err)
}
