package checkout

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"storefront"
	"strconv"
	"time"

	"storefront/data"
	"storefront/mail"
	"storefront/providers"
	"storefront/rules"
)

// E-invoices (統一發票) through ezPay, for the brands with the INVOICE
// module (others invoice elsewhere: their checkout asks nothing and no
// invoice is written). The buyer's choice is checked when the order is
// made (rules.CheckInvoiceChoice) and kept on it and for the member's
// next checkout. Every transaction that records money received writes
// the invoice row and queues its outbox job (JobIssueInvoice) in the
// same transaction: paying an order (pay: the order, or period 1 of a
// recurring plan), a later period paid (ApplyCharge), a second charge of
// a period (ApplyCharge: it is refunded, and its invoice undone). The job
// issues the invoice at ezPay under rules.InvoiceOrderNo (so a replayed
// payment, which writes no second row nor job, issues nothing twice);
// before a request it records that one may reach ezPay, and a run after
// such a request (its answer lost, its process killed) first asks ezPay
// (invoice_search) and records what it finds. While ezPay is down the job
// fails and the outbox retries it with growing waits.
//
// A refund undoes its invoice (JobUndoInvoice, queued in the refund's
// transaction): voided within its period's void window
// (rules.InvoiceUndo), else an allowance (折讓) of the refunded amount.
// The allowance is made confirmed (allowance_issue Status 1) with the
// buyer's e-mail, to which ezPay sends the allowance: the refunds that
// exist give back a second charge of a period the member never agreed
// to pay twice, so the allowance only returns money to them, and the MOF
// rules' buyer confirmation of a consumer's allowance (電子發票實施作業要點:
// an electronic allowance the consumer receives and may dispute) is met
// by the platform's notice; ezPay's Status 0 (await the buyer's
// confirmation, then allowance_touch_issue) is for the after-sale
// refunds a member asks for, which can collect the confirmation in
// their own flow.

// Job kinds of the invoices (key: the invoice's id; payload invoiceJob).
const (
	JobIssueInvoice = "invoice-issue"
	JobUndoInvoice  = "invoice-undo"
)

type invoiceJob struct {
	ID int64 `json:"id"`
	// Amount, for an undo, is the part refunded: an allowance of it (0:
	// the whole invoice, voided while its window is open).
	Amount int `json:"amount,omitempty"`
}

// invoiceChoice checks the buyer's invoice choice for brand b: nil when
// b issues no invoice here (no INVOICE module), the checked choice
// otherwise (none given: the member carrier). A refusal names its field
// by its code (CodeInvoiceKind, CodeInvoiceCode, CodeInvoiceTitle).
func invoiceChoice(b *data.Brand, c *rules.InvoiceChoice) (*rules.InvoiceChoice, error) {
	if !b.ModuleSet().Has(data.ModuleInvoice) {
		return nil, nil
	}
	in := rules.InvoiceChoice{}
	if c != nil {
		in = *c
	}
	out, err := rules.CheckInvoiceChoice(in)
	var fe *rules.InvoiceFieldError
	if errors.As(err, &fe) {
		code := map[string]int{"kind": storefront.CodeInvoiceKind, "code": storefront.CodeInvoiceCode, "title": storefront.CodeInvoiceTitle}[fe.Field]
		return nil, refuse(storefront.KindInvalid, code, fe.Message)
	}
	return &out, err
}

// queueInvoice writes the invoice n asks for and queues its issuing job,
// in the caller's transaction; an order that asks for no invoice gets
// none (false).
func queueInvoice(t *data.Tx, n data.NewInvoice) (bool, error) {
	id, err := t.AddInvoice(n)
	if err != nil || id == 0 {
		return false, err
	}
	return true, t.QueueJob(JobIssueInvoice, strconv.FormatInt(id, 10), invoiceJob{ID: id})
}

// queueUndo queues undoing invoice id (void or allowance) after a refund,
// in the refund's transaction; 0 is none.
func queueUndo(t *data.Tx, id int64) error {
	if id == 0 {
		return nil
	}
	return t.QueueJob(JobUndoInvoice, strconv.FormatInt(id, 10), invoiceJob{ID: id})
}

// errNotIssued: an undo waits until its invoice is issued.
var errNotIssued = errors.New("checkout: the invoice is not issued yet")

// IssueInvoice runs a JobIssueInvoice job (an outbox handler): it issues
// the invoice at ezPay once, asking ezPay first when an earlier request
// may have reached it, records the number, date and random code, and
// queues the mail that tells the member. An error has the job retried.
func (f *Flows) IssueInvoice(ctx context.Context, payload json.RawMessage) error {
	var j invoiceJob
	if err := json.Unmarshal(payload, &j); err != nil {
		return err
	}
	v, err := f.DB.InvoiceByID(ctx, j.ID)
	if err != nil || v.State != data.InvoiceIssuing {
		return err
	}
	cfg, err := f.ezpay(ctx, v.BrandID)
	if err != nil {
		return err
	}
	now := f.Now()
	if v.SentAt != nil { // an earlier request may have issued it: ask first
		found, err := cfg.Search(ctx, f.invoiceHTTP(), v.MerchantOrderNo, v.Amount, now)
		switch {
		case err == nil:
			return f.issued(ctx, v, found, "found by invoice_search")
		case !providers.IsEzPay(err, providers.EzPayNotFound):
			return f.answered(ctx, v.ID, err)
		}
	}
	if err := f.DB.InvoiceSent(ctx, v.ID, now); err != nil {
		return err
	}
	is, err := cfg.Issue(ctx, f.invoiceHTTP(), ezInvoice(v, now))
	if providers.IsEzPay(err, providers.EzPayDuplicateOrderNo) { // issued before: ours
		is, err = cfg.Search(ctx, f.invoiceHTTP(), v.MerchantOrderNo, v.Amount, now)
	}
	if err != nil {
		return f.answered(ctx, v.ID, err)
	}
	return f.issued(ctx, v, is, "issued")
}

// invoiceHTTP is the client of ezPay.
func (f *Flows) invoiceHTTP() *http.Client {
	if f.InvoiceHTTP != nil {
		return f.InvoiceHTTP
	}
	return f.HTTP
}

// ezpay is the brand's ezPay merchant (its own, or the platform's where
// the platform collects: Merchants), refused when there is none.
func (f *Flows) ezpay(ctx context.Context, brandID string) (providers.EzPay, error) {
	a, err := f.Merchants.Of(ctx, brandID)
	if err == nil && !a.EzPay.Configured() {
		err = providers.ErrNotConfigured
	}
	return a.EzPay, err
}

// answered keeps ezPay's refusal on the invoice (for support) and returns
// err, so the job is retried.
func (f *Flows) answered(ctx context.Context, id int64, err error) error {
	var e *providers.EzPayError
	if errors.As(err, &e) {
		if aerr := f.DB.InvoiceAnswer(ctx, id, e.Status+" "+e.Message); aerr != nil {
			f.Log.Error("invoice: keeping ezPay's answer", "invoice", id, "err", aerr)
		}
	}
	return err
}

// issued records invoice v as ezPay issued it (is), once, and queues the
// member's mail in the same transaction.
func (f *Flows) issued(ctx context.Context, v *data.Invoice, is providers.EzIssued, how string) error {
	mailed := false
	if _, err := rules.InvoiceNext(v.State, rules.InvoiceEventIssue); err != nil {
		return nil // recorded before
	}
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		changed, err := t.InvoiceIssued(v.ID, data.IssuedInvoice{Number: is.InvoiceNumber, RandomCode: is.RandomNum,
			TransNo: is.InvoiceTransNo, At: is.CreateTime, Answer: providers.EzPayOK + " " + how})
		if err != nil || !changed || f.Shop == nil {
			return err
		}
		shop, err := f.Shop(ctx, v.BrandID)
		if err != nil {
			return err
		}
		rows := [][2]string{{storefront.TextOrderNumber, v.OrderNumber}}
		if v.Period > 0 {
			rows = append(rows, [2]string{storefront.TextChargedPeriod, fmt.Sprintf(storefront.TextPeriodN, v.Period)})
		} else { // the receipt's lines again: this mail is the receipt with its invoice
			for _, l := range v.Lines {
				rows = append(rows, lineRow(l.Name, l.Count, l.Price))
			}
		}
		rows = append(rows, [2]string{storefront.TextPaidAmount, "NT$" + rules.Thousands(v.Amount)},
			[2]string{storefront.TextInvoiceNumber, is.InvoiceNumber},
			[2]string{storefront.TextInvoiceDate, is.CreateTime.In(rules.Taipei).Format("2006-01-02")},
			[2]string{storefront.TextRandomCode, is.RandomNum})
		mailed = true
		return t.QueueMail(message(mail.InvoiceIssued(shop, v.BuyerEmail, v.BuyerName, v.OrderNumber, shop.Home+"orderResult/"+v.OrderNumber, rows)))
	})
	if err == nil && mailed && f.Queued != nil {
		f.Queued()
	}
	return err
}

// ezInvoice is invoice v as ezPay takes it, at now: the order's lines
// for the order, one line for a period or a second charge; a consumer's
// prices with tax, a company's without (rules.InvoiceLines).
func ezInvoice(v *data.Invoice, now time.Time) providers.EzInvoice {
	lines := v.Lines
	if v.Period > 0 || len(lines) == 0 {
		name := storefront.TextOrderPrefix + v.OrderNumber
		if len(v.Lines) > 0 {
			name = v.Lines[0].Name
		}
		if v.Period > 0 {
			name += " " + fmt.Sprintf(storefront.TextPeriodN, v.Period)
		}
		lines = []rules.InvoiceLine{{Name: name, Count: 1, Price: v.Amount}}
	}
	company := v.Choice.Kind == rules.InvoiceCompany
	out, sales, tax := rules.InvoiceLines(lines, company)
	inv := providers.EzInvoice{MerchantOrderNo: v.MerchantOrderNo, Company: company, BuyerName: v.BuyerName,
		BuyerEmail: v.BuyerEmail, Sales: sales, Tax: tax, Total: v.Amount, Now: now}
	for _, l := range out {
		inv.Items = append(inv.Items, providers.EzItem{Name: l.Name, Unit: storefront.TextInvoiceUnit, Count: l.Count, Price: l.Price, Amount: l.Total})
	}
	switch v.Choice.Kind {
	case rules.InvoiceMember: // the member's number is the carrier: not their e-mail, which may change
		inv.CarrierType, inv.CarrierNum = providers.CarrierEzPay, "M"+strconv.FormatInt(v.UserID, 10)
	case rules.InvoiceMobile:
		inv.CarrierType, inv.CarrierNum = providers.CarrierMobile, v.Choice.Code
	case rules.InvoiceCertificate:
		inv.CarrierType, inv.CarrierNum = providers.CarrierCertificate, v.Choice.Code
	case rules.InvoiceDonation:
		inv.LoveCode = v.Choice.Code
	case rules.InvoiceCompany:
		inv.BuyerName, inv.BuyerUBN = v.Choice.Title, v.Choice.Code
	}
	return inv
}

// UndoInvoice runs a JobUndoInvoice job (an outbox handler): the invoice
// of a refund is voided while its period's void window is open
// (rules.InvoiceUndo at the time the job runs; ezPay past its window
// answers LIB10008 and the allowance follows), else it gets an allowance
// of its amount. An invoice not issued yet is waited for (retried).
func (f *Flows) UndoInvoice(ctx context.Context, payload json.RawMessage) error {
	var j invoiceJob
	if err := json.Unmarshal(payload, &j); err != nil {
		return err
	}
	v, err := f.DB.InvoiceByID(ctx, j.ID)
	switch {
	case err != nil:
		return err
	case v.State == data.InvoiceIssuing:
		return errNotIssued
	case v.State == data.InvoiceVoided, v.State != data.InvoiceIssued && j.Amount == 0: // undone before
		return nil
	}
	amount := v.Amount
	if j.Amount > 0 && j.Amount < v.Amount {
		amount = j.Amount
	}
	cfg, err := f.ezpay(ctx, v.BrandID)
	if err != nil {
		return err
	}
	now := f.Now()
	is := providers.EzIssued{MerchantOrderNo: v.MerchantOrderNo, InvoiceNumber: v.Number, RandomNum: v.RandomCode,
		InvoiceTransNo: v.TransNo, Total: v.Amount}
	if amount == v.Amount && rules.InvoiceUndo(*v.IssuedAt, now) == rules.UndoVoid {
		at, err := cfg.Void(ctx, f.invoiceHTTP(), is, storefront.TextInvoiceVoidReason, now)
		switch {
		case err == nil:
			return f.undone(ctx, v, rules.InvoiceEventVoid, "", at, providers.EzPayOK+" voided")
		case providers.IsEzPay(err, providers.EzPayVoidedBefore): // its answer was lost
			return f.undone(ctx, v, rules.InvoiceEventVoid, "", now, providers.EzPayVoidedBefore+" voided before")
		case !providers.IsEzPay(err, providers.EzPayPastVoidWindow):
			return f.answered(ctx, v.ID, err)
		}
	}
	name := storefront.TextInvoiceVoidReason
	if len(v.Lines) > 0 {
		name = v.Lines[0].Name
	}
	a, err := cfg.Allowance(ctx, f.invoiceHTTP(), is, providers.EzItem{Name: name, Unit: storefront.TextInvoiceUnit, Count: 1, Price: amount, Amount: amount},
		v.BuyerEmail, now)
	switch {
	case providers.IsEzPay(err, providers.EzPayOverAllowance): // the whole amount was allowed before: its answer was lost
		return f.undone(ctx, v, rules.InvoiceEventAllow, "", now, providers.EzPayOverAllowance+" allowed before")
	case err != nil:
		return f.answered(ctx, v.ID, err)
	}
	return f.undone(ctx, v, rules.InvoiceEventAllow, a.AllowanceNo, now, providers.EzPayOK+" allowance")
}

// undone records ezPay's void or allowance (e) of invoice v as the
// invoice table moves it; a move the table refuses was recorded before.
func (f *Flows) undone(ctx context.Context, v *data.Invoice, e rules.InvoiceEvent, allowanceNo string, at time.Time, answer string) error {
	to, err := rules.InvoiceNext(v.State, e)
	if err != nil {
		return nil
	}
	return f.DB.InvoiceUndone(ctx, v.ID, v.State, to, allowanceNo, at, answer)
}
