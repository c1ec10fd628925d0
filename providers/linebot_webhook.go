package providers

// The Messaging API's webhooks (LINE's "Receive messages (webhook)",
// "Verify webhook signature" and the webhook event objects): LINE POSTs
// {destination, events: [...]} to the webhook URL of the channel, with
// X-Line-Signature: base64(HMAC-SHA256(channel secret, the raw body)).
// Nothing of the body is believed before the signature checks out. Each
// event has a type (follow: the user added the account as a friend or
// unblocked it; unfollow: blocked it), mode, timestamp (milliseconds),
// source {type: user, userId}, webhookEventId (a ULID) and
// deliveryContext {isRedelivery}: an event LINE could not deliver may
// come again, later and out of order. The console's Verify button sends
// an empty events list.

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"time"
)

// LineSignatureHeader is the webhook's signature header.
const LineSignatureHeader = "X-Line-Signature"

// The webhook events that tell a friendship.
const (
	LineEventFollow   = "follow"
	LineEventUnfollow = "unfollow"
)

// LineWebhook is a webhook's body.
type LineWebhook struct {
	Destination string      `json:"destination"` // the account's user id
	Events      []LineEvent `json:"events"`
}

// LineEvent is a webhook event (the fields we read).
type LineEvent struct {
	Type      string `json:"type"`
	Mode      string `json:"mode"`
	Timestamp int64  `json:"timestamp"` // milliseconds
	Source    struct {
		Type   string `json:"type"`
		UserID string `json:"userId"`
	} `json:"source"`
	WebhookEventID  string `json:"webhookEventId"`
	DeliveryContext struct {
		IsRedelivery bool `json:"isRedelivery"`
	} `json:"deliveryContext"`
}

// At is when the event happened.
func (e LineEvent) At() time.Time { return time.UnixMilli(e.Timestamp) }

// SignLineWebhook is body's X-Line-Signature under the channel secret.
func SignLineWebhook(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// ErrLineSignature is a webhook whose signature is missing or is not the
// channel's over its body.
var ErrLineSignature = errors.New("LINE webhook: the signature does not verify")

// ParseLineWebhook checks signature (X-Line-Signature) over the raw body
// with the channel secret, then reads the body. A missing or wrong
// signature, or no secret, is ErrLineSignature; a signed body that is not
// a webhook's JSON, another error.
func ParseLineWebhook(secret string, body []byte, signature string) (*LineWebhook, error) {
	got, err := base64.StdEncoding.DecodeString(signature)
	want, _ := base64.StdEncoding.DecodeString(SignLineWebhook(secret, body))
	if secret == "" || err != nil || !hmac.Equal(got, want) {
		return nil, ErrLineSignature
	}
	var w LineWebhook
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, errors.New("LINE webhook: not JSON: " + err.Error())
	}
	return &w, nil
}
