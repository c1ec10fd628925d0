package host

import (
	"storefront/checkout"
	"storefront/host/config"
	"storefront/providers"
)

// merchants are the merchant accounts each brand pays into: its own,
// sealed with STOREFRONT_CREDENTIALS_KEY (`storefront brand credentials`),
// else the platform's (the environment's) where the platform collects for
// the studios (dev, the demo, STOREFRONT_PLATFORM_COLLECTS=1); in dev the
// demo brands of config.SandboxBrands have sandbox merchants of their own.
func (s *Server) merchants() *checkout.Merchants {
	m := &checkout.Merchants{DB: s.db, Now: s.now, PlatformCollects: s.cfg.PlatformCollects}
	if len(s.cfg.CredentialsKey) == 32 {
		m.Sealer, _ = providers.NewSealer(s.cfg.CredentialsKey)
	}
	sb := s.cfg.Sandboxes()
	m.Platform = func(brandID string) providers.Accounts {
		a := s.cfg.Accounts
		own, ok := config.SandboxBrands[brandID]
		if ok && sb.NewebPay {
			own.NewebPay.URL = a.NewebPay.URL
			a.NewebPay = own.NewebPay
		}
		if ok && sb.LinePay {
			own.LinePay.URL, own.LinePay.HTTP = a.LinePay.URL, a.LinePay.HTTP
			a.LinePay = own.LinePay
		}
		return a
	}
	return m
}

// addSandboxMerchants gives the dev sandboxes the demo brands' own
// merchants beside the platform's.
func (s *Server) addSandboxMerchants() {
	for _, a := range config.SandboxBrands {
		if s.newebpaySandbox != nil {
			s.newebpaySandbox.AddMerchant(a.NewebPay)
		}
		if s.linepaySandbox != nil {
			s.linepaySandbox.AddChannel(a.LinePay.ChannelID, a.LinePay.ChannelSecret)
		}
	}
}
