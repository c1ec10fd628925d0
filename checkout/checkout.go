// Package checkout holds the purchase flows: precheck, order creation,
// handing the buyer to a payment provider, believing the provider's
// answer, and the recurring and deferred payments. Each is one use case
// that opens its own transaction (data.InTx), asks rules/ (the order state
// table of rules/order.go and the tables beside it), applies what they
// decided with data's Tx methods, and composes its mails into the outbox
// in that transaction; nothing slow (a provider's call) runs under a row
// lock. host's handlers are thin adapters over it. Amounts always come
// from the database; a provider's message is believed only after its
// signature and amount verify.
package checkout

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"storefront"
	"time"

	"storefront/data"
	"storefront/mail"
	"storefront/providers"
	"storefront/rules"
)

// Flows runs the purchase flows.
type Flows struct {
	DB  *data.DB
	Now func() time.Time
	// Merchants are the accounts each brand pays into at the providers
	// (merchants.go; nil: none, no payment way is offered).
	Merchants *Merchants
	// The deferred payments (ach.go, chailease.go): the sealer of the
	// account numbers and IDs ACH takes (nil: no ACH) and the client that
	// submits to the exchange (nil: a default).
	ACHSealer *ACHSealer
	ACHClient *http.Client
	// OrderTTL is how long an order waits for its payment before the
	// expiry worker expires it.
	OrderTTL time.Duration
	// Shop is the mail identity of a brand (its name, colour and home on
	// its trusted origin) that the flows' mails (receipt, a declined
	// period, a refunded charge) are composed with (nil: no mails); Queued
	// tells the outbox worker a mail waits (nil: none).
	Shop   func(ctx context.Context, brandID string) (mail.Brand, error)
	Queued func()
	Log    *slog.Logger
	// HTTP makes the server-to-server provider calls (nil: the providers'
	// default client).
	HTTP *http.Client
	// InvoiceHTTP is the client that calls ezPay, the brands' e-invoice
	// merchant of Merchants (nil: HTTP).
	InvoiceHTTP *http.Client
}

// Request is what a buyer asks for (host's CheckoutRequest).
type Request struct {
	// InApp: bought in the brand's app (its webview); without module
	// APP_ONLINE_PURCHASE refused, but for a debt (OrderKindOverdue),
	// which is paid wherever the member is.
	InApp      bool
	Kind       string // data.OrderKind…
	ItemType   string
	ItemID     int64
	CourseID   int64
	ScheduleID int64
	StoreID    int64
	Quantity   int
	Price      int // the unit price the page showed
	SalesmanID int64
	StartDate  string // CUSTOM: YYYY-MM-DD
	PayWay     string // "" in a precheck that does not know it yet
	Action     string // account checks by name ("" none)
	// A term order: the class of the term, a trial session when Trial.
	TermScheduleID, TermClassID int64
	Trial                       bool
	// An overdue order: the counting passcard whose debt it pays.
	CountingPasscardID int64
	// BookScheduleID: an item bought to book this session (the booking
	// panel's offer); a course seat books its ScheduleID.
	BookScheduleID int64
	// Invoice is the buyer's e-invoice choice (nil: the member carrier);
	// ignored where the brand issues no invoice (invoice.go).
	Invoice *rules.InvoiceChoice
}

// Quote is what a precheck found: what the order will be.
type Quote struct {
	Name           string
	UnitPrice      int
	Quantity       int
	Amount         int
	ActivationType string
	StartDate      string // CUSTOM and ADMIN_CUSTOM
	Contract       string // ContractNotNeeded, ContractSigned or ContractUnsigned
	line           data.NewOrderLine
	book           int64 // the session to book once paid (0: none)
}

// Contract states of an item for a member.
const (
	ContractNotNeeded = "notNeeded"
	ContractSigned    = "signed"
	ContractUnsigned  = "unsigned"
)

// PayWay is a payment way and its provider.
type PayWay struct {
	Code, Name, Provider string
}

// The payment ways, in the order a checkout offers them.
var (
	WayCard    = PayWay{data.PayWayCard, storefront.TextWayCard, data.ProviderNewebPay}
	WayLinePay = PayWay{data.PayWayLinePay, "LINE Pay", data.ProviderLinePay}
)

// accounts are brand brandID's merchant accounts (Merchants.Of), LINE
// Pay's calls made with f.HTTP.
func (f *Flows) accounts(ctx context.Context, brandID string) (providers.Accounts, error) {
	a, err := f.Merchants.Of(ctx, brandID)
	if a.LinePay.HTTP == nil {
		a.LinePay.HTTP = f.HTTP
	}
	return a, err
}

// PayWays are the ways each store of brand b accepts (one look at b's
// accounts for all of them): card when the brand has a NewebPay account,
// LINE Pay when the store has it and the brand a LINE Pay channel, then
// the deferred ways b's modules allow (deferredWays). A brand has an
// account of its own, or the platform's where the platform collects
// (Merchants).
func (f *Flows) PayWays(ctx context.Context, b *data.Brand) (func(st data.Store) []PayWay, error) {
	a, err := f.accounts(ctx, b.ID)
	if err != nil {
		return nil, err
	}
	return func(st data.Store) []PayWay {
		out := []PayWay{}
		if a.NewebPay.Configured() {
			out = append(out, WayCard)
		}
		if st.HasLinePay && a.LinePay.Configured() {
			out = append(out, WayLinePay)
		}
		return append(out, f.deferredWays(b, a)...)
	}, nil
}

// Store returns the brand's store id (CodeStoreNotFound otherwise).
func Store(b *data.Brand, id int64) (data.Store, error) {
	for _, st := range b.Stores {
		if st.ID == id {
			return st, nil
		}
	}
	return data.Store{}, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeStoreNotFound}
}

// ContractState says whether member u must sign a contract before buying
// item (nil for a course) in store: not needed when the brand lacks the
// E_CONTRACT module or no contract is attached to the item or the store;
// signed only when u signed the contract's newest version and the text
// signed is still that version's text (a changed or tampered template is
// unsigned again). Precheck refuses an unsigned one with
// CodeContractUnsigned (the please-sign dialog).
func (f *Flows) ContractState(ctx context.Context, b *data.Brand, u *data.User, item *data.Item, store data.Store) (string, error) {
	if !b.ModuleSet().Has(data.ModuleEContract) {
		return ContractNotNeeded, nil
	}
	var itemID int64
	if item != nil {
		itemID = item.ID
	}
	v, err := f.DB.ContractFor(ctx, b.ID, itemID, store.ID)
	if err != nil || v == nil {
		return ContractNotNeeded, err
	}
	rec, err := f.DB.SignedVersion(ctx, u.ID, v)
	if err != nil {
		return "", err
	}
	if rec == nil {
		return ContractUnsigned, nil
	}
	return ContractSigned, nil
}

// ContractNeeded says whether buying item asks for a signed contract in
// some store it is sold in (what the item page tells before checkout).
func (f *Flows) ContractNeeded(ctx context.Context, b *data.Brand, item *data.Item) (bool, error) {
	if !b.ModuleSet().Has(data.ModuleEContract) {
		return false, nil
	}
	for _, st := range b.Stores {
		if len(item.StoreIDs) > 0 && !slices.Contains(item.StoreIDs, st.ID) {
			continue
		}
		if v, err := f.DB.ContractFor(ctx, b.ID, item.ID, st.ID); err != nil || v != nil {
			return v != nil, err
		}
	}
	return false, nil
}

// MissingContact lists the brand's required contact fields member u has
// not filled.
func MissingContact(b *data.Brand, u *data.User) []string {
	out := []string{}
	for _, fd := range b.CustomFields {
		if fd.Required && u.CustomValues[fd.Key] == "" {
			out = append(out, fd.Label)
		}
	}
	return out
}

func refuse(kind storefront.Kind, code int, msg string) error {
	return &storefront.Error{Kind: kind, Code: code, Message: msg}
}

// Precheck checks, before any money moves, that member u may buy what req
// asks at the price the page showed: the item on the shelf and sold in the
// store (or the course and its store), the price unchanged, the quantity
// allowed, the member verified with complete contact info, plans enabled
// for a plan, the payment way accepted, the e-contract signed when one is
// needed, and the account checks req.Action names. Each refusal has its
// code (see host's CheckoutRequest).
func (f *Flows) Precheck(ctx context.Context, b *data.Brand, u *data.User, req Request) (*Quote, error) {
	mods := b.ModuleSet()
	now := f.Now()
	q := &Quote{Quantity: req.Quantity, Contract: ContractNotNeeded}
	if req.InApp && req.Kind != data.OrderKindOverdue && !mods.Has(data.ModuleAppOnlinePurchase) {
		return nil, storefront.ModuleClosed(storefront.TextFeatureAppPurchase)
	}
	store, err := Store(b, req.StoreID)
	if err != nil {
		return nil, err
	}
	var item *data.Item
	switch req.Kind {
	case data.OrderKindPlan, data.OrderKindItem:
		if req.Kind == data.OrderKindPlan && !mods.Has(data.ModuleFindPlan) {
			return nil, refuse(storefront.KindForbidden, storefront.CodePlanNotEnabled, "")
		}
		if !data.IsItemType(req.ItemType) || req.ItemID <= 0 {
			return nil, refuse(storefront.KindInvalid, storefront.CodeBadRequest, storefront.TextNoItem)
		}
		if !mods.SellsItem(req.ItemType) {
			return nil, storefront.ModuleClosed(itemFeature[req.ItemType])
		}
		if item, err = f.DB.Item(ctx, b.ID, req.ItemType, req.ItemID, rules.Day(now)); err != nil {
			return nil, offShelf(err)
		}
		if !item.OnShelf {
			return nil, refuse(storefront.KindNotFound, storefront.CodeItemOffShelf, "")
		}
		if len(item.StoreIDs) > 0 && !slices.Contains(item.StoreIDs, store.ID) {
			return nil, refuse(storefront.KindInvalid, storefront.CodeNotSoldInStore, "")
		}
		q.Name, q.UnitPrice, q.ActivationType = item.Name, item.Price, item.ActivationType
	case data.OrderKindCourse:
		if req.CourseID <= 0 {
			return nil, refuse(storefront.KindInvalid, storefront.CodeBadRequest, storefront.TextNoCourse)
		}
		c, err := f.DB.Course(ctx, b.ID, req.CourseID, now)
		if err != nil {
			return nil, offShelf(err)
		}
		if !mods.SellsCourse(c.PrivateCoach) {
			return nil, storefront.ModuleClosed(storefront.TextFeaturePrivateCoach)
		}
		if c.StoreID != store.ID {
			return nil, refuse(storefront.KindInvalid, storefront.CodeNotSoldInStore, storefront.TextCourseNotInStore)
		}
		if req.ScheduleID != 0 && !slices.ContainsFunc(c.ScheduleList, func(s data.Schedule) bool { return s.ScheduleID == req.ScheduleID }) {
			return nil, refuse(storefront.KindInvalid, storefront.CodeBadRequest, storefront.TextNoSuchSession)
		}
		q.Name, q.UnitPrice, q.ActivationType = c.CourseName, c.MinPrice, ""
		if mods.Has(data.ModuleBooking) {
			q.book = req.ScheduleID
		}
	case data.OrderKindTerm:
		if err := f.termLine(ctx, b, u, req, store, q); err != nil {
			return nil, err
		}
	case data.OrderKindOverdue:
		if err := f.overdueLine(ctx, b, u, req, q); err != nil {
			return nil, err
		}
	default:
		return nil, refuse(storefront.KindInvalid, storefront.CodeBadRequest, storefront.TextKindUnknown+rules.Truncate(req.Kind, 20))
	}
	if req.Price != q.UnitPrice {
		return nil, refuse(storefront.KindConflict, storefront.CodePriceChanged, data.PriceChangedMessage(q.UnitPrice))
	}
	if err := rules.CheckQuantity(req.Kind == data.OrderKindCourse, mods.Has(data.ModuleMultiBooking), req.Quantity); err != nil {
		return nil, refuse(storefront.KindInvalid, storefront.CodeQuantityNotAllowed, err.Error())
	}
	q.Amount = q.UnitPrice * q.Quantity
	if !u.EmailVerified {
		return nil, refuse(storefront.KindForbidden, storefront.CodeEmailNotVerified, storefront.TextVerifyEmailFirst)
	}
	if missing := MissingContact(b, u); len(missing) > 0 {
		return nil, refuse(storefront.KindInvalid, storefront.CodeContactIncomplete, fmt.Sprintf(storefront.TextContactMissing, joinLabels(missing)))
	}
	var start rules.TaipeiDay
	if item != nil {
		if start, err = rules.CheckoutStart(item.ActivationType, rules.DayOf(now), req.StartDate, item.AdminStartDate); err != nil {
			return nil, refuse(storefront.KindInvalid, storefront.CodeBadRequest, err.Error())
		}
		if !start.IsZero() {
			q.StartDate = start.String()
		}
	}
	if req.SalesmanID != 0 {
		if err := f.checkSalesman(ctx, b, store, req.SalesmanID); err != nil {
			return nil, err
		}
	}
	if req.PayWay != "" {
		if _, err := f.payWay(ctx, b, store, req.PayWay); err != nil {
			return nil, err
		}
	}
	if req.PayWay == data.PayWayRecurring {
		if err := recurringFits(item, req.Quantity); err != nil {
			return nil, err
		}
	}
	if req.Kind != data.OrderKindOverdue { // a debt is paid whatever the store's contract
		if q.Contract, err = f.ContractState(ctx, b, u, item, store); err != nil {
			return nil, err
		}
	}
	if q.Contract == ContractUnsigned {
		return nil, refuse(storefront.KindForbidden, storefront.CodeContractUnsigned, "")
	}
	if err := f.accountChecks(ctx, b, u, req); err != nil {
		return nil, err
	}
	if item != nil && req.BookScheduleID != 0 {
		if err := f.itemBooks(ctx, b, item, req); err != nil {
			return nil, err
		}
		q.book = req.BookScheduleID
	}
	q.line = data.NewOrderLine{ItemType: req.ItemType, ItemID: req.ItemID, CourseID: req.CourseID, ScheduleID: req.ScheduleID,
		StoreID: store.ID, SalesmanID: req.SalesmanID, Quantity: req.Quantity, ShownPrice: req.Price, StartOn: start}
	switch req.Kind {
	case data.OrderKindTerm:
		q.line = data.NewOrderLine{TermScheduleID: req.TermScheduleID, TermClassID: req.TermClassID, Trial: req.Trial,
			StoreID: store.ID, SalesmanID: req.SalesmanID, Quantity: 1, ShownPrice: req.Price}
	case data.OrderKindOverdue:
		q.line = data.NewOrderLine{CountingPasscardID: req.CountingPasscardID, StoreID: store.ID, Quantity: 1, ShownPrice: req.Price}
	case data.OrderKindCourse:
		q.line.ItemType, q.line.ItemID = "", 0
	default:
		q.line.CourseID, q.line.ScheduleID = 0, 0
	}
	return q, nil
}

// itemFeature names the feature of an item type's module
// (data.Modules.SellsItem) in its refusal.
var itemFeature = map[string]string{
	data.ItemPasscard:         storefront.TextFeatureOnlinePasscard,
	data.ItemQuantityPasscard: storefront.TextFeatureOnlinePasscard,
	data.ItemPoint:            storefront.TextFeatureOnlineCustomerPoint,
}

// itemBooks checks that buying req's quantity of item can pay for the
// session req names to book: the brand's, bookable, and of a kind, store
// and cost the item covers.
func (f *Flows) itemBooks(ctx context.Context, b *data.Brand, item *data.Item, req Request) error {
	if !b.ModuleSet().Has(data.ModuleBooking) {
		return storefront.ModuleClosed(storefront.TextFeatureBooking)
	}
	ss, err := f.DB.Sessions(ctx, b.ID, []int64{req.BookScheduleID})
	if err != nil {
		return err
	}
	if len(ss) == 0 {
		return refuse(storefront.KindInvalid, storefront.CodeBadRequest, storefront.TextSessionNotFound)
	}
	if !b.ModuleSet().SellsCourse(ss[0].PrivateCoach) {
		return storefront.ModuleClosed(storefront.TextFeaturePrivateCoach)
	}
	if rules.PurchasePays(item.Entitlement(ss[0].StoreID, req.Quantity), ss[0].Session) != rules.PayOK {
		return refuse(storefront.KindInvalid, storefront.CodeBadRequest, storefront.TextItemCannotBook)
	}
	return nil
}

// offShelf turns an item or course not found into the commodity-not-found
// refusal.
func offShelf(err error) error {
	if storefront.ErrorKind(err) == storefront.KindNotFound {
		return refuse(storefront.KindNotFound, storefront.CodeItemOffShelf, storefront.AsError(err).Message)
	}
	return err
}

func joinLabels(l []string) string {
	s := ""
	for i, v := range l {
		if i > 0 {
			s += "、"
		}
		s += v
	}
	return s
}

// checkSalesman checks that salesman id is an active salesman of the brand
// for store.
func (f *Flows) checkSalesman(ctx context.Context, b *data.Brand, store data.Store, id int64) error {
	list, err := f.DB.Salesmen(ctx, b.ID, store.ID)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(list, func(s data.Salesman) bool { return s.SalesmanID == id }) {
		return refuse(storefront.KindInvalid, storefront.CodeBadRequest, storefront.TextNoSalesman)
	}
	return nil
}

// payWay returns the payment way code names if store accepts it.
func (f *Flows) payWay(ctx context.Context, b *data.Brand, store data.Store, code string) (PayWay, error) {
	waysOf, err := f.PayWays(ctx, b)
	if err != nil {
		return PayWay{}, err
	}
	ways := waysOf(store)
	if code == data.PayWayRecurring && slices.Contains(ways, WayCard) { // by item: Precheck's recurringFits
		return WayRecurring, nil
	}
	for _, w := range ways {
		if w.Code == code {
			return w, nil
		}
	}
	return PayWay{}, refuse(storefront.KindInvalid, storefront.CodePayWayNotAccepted, "")
}

// Account checks by action name (spec section 5: "checks by action
// name"): each refuses what the action does not allow this member.
var accountCheckNames = []string{"", "trial"}

func (f *Flows) accountChecks(ctx context.Context, b *data.Brand, u *data.User, req Request) error {
	switch req.Action {
	case "":
		return nil
	case "trial": // a trial is bought once
		n, err := f.DB.PaidOrdersOf(ctx, u.ID, req.ItemID, req.CourseID)
		if err != nil {
			return err
		}
		if n > 0 {
			return refuse(storefront.KindConflict, storefront.CodeQuantityNotAllowed, storefront.TextTrialOnce)
		}
		return nil
	}
	return refuse(storefront.KindInvalid, storefront.CodeBadRequest, fmt.Sprintf(storefront.TextUnknownAction, fmt.Sprint(accountCheckNames[1:])))
}

// CreateOrder prechecks req for member u and creates the order, its
// amount read from the database in the same transaction. The payment way
// must be one the store accepts.
func (f *Flows) CreateOrder(ctx context.Context, b *data.Brand, u *data.User, req Request) (*data.Order, error) {
	if req.PayWay == "" {
		return nil, refuse(storefront.KindInvalid, storefront.CodePayWayNotAccepted, storefront.TextChoosePayWay)
	}
	q, err := f.Precheck(ctx, b, u, req)
	if err != nil {
		return nil, err
	}
	store, _ := Store(b, req.StoreID)
	way, err := f.payWay(ctx, b, store, req.PayWay)
	if err != nil {
		return nil, err
	}
	if way.Code == data.PayWayACH { // needs the authorisation form: PayByACH
		return nil, refuse(storefront.KindInvalid, storefront.CodeACHInvalid, storefront.TextACHNeedsForm)
	}
	invoice, err := invoiceChoice(b, req.Invoice)
	if err != nil {
		return nil, err
	}
	now := f.Now()
	var o *data.Order
	err = f.DB.InTx(ctx, func(t *data.Tx) (err error) {
		o, err = t.CreateOrder(data.NewOrder{BrandID: b.ID, UserID: u.ID, Kind: req.Kind, PayWay: way.Code,
			Provider: way.Provider, ExpiresAt: rules.OrderExpiry(now, f.OrderTTL), Lines: []data.NewOrderLine{q.line},
			BookScheduleID: q.book, Invoice: invoice}, now)
		return err
	})
	return o, err
}
