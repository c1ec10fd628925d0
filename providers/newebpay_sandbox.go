package providers

import (
	"net/http"
)

// NewebPaySandbox is a local stand-in for the MPG gateway (an
// http.Handler; the host mounts it at /dev/newebpay/, prefix stripped).
type NewebPaySandbox struct {
	n      NewebPay
	client *http.Client
}

// NewNewebPaySandbox is a sandbox of the gateway of merchant n; client
// sends its notifications (nil: a client with a 20 s timeout).
func NewNewebPaySandbox(n NewebPay, client *http.Client) *NewebPaySandbox {
	if client == nil {
		client = defaultClient
	}
	return &NewebPaySandbox{n: n, client: client}
}

func (s *NewebPaySandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "not yet", http.StatusNotImplemented)
}
