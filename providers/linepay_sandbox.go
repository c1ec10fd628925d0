package providers

import (
	"net/http"
)

// LinePaySandbox is a local stand-in for LINE Pay Online API v3 (an
// http.Handler; the host mounts it at /dev/linepay/, prefix stripped).
type LinePaySandbox struct {
	channelID, secret string
}

// NewLinePaySandbox is a sandbox of the channel channelID with secret.
func NewLinePaySandbox(channelID, secret string) *LinePaySandbox {
	return &LinePaySandbox{channelID: channelID, secret: secret}
}

func (s *LinePaySandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "not yet", http.StatusNotImplemented)
}
