package e2e

import (
	"net"
)

// extraEnv is configuration the browser tests add to the storefront's.
func extraEnv() map[string]string {
	return map[string]string{"STOREFRONT_CHECKIN_SCANNER_TOKEN": scannerToken}
}

func splitPort(addr string) (string, string, error) { return net.SplitHostPort(addr) }
