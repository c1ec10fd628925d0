package host

import (
	"context"
	"encoding/json"
	"net/http"

	"storefront/checkout"
	"storefront/host/config"
	"storefront/outbox"
	"storefront/providers"
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

// invoiceRoutes serves ezPay's sandbox at /dev/ezpay/ (its page lists the
// invoices it issued).
func (s *Server) invoiceRoutes(mux *routeMux) {
	if s.ezpaySandbox != nil {
		mux.Handle("/dev/ezpay/", http.StripPrefix("/dev/ezpay", s.ezpaySandbox))
	}
}

// ezpayFor is the ezPay merchant of a brand: the configured one for
// every brand (the one place to ask per brand).
func (s *Server) ezpayFor(_ context.Context, _ string) (providers.EzPayConfig, error) {
	return s.cfg.EzPay, nil
}

// handleInvoiceJobs has w issue and undo the invoices.
func (s *Server) handleInvoiceJobs(w *outbox.Worker) {
	w.Handle(checkout.JobIssueInvoice, func(ctx context.Context, p json.RawMessage) error { return s.checkout.IssueInvoice(ctx, p) })
	w.Handle(checkout.JobUndoInvoice, func(ctx context.Context, p json.RawMessage) error { return s.checkout.UndoInvoice(ctx, p) })
}
