package checkout

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"storefront"
	"strings"
	"time"

	"storefront/data"
	"storefront/providers"
	"storefront/rules"
)

// ACH bank debit: the member authorises a debit from a Taiwan
// bank account on the checkout page (PayByACH); the order, with its
// sealed authorisation, waits for the bank's answer (ApplyACHAnswer),
// which pays it (holdings with the ACH activation rules, receipt) or fails
// it, once (AnswerMandate).

// WayACH and WayChailease are the deferred payment ways.
var (
	WayACH       = PayWay{data.PayWayACH, storefront.TextWayACH, data.ProviderACH}
	WayChailease = PayWay{data.PayWayChailease, storefront.TextWayChailease, data.ProviderChailease}
)

// ACHAnswerWindow is how long an ACH order waits for the bank's answer
// before the expiry worker gives up on it (an answer after that is still
// taken, as any late payment).
const ACHAnswerWindow = 14 * 24 * time.Hour

// deferredWays are the deferred payment ways brand b's modules allow and
// that b has accounts a of.
func (f *Flows) deferredWays(b *data.Brand, a providers.Accounts) []PayWay {
	if b == nil {
		return nil
	}
	mods := b.ModuleSet()
	var out []PayWay
	if mods.Has(data.ModuleACH) && a.ACH.Configured() && f.ACHSealer != nil {
		out = append(out, WayACH)
	}
	if mods.Has(data.ModuleChailease) && a.Chailease.Configured() {
		out = append(out, WayChailease)
	}
	return out
}

// ACHAgreementText is the ACH debit agreement (the module's agreement) a
// member accepts before authorising; ACHAgreementHash names this exact
// text, and an acceptance of another text is refused.
const ACHAgreementText = storefront.TextACHAgreement

// ACHAgreementHash is the hex SHA-256 of ACHAgreementText.
var ACHAgreementHash = func() string {
	h := sha256.Sum256([]byte(ACHAgreementText))
	return hex.EncodeToString(h[:])
}()

// ACHSealer seals the account numbers and IDs of ACH authorisations at
// rest (providers.Sealer), each under the label of its order number and
// field (a sealed value opens only in its own row and field).
type ACHSealer struct{ s *providers.Sealer }

// NewACHSealer is the ACH sealer of a 32-byte key.
func NewACHSealer(key []byte) (*ACHSealer, error) {
	s, err := providers.NewSealer(key)
	if err != nil {
		return nil, err
	}
	return &ACHSealer{s}, nil
}

func achLabel(number, field string) string { return "ach:" + field + ":" + number }

// Seal seals plain for field of order number.
func (a *ACHSealer) Seal(number, field, plain string) []byte {
	return a.s.Seal(achLabel(number, field), []byte(plain))
}

// Open opens what Seal sealed for field of order number.
func (a *ACHSealer) Open(number, field string, sealed []byte) (string, error) {
	plain, err := a.s.Open(achLabel(number, field), sealed)
	return string(plain), err
}

// ACHRequest is a purchase paid by ACH: the order and the authorisation.
type ACHRequest struct {
	Request
	Form rules.ACHForm
	// AgreementHash is the hash of the agreement text the member accepted
	// (ACHAgreementHash).
	AgreementHash string
}

// normalise trims the form's fields and upper-cases the ID.
func normalise(f rules.ACHForm) rules.ACHForm {
	f.BankCode, f.BranchCode = strings.TrimSpace(f.BankCode), strings.TrimSpace(f.BranchCode)
	f.Account = strings.TrimSpace(f.Account)
	f.HolderName = strings.TrimSpace(f.HolderName)
	f.HolderID = strings.ToUpper(strings.TrimSpace(f.HolderID))
	return f
}

// PayByACH prechecks req for member u, checks the authorisation form and
// the agreement, creates the order with its sealed authorisation in one
// transaction, and submits the authorisation to the ACH exchange with
// notifyURL for the answer. The order then awaits the bank's answer. A
// refusal by the exchange fails the order (CodeACHRefused); an exchange
// that cannot be reached fails it too (the member may try again).
func (f *Flows) PayByACH(ctx context.Context, b *data.Brand, u *data.User, req ACHRequest, notifyURL string) (*data.Order, error) {
	a, err := f.accounts(ctx, b.ID)
	if err != nil {
		return nil, err
	}
	if f.ACHSealer == nil || !a.ACH.Configured() {
		return nil, refuse(storefront.KindInvalid, storefront.CodePayWayNotAccepted, "")
	}
	form := normalise(req.Form)
	if p := rules.CheckACHForm(form); p != nil {
		return nil, refuse(storefront.KindInvalid, storefront.CodeACHInvalid, p.Message)
	}
	if req.AgreementHash != ACHAgreementHash {
		return nil, refuse(storefront.KindInvalid, storefront.CodeACHAgreement, "")
	}
	req.PayWay = data.PayWayACH
	q, err := f.Precheck(ctx, b, u, req.Request)
	if err != nil {
		return nil, err
	}
	invoice, err := invoiceChoice(b, req.Invoice)
	if err != nil {
		return nil, err
	}
	now := f.Now()
	var o *data.Order
	err = f.DB.InTx(ctx, func(t *data.Tx) (err error) {
		o, err = t.CreateOrder(data.NewOrder{BrandID: b.ID, UserID: u.ID, Kind: req.Kind, PayWay: WayACH.Code,
			Provider: WayACH.Provider, ExpiresAt: now.Add(ACHAnswerWindow), Lines: []data.NewOrderLine{q.line}, Invoice: invoice}, now)
		if err != nil {
			return err
		}
		// the sealed values are bound to the new order's number
		return t.AddACHMandate(o.ID, data.NewACHMandate{BankCode: form.BankCode, BranchCode: form.BranchCode,
			AccountSealed: f.ACHSealer.Seal(o.Number, "account", form.Account), AccountLast4: form.Account[len(form.Account)-4:],
			HolderName: form.HolderName, HolderIDSealed: f.ACHSealer.Seal(o.Number, "holderId", form.HolderID),
			HolderIDMasked: rules.MaskID(form.HolderID), AgreementHash: req.AgreementHash, AgreedAt: now}, now)
	})
	if err != nil {
		return nil, err
	}
	ref, err := a.ACH.Submit(ctx, f.ACHClient, providers.ACHMandate{MandateNo: o.Number, BankCode: form.BankCode,
		BranchCode: form.BranchCode, AccountNo: form.Account, HolderName: form.HolderName, HolderID: form.HolderID,
		Amount: o.Amount, NotifyURL: notifyURL}, now)
	if err != nil {
		var refusal *providers.ACHRefusal
		reason, code := storefront.TextACHUnavailable, storefront.CodePaymentFailed
		if errors.As(err, &refusal) {
			reason, code = fmt.Sprintf(storefront.TextACHNotTaken, refusal.Code), storefront.CodeACHRefused
		}
		f.Log.Warn("ACH submission failed", "order", o.Number, "err", err)
		if _, _, ferr := f.Fail(ctx, data.Change{Number: o.Number, Cause: "ACH submission: " + err.Error(), At: f.Now()}, reason); ferr != nil {
			f.Log.Error("ACH submission: fail order", "order", o.Number, "err", ferr)
		}
		if code == storefront.CodePaymentFailed {
			return nil, errProvider(err)
		}
		return nil, refuse(storefront.KindConflict, code, "")
	}
	o, _, err = f.move(ctx, data.Change{Number: o.Number, Cause: "ACH mandate submitted", Digest: digest(ref), At: f.Now()}, rules.EventSubmit,
		func(t *data.Tx, o *data.Order) error { return t.SetMandateRef(o.ID, ref) })
	return o, err
}

// ApplyACHAnswer believes the bank's answer (body and its signature as
// posted to the notify URL) only when its signature and merchant verify
// with the account of the brand of the order it names
// and its reference is the one the bank gave the order's mandate; then
// AnswerMandate applies it once (approved: paid, if the amount is the
// order's; rejected: failed with the bank's reason). Every message is kept
// in the audit.
func (f *Flows) ApplyACHAnswer(ctx context.Context, body []byte, sig string) (*data.Order, error) {
	now := f.Now()
	cb := data.Callback{Provider: data.ProviderACH, Kind: KindNotify, Digest: digest(string(body)), At: now}
	_, a, err := f.orderAccounts(ctx, cb, providers.ACHMandateNo(body))
	if err != nil {
		return nil, err
	}
	ans, err := a.ACH.Answer(body, sig)
	if err != nil {
		cb.Outcome = "refused: " + err.Error()
		f.audit(ctx, cb)
		f.Log.Warn("ACH answer refused", "err", err)
		return nil, errBadMessage
	}
	cb.Verified, cb.OrderNumber, cb.Status, cb.TradeNo, cb.Amount = true, ans.MandateNo, ans.Status, ans.Ref, &ans.Amount
	m, err := f.DB.ACHMandate(ctx, ans.MandateNo)
	if err != nil || m.BankRef == "" || m.BankRef != ans.Ref {
		return nil, f.unjudged(ctx, cb, err, errUnknownOrder, "unknown mandate or reference")
	}
	o, changed, err := f.AnswerMandate(ctx, MandateAnswer{
		Change:  data.Change{Number: ans.MandateNo, Cause: "ACH answer: " + ans.Status + " " + ans.ReasonCode, Digest: cb.Digest, At: now},
		BankRef: ans.Ref, Approved: ans.Status == providers.ACHApproved, Amount: ans.Amount,
		ReasonCode: rules.Truncate(ans.ReasonCode, 16), Reason: rules.Truncate(failureText(ans.Reason), 100)})
	return f.settled(ctx, cb, o, changed, err)
}

// MandateAnswer is the bank's verified answer to a mandate.
type MandateAnswer struct {
	data.Change
	BankRef    string
	Approved   bool
	Amount     int
	ReasonCode string
	Reason     string // why the bank refused: an approval records none
}

// AnswerMandate applies the bank's answer a to its order, once: approved
// pays the order (Pay: its amount must be the order's, holdings and
// receipt in the same transaction), rejected fails it with the reason; the
// mandate records the answer (rules.ACHNext) in that transaction. The
// reference must be the one the bank gave when it took the mandate. A
// repeated answer changes nothing (changed false); a contrary answer to an
// answered mandate is refused, or ignored by the order state table when
// the order took its answer (a paid order is not failed).
func (f *Flows) AnswerMandate(ctx context.Context, a MandateAnswer) (*data.Order, bool, error) {
	record := func(t *data.Tx, o *data.Order) error {
		state, ref, err := t.ACHMandateState(o.ID)
		if err != nil {
			return err
		}
		to, err := rules.ACHNext(state, a.Approved)
		if err != nil {
			return err
		}
		reason := a.Reason
		if a.Approved {
			reason = ""
		}
		if ref != a.BankRef {
			return rules.ErrMandateAnswered
		}
		answered, err := t.AnswerACHMandate(o.ID, a.BankRef, to, a.ReasonCode, reason, a.At)
		if err == nil && !answered {
			err = rules.ErrMandateAnswered
		}
		return err
	}
	if a.Approved {
		return f.pay(ctx, data.Payment{Change: a.Change, Provider: data.ProviderACH, TradeNo: a.BankRef, Amount: a.Amount}, record)
	}
	return f.fail(ctx, a.Change, storefront.TextACHRejected+a.Reason, record)
}

// MandateView is an order's ACH authorisation as its member sees it:
// masked.
type MandateView struct {
	BankCode, BranchCode, Account, HolderName, HolderID, State, Reason string
}

// ACHMandate is the masked view of order number's authorisation.
func (f *Flows) ACHMandate(ctx context.Context, number string) (*MandateView, error) {
	m, err := f.DB.ACHMandate(ctx, number)
	if err != nil {
		return nil, err
	}
	return &MandateView{BankCode: m.BankCode, BranchCode: m.BranchCode, Account: rules.MaskAccount(m.AccountLast4),
		HolderName: m.HolderName, HolderID: m.HolderIDMasked, State: m.State, Reason: m.Reason}, nil
}
