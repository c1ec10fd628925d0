package host

import (
	"context"

	"storefront/providers"
)

// lineBot is brand brandID's LINE Messaging API channel (outbox.LineChannel);
// a channel of the dev sandbox uses the sandbox's client.
func (s *Server) lineBot(ctx context.Context, brandID string) (providers.LineBot, bool, error) {
	a, err := s.merchants().Of(ctx, brandID)
	if err != nil {
		return providers.LineBot{}, false, err
	}
	ch := a.LineBot
	if ch.HTTP == nil && ch.URL == s.cfg.LineBot.URL {
		ch.HTTP = s.cfg.LineBot.HTTP
	}
	return ch, ch.Configured(), nil
}
