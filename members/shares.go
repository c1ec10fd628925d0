package members

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"storefront"

	"storefront/data"
	"storefront/rules"
)

// Share is a share a member asks for: points of one of their tickets to
// another member of the brand, named by account.
type Share struct {
	BrandID  string
	From     int64  // the member giving
	Account  string // the receiver's e-mail or mobile phone
	TicketID int64
	Points   int
	Key      string // the Idempotency-Key: a repeat answers the first answer
}

// shareKeys is the namespace of shares among a member's idempotency keys
// (the table booking's keys are in): a share's key is it and the SHA-256
// of the client's.
const shareKeys = "share:"

func shareKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return shareKeys + hex.EncodeToString(sum[:])
}

// Recipient is the member of the brand whose account (an e-mail or a
// Taiwan mobile phone) member from names to share with: a malformed
// account is bad input, an unknown one storefront.CodeAccountNotFound,
// from themself refused (rules.CheckRecipient).
func (f *Flows) Recipient(ctx context.Context, brandID string, from int64, account string) (*data.User, error) {
	acc, ok := rules.Email(account)
	if !ok {
		if acc, ok = rules.TaiwanPhone(account); !ok {
			return nil, invalid(storefront.TextShareAccount)
		}
	}
	to, err := f.DB.UserByAccount(ctx, brandID, acc, storefront.CodeAccountNotFound)
	if err != nil {
		return nil, err
	}
	return to, rules.CheckRecipient(from, to.ID)
}

// SharePoints makes the share in one transaction, once per key: it locks
// the sender and their ticket, asks rules.CheckShare (a shareable ticket
// not ended, positive points, never more than it holds:
// storefront.CodeNotEnoughPoints), then takes the points and gives the
// receiver a ticket of the same name, type, start and end holding them. A
// repeat of the key answers the first answer and changes nothing.
func (f *Flows) SharePoints(ctx context.Context, s Share) (*data.ShareResult, error) {
	to, err := f.Recipient(ctx, s.BrandID, s.From, s.Account)
	if err != nil {
		return nil, err
	}
	now := f.Now()
	key := shareKey(s.Key)
	var res *data.ShareResult
	err = f.DB.InTx(ctx, func(t *data.Tx) error {
		answer, claimed, err := t.Claim(s.From, key)
		if err != nil || !claimed {
			if err == nil {
				res = &data.ShareResult{}
				err = json.Unmarshal(answer, res)
			}
			return err
		}
		if _, err := t.LockMembers(s.BrandID, []int64{s.From}); err != nil {
			return err
		}
		ticket, err := t.LockShareTicket(s.BrandID, s.From, s.TicketID)
		if err != nil {
			return err
		}
		ticket.Points, ticket.Today = s.Points, rules.DayOf(now)
		if err := rules.CheckShare(ticket); err != nil {
			return err
		}
		id, err := t.GivePoints(s.BrandID, s.From, s.TicketID, to.ID, s.Points, now)
		if err != nil {
			return err
		}
		res = &data.ShareResult{ShareID: id, Remain: ticket.Remain - s.Points, Points: s.Points}
		answer, _ = json.Marshal(res)
		return t.Finish(nil, s.From, key, answer)
	})
	return res, err
}
