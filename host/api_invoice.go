package host

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"

	"storefront/checkout"
	"storefront/data"
	"storefront/host/config"
	"storefront/outbox"
	"storefront/providers"
	"storefront/rules"
)

// E-invoices: the brands with the INVOICE module issue an ezPay invoice
// for every payment (checkout/invoice.go), through the outbox's jobs.

// mountInvoiceSandbox makes ezPay's local sandbox (dev, EZPAY_ unset).
func (s *Server) mountInvoiceSandbox(sb config.SandboxUse) {
	if sb.EzPay {
		s.ezpaySandbox = providers.NewEzPaySandbox(s.cfg.EzPay)
		s.ezpaySandbox.Now = s.now
	}
}

// invoiceFlows gives the purchase flows ezPay's sandbox in this process
// when it stands in.
func (s *Server) invoiceFlows(f *checkout.Flows) {
	if s.ezpaySandbox != nil {
		f.InvoiceHTTP = &http.Client{Transport: sandboxTransport{s.ezpaySandbox}}
	}
}

// invoiceRoutes serves ezPay's sandbox at /dev/ezpay/ (its page lists the
// invoices it issued).
func (s *Server) invoiceRoutes(mux *routeMux) {
	if s.ezpaySandbox != nil {
		mux.Handle("/dev/ezpay/", http.StripPrefix("/dev/ezpay", s.ezpaySandbox))
	}
}

// sandboxTransport takes the flows' calls to ezPay's sandbox to its
// handler in this process (no socket: the sandbox's URL is the public
// origin's, which a test server does not listen on); a sandbox that
// hangs up is a closed connection.
type sandboxTransport struct{ h http.Handler }

func (t sandboxTransport) RoundTrip(r *http.Request) (resp *http.Response, err error) {
	defer func() {
		if p := recover(); p != nil {
			resp, err = nil, errors.New("ezPay sandbox: connection closed without an answer")
		}
	}()
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, err
	}
	in := httptest.NewRequestWithContext(r.Context(), r.Method, r.URL.String(), bytes.NewReader(body))
	in.Header = r.Header.Clone()
	w := httptest.NewRecorder()
	http.StripPrefix("/dev/ezpay", t.h).ServeHTTP(w, in)
	return w.Result(), nil
}

// invoiceOffer is the e-invoice choice a checkout offers member userID
// first: their last, else the member carrier; nil where brand b issues
// no invoice here (the checkout asks nothing).
func (s *Server) invoiceOffer(ctx context.Context, b *data.Brand, userID int64) (*rules.InvoiceChoice, error) {
	if !b.ModuleSet().Has(data.ModuleInvoice) {
		return nil, nil
	}
	c, err := s.db.InvoiceChoice(ctx, userID)
	if c == nil && err == nil {
		c = &rules.InvoiceChoice{Kind: rules.InvoiceMember}
	}
	return c, err
}

// handleInvoiceJobs has w issue and undo the invoices.
func (s *Server) handleInvoiceJobs(w *outbox.Worker) {
	w.Handle(checkout.JobIssueInvoice, func(ctx context.Context, p json.RawMessage) error { return s.checkout.IssueInvoice(ctx, p) })
	w.Handle(checkout.JobUndoInvoice, func(ctx context.Context, p json.RawMessage) error { return s.checkout.UndoInvoice(ctx, p) })
}
