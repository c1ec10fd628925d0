package host

import (
	"context"
	"io"
	"net/http"
	"storefront"

	"storefront/checkout"
	"storefront/data"
	"storefront/host/config"
	"storefront/host/wire"
	"storefront/providers"
	"storefront/rules"
)

// The deferred payments' calls (spec section 7): ACH bank debit
// and Chailease instalments, thin adapters over package checkout; their
// providers' callbacks are on the trusted public origin.

const (
	// achNotifyPath is where the ACH exchange posts the bank's answers
	// (server to server, signed).
	achNotifyPath = "/api/payment/ach/notify"
	// chaileaseResultPath is Chailease's returnUrl (the browser's GET) and
	// notifyUrl (the provider's POST), both signed (spec section 7).
	chaileaseResultPath = "/api/payment/chailease/result"
)

// deferredRoutes adds the deferred payments' routes and, in dev, their
// sandboxes.
func (s *Server) deferredRoutes(mux *routeMux) {
	mux.Handle("POST /api/brand/{brandId}/sale/ach/payment", s.api(s.apiACHPayment))
	mux.Handle("POST /api/brand/{brandId}/sale/chailease/payment", s.api(s.apiChaileasePayment))
	// achNotifyPath and chaileaseResultPath, exempt from sameOrigin: their
	// signature is their proof
	mux.HandleFunc("POST /api/payment/ach/notify", s.achNotify)
	mux.HandleFunc("POST /api/payment/chailease/result", s.chaileaseNotify)
	mux.HandleFunc("GET /api/payment/chailease/result", s.chaileaseReturn)
	if s.achSandbox != nil {
		mux.Handle("/dev/ach/", http.StripPrefix("/dev/ach", s.achSandbox))
	}
	if s.chaileaseSandbox != nil {
		mux.Handle("/dev/chailease/", http.StripPrefix("/dev/chailease", s.chaileaseSandbox))
	}
}

// mountDeferredSandboxes makes the deferred providers' local sandboxes
// (dev, providers unset).
func (s *Server) mountDeferredSandboxes(sb config.SandboxUse) {
	if sb.ACH {
		s.achSandbox = providers.NewACHSandbox(s.cfg.ACH, s.sandboxClient)
		s.achSandbox.Now = s.now
	}
	if sb.Chailease {
		s.chaileaseSandbox = providers.NewChaileaseSandbox(s.cfg.Chailease, s.sandboxClient)
		s.chaileaseSandbox.Now = s.now
	}
}

// deferredFlows gives the purchase flows the deferred providers' client
// and the ACH sealer.
func (s *Server) deferredFlows(f *checkout.Flows) {
	f.ACHClient = s.sandboxClient
	if len(s.cfg.ACHKey) == 32 {
		f.ACHSealer, _ = checkout.NewACHSealer(s.cfg.ACHKey)
	}
}

// POST /api/brand/{brandId}/sale/ach/payment: the purchase with the
// member's ACH authorisation. The order is made with the authorisation
// sealed and submitted to the bank; it awaits the bank's answer, so the
// answer names the order result page (no payment page: paymentUrl ”).
func (s *Server) apiACHPayment(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.ACHPaymentRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	b, err := s.brand(r.Context(), r.PathValue("brandId"), checkoutRoute(req.Kind))
	if err != nil {
		return nil, err
	}
	m, err := s.apiMember(w, r, b)
	if err != nil {
		return nil, err
	}
	if !req.AcceptTerms {
		return nil, badRequest(storefront.TextAcceptPurchaseTerms)
	}
	req.PayWay = data.PayWayACH
	o, err := s.checkout.PayByACH(r.Context(), b, m.user, checkout.ACHRequest{Request: checkoutFlow(r, req.CheckoutRequest),
		Form:          rules.ACHForm{BankCode: req.BankCode, BranchCode: req.BranchCode, Account: req.Account, HolderName: req.HolderName, HolderID: req.HolderID},
		AgreementHash: req.AgreementHash}, s.cfg.PublicURL+achNotifyPath)
	if err != nil {
		return nil, err
	}
	base := apiBasePath(s.siteOf(r), b)
	return &wire.PaymentAnswer{OrderNo: o.Number, Amount: o.Amount, ResultURL: resultPath(base, o)}, nil
}

// POST /api/brand/{brandId}/sale/chailease/payment: sale/payment by
// Chailease instalments: the payment page sends the buyer to Chailease.
func (s *Server) apiChaileasePayment(w http.ResponseWriter, r *http.Request) (any, error) {
	return s.pay(w, r, data.PayWayChailease)
}

// maxACHAnswer caps an ACH answer's body.
const maxACHAnswer = 16 << 10

// POST /api/payment/ach/notify: the bank's answer through the ACH
// exchange. Believed only when its signature, merchant and reference
// verify; 200 once applied (or applied before), 4xx refused, 5xx when we
// could not record it (the exchange sends it again).
func (s *Server) achNotify(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxACHAnswer))
	if err != nil {
		http.Error(w, storefront.TextBadForm, http.StatusBadRequest)
		return
	}
	if _, err := s.checkout.ApplyACHAnswer(r.Context(), body, r.Header.Get(providers.ACHSignatureHeader)); err != nil {
		s.providerRefused(w, r, "ACH answer", err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("OK"))
}

// providerRefused answers a provider's message (or the buyer's return)
// that was not applied: 4xx for a verified refusal, 5xx, logged, when it
// could not be judged for our own fault (the provider sends it again; a
// 503 tells a browser when to reload).
func (s *Server) providerRefused(w http.ResponseWriter, r *http.Request, what string, err error) {
	f := classify(err)
	if f.Status >= 500 {
		s.log.Error(what, "request_id", requestIDOf(r), "err", err)
	}
	if f.Status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "5")
	}
	http.Error(w, f.Message, f.Status)
}

// POST /api/payment/chailease/result: Chailease's notification (server to
// server), applied like the return.
func (s *Server) chaileaseNotify(w http.ResponseWriter, r *http.Request) {
	form, ok := providerForm(w, r)
	if !ok {
		return
	}
	if _, err := s.checkout.ApplyChaileaseResult(r.Context(), form, checkout.KindNotify); err != nil {
		s.providerRefused(w, r, "Chailease notify", err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("OK"))
}

// GET /api/payment/chailease/result?…&signature=: the buyer back from
// Chailease. Applied like the notification (either may come first), then
// 303 to the order's result page on the brand's trusted origin.
func (s *Server) chaileaseReturn(w http.ResponseWriter, r *http.Request) {
	o, err := s.checkout.ApplyChaileaseResult(r.Context(), r.URL.Query(), checkout.KindReturn)
	if o == nil {
		s.providerRefused(w, r, "Chailease return", err)
		return
	}
	s.toResult(w, r, o)
}

// deferredResult is what the result page shows of order o's deferred
// payment (nil for the other ways).
func (s *Server) deferredResult(ctx context.Context, o *data.Order) (*wire.DeferredResult, error) {
	switch o.PayWay {
	case data.PayWayACH:
		m, err := s.checkout.ACHMandate(ctx, o.Number)
		if err != nil {
			return nil, err
		}
		return &wire.DeferredResult{ACH: &wire.ACHMandate{BankCode: m.BankCode, BranchCode: m.BranchCode, Account: m.Account,
			HolderName: m.HolderName, HolderID: m.HolderID, State: m.State, Reason: m.Reason}}, nil
	case data.PayWayChailease:
		n, err := s.db.Instalments(ctx, o.Number)
		return &wire.DeferredResult{Instalments: n}, err
	}
	return nil, nil
}

// achAgreement is the agreement the checkout page shows when one of its
// stores offers ACH.
func achAgreement(stores []wire.CheckoutStore) *wire.ACHAgreement {
	for _, st := range stores {
		for _, w := range st.PayWays {
			if w.PayWay == data.PayWayACH {
				return &wire.ACHAgreement{Text: checkout.ACHAgreementText, Hash: checkout.ACHAgreementHash}
			}
		}
	}
	return nil
}
